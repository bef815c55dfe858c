import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceStaff } from '@rian/proto-contracts/catalog-commerce';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckField } from '@/components/ui/check-field';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Spinner } from '@/components/ui/spinner';
import { formatTHB } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { usePrices, useRemovePrice, useRestorePrice } from '../api/prices';
import { ConfirmDelete } from './confirm-delete';
import { DateRange } from './date-range';
import { PriceDialog } from './price-dialog';

/** A product's prices: add, edit, remove (soft) and put back on sale. */
export function ProductPrices({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [includeRemoved, setIncludeRemoved] = useState(false);
  const prices = usePrices(productId, includeRemoved);
  const remove = useRemovePrice();
  const restore = useRestorePrice();
  const [editing, setEditing] = useState<PriceStaff | 'new' | null>(null);
  const [removing, setRemoving] = useState<PriceStaff | null>(null);

  const columns: Column<PriceStaff>[] = [
    { key: 'type', label: t('catalogAdmin.prices.type'), render: (p) => p.type },
    { key: 'member', label: t('catalogAdmin.prices.member'), render: (p) => p.member },
    {
      key: 'title',
      label: t('catalogAdmin.prices.title'),
      render: (p) => (
        <>
          {p.title}
          {p.removed === 'Y' && (
            <span className="badge badge--failed catalog-badge" data-testid="price-removed">
              {t('catalogAdmin.prices.removed')}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'value',
      label: t('catalogAdmin.prices.value'),
      className: 'table__nowrap',
      render: (p) => formatTHB(p.value),
    },
    {
      key: 'window',
      label: t('catalogAdmin.window'),
      render: (p) => <DateRange start={p.start} to={p.to} />,
    },
    { key: 'show', label: t('catalogAdmin.prices.showShort'), render: (p) => p.show },
    { key: 'fee', label: t('catalogAdmin.prices.feeShort'), render: (p) => p.fee },
    {
      key: 'actions',
      label: t('catalogAdmin.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (p) =>
        p.removed === 'Y' ? (
          <Button
            variant="secondary"
            size="sm"
            loading={restore.isPending && restore.variables?.id === p.id}
            onClick={() => restore.mutate({ productId, id: p.id })}
            data-testid="price-restore"
          >
            {t('catalogAdmin.prices.restore')}
          </Button>
        ) : (
          <>
            <Button variant="secondary" size="sm" onClick={() => setEditing(p)} data-testid="price-edit">
              {t('catalogAdmin.edit')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setRemoving(p)} data-testid="price-delete">
              {t('catalogAdmin.delete')}
            </Button>
          </>
        ),
    },
  ];

  return (
    <section className="catalog-panel" aria-label={t('catalogAdmin.product.tabs.prices')}>
      <div className="catalog-panel__bar">
        <CheckField
          label={t('catalogAdmin.prices.includeRemoved')}
          checked={includeRemoved}
          onChange={(e) => setIncludeRemoved(e.target.checked)}
          data-testid="prices-include-removed"
        />
        <Button size="sm" onClick={() => setEditing('new')} data-testid="price-new">
          {t('catalogAdmin.prices.new')}
        </Button>
      </div>
      {prices.isError && <Alert>{problemText(prices.error, language)}</Alert>}
      {restore.isError && <Alert>{problemText(restore.error, language)}</Alert>}
      {prices.isPending && !prices.isError && <Spinner label={t('admin.loading')} />}
      {prices.data && prices.data.items.length === 0 && <p>{t('catalogAdmin.prices.empty')}</p>}
      {prices.data && prices.data.items.length > 0 && (
        <DataTable
          columns={columns}
          rows={prices.data.items}
          rowKey={(p) => p.id}
          testId="prices"
          rowClassName={(p) => (p.removed === 'Y' ? 'is-removed' : undefined)}
        />
      )}
      {editing && (
        <PriceDialog
          productId={productId}
          price={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDelete
        target={removing}
        title={t('catalogAdmin.prices.deleteTitle')}
        description={(p) => t('catalogAdmin.prices.deleteText', { title: p.title, member: p.member })}
        onClose={() => setRemoving(null)}
        onConfirm={(p) => remove.mutateAsync({ productId, id: p.id })}
      />
    </section>
  );
}

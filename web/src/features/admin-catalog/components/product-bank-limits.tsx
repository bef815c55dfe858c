import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankLimitStaff } from '@rian/proto-contracts/catalog-content';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Spinner } from '@/components/ui/spinner';
import { formatTHB } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useBankAccountChoices, useBankLimits, useDeleteBankLimit } from '../api/bank-accounts';
import { BankLimitDialog } from './bank-limit-dialog';
import { ConfirmDelete } from './confirm-delete';

/** Which bank accounts take transfers for this product, and up to how much (none: every account). */
export function ProductBankLimits({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const limits = useBankLimits(productId);
  const accounts = useBankAccountChoices();
  const remove = useDeleteBankLimit();
  const [editing, setEditing] = useState<BankLimitStaff | 'new' | null>(null);
  const [removing, setRemoving] = useState<BankLimitStaff | null>(null);
  const limited = new Set(limits.data?.items.map((l) => l.bankAccountId));
  const available = accounts.data?.items.filter((a) => !limited.has(a.id)) ?? [];

  const columns: Column<BankLimitStaff>[] = [
    {
      key: 'account',
      label: t('catalogAdmin.bankLimits.account'),
      render: (l) => (
        <>
          {l.bankAccount.bankName}
          <span className="table__sub">
            {l.bankAccount.account} {l.bankAccount.accountName ?? ''}
          </span>
        </>
      ),
    },
    {
      key: 'total',
      label: t('catalogAdmin.bankLimits.total'),
      className: 'table__nowrap',
      render: (l) => formatTHB(l.total),
    },
    {
      key: 'max',
      label: t('catalogAdmin.bankLimits.max'),
      className: 'table__nowrap',
      render: (l) => formatTHB(l.max),
    },
    {
      key: 'status',
      label: t('catalogAdmin.bankLimits.status'),
      render: (l) => (
        <span className={l.status === 'active' ? 'badge badge--sent' : 'badge badge--failed'}>
          {t(`catalogAdmin.bankLimits.statuses.${l.status}`)}
        </span>
      ),
    },
    {
      key: 'actions',
      label: t('catalogAdmin.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (l) => (
        <>
          <Button variant="secondary" size="sm" onClick={() => setEditing(l)} data-testid="bank-limit-edit">
            {t('catalogAdmin.edit')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setRemoving(l)} data-testid="bank-limit-delete">
            {t('catalogAdmin.delete')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <section className="catalog-panel" aria-label={t('catalogAdmin.product.tabs.bankLimits')}>
      <div className="catalog-panel__bar">
        <p className="admin__lead">{t('catalogAdmin.bankLimits.lead')}</p>
        <Button
          size="sm"
          onClick={() => setEditing('new')}
          disabled={available.length === 0}
          data-testid="bank-limit-new"
        >
          {t('catalogAdmin.bankLimits.new')}
        </Button>
      </div>
      {limits.isError && <Alert>{problemText(limits.error, language)}</Alert>}
      {limits.isPending && !limits.isError && <Spinner label={t('admin.loading')} />}
      {limits.data && limits.data.items.length === 0 && <p>{t('catalogAdmin.bankLimits.empty')}</p>}
      {limits.data && limits.data.items.length > 0 && (
        <DataTable columns={columns} rows={limits.data.items} rowKey={(l) => l.id} testId="bank-limits" />
      )}
      {editing && (
        <BankLimitDialog
          productId={productId}
          limit={editing === 'new' ? null : editing}
          accounts={available}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDelete
        target={removing}
        title={t('catalogAdmin.bankLimits.deleteTitle')}
        description={(l) =>
          t('catalogAdmin.bankLimits.deleteText', {
            bank: l.bankAccount.bankName,
            account: l.bankAccount.account,
          })
        }
        onClose={() => setRemoving(null)}
        onConfirm={(l) => remove.mutateAsync(l.id)}
      />
    </section>
  );
}

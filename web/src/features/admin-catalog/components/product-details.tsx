import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailListStaff, DetailTypeStaff } from '@rian/proto-contracts/catalog-content';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Spinner } from '@/components/ui/spinner';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useDeleteDetailList, useDeleteDetailType, useDetailLists, useDetailTypes } from '../api/details';
import { Thumb } from './catalog-image-field';
import { ConfirmDelete } from './confirm-delete';
import { DetailListDialog } from './detail-list-dialog';
import { DetailTypeDialog } from './detail-type-dialog';

/** The tabs of the product page: this product's items under each tab, and the tab names themselves. */
export function ProductDetails({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const types = useDetailTypes();
  const lists = useDetailLists(productId);
  const deleteList = useDeleteDetailList();
  const deleteType = useDeleteDetailType();
  const [editing, setEditing] = useState<DetailListStaff | 'new' | null>(null);
  const [removing, setRemoving] = useState<DetailListStaff | null>(null);
  const [editingType, setEditingType] = useState<DetailTypeStaff | 'new' | null>(null);
  const [removingType, setRemovingType] = useState<DetailTypeStaff | null>(null);
  const typeList = types.data?.items ?? [];
  const tabName = (id: string) => typeList.find((x) => x.id === id)?.tabName ?? '–';

  const listColumns: Column<DetailListStaff>[] = [
    { key: 'tab', label: t('catalogAdmin.details.tab'), render: (l) => tabName(l.typeId) },
    { key: 'item', label: t('catalogAdmin.item'), render: (l) => l.item },
    {
      key: 'title',
      label: t('catalogAdmin.details.title'),
      render: (l) => (
        <>
          {l.title}
          {l.detail && <span className="table__sub catalog-clamp">{l.detail}</span>}
        </>
      ),
    },
    {
      key: 'img',
      label: t('catalogAdmin.details.img'),
      render: (l) => <Thumb kind="product" value={l.img} alt={l.title} />,
    },
    {
      key: 'actions',
      label: t('catalogAdmin.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (l) => (
        <>
          <Button variant="secondary" size="sm" onClick={() => setEditing(l)} data-testid="detail-edit">
            {t('catalogAdmin.edit')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setRemoving(l)} data-testid="detail-delete">
            {t('catalogAdmin.delete')}
          </Button>
        </>
      ),
    },
  ];

  const typeColumns: Column<DetailTypeStaff>[] = [
    { key: 'item', label: t('catalogAdmin.item'), render: (x) => x.item },
    { key: 'name', label: t('catalogAdmin.detailTypes.tabName'), render: (x) => x.tabName },
    {
      key: 'actions',
      label: t('catalogAdmin.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (x) => (
        <>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setEditingType(x)}
            data-testid="detail-type-edit"
          >
            {t('catalogAdmin.edit')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setRemovingType(x)}
            data-testid="detail-type-delete"
          >
            {t('catalogAdmin.delete')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <section className="catalog-panel" aria-label={t('catalogAdmin.product.tabs.details')}>
      <div className="catalog-panel__bar">
        <h3 className="catalog-panel__title">{t('catalogAdmin.details.heading')}</h3>
        <Button
          size="sm"
          onClick={() => setEditing('new')}
          disabled={typeList.length === 0}
          data-testid="detail-new"
        >
          {t('catalogAdmin.details.new')}
        </Button>
      </div>
      {types.data && typeList.length === 0 && <p>{t('catalogAdmin.details.needType')}</p>}
      {lists.isError && <Alert>{problemText(lists.error, language)}</Alert>}
      {lists.isPending && !lists.isError && <Spinner label={t('admin.loading')} />}
      {lists.data && lists.data.items.length === 0 && <p>{t('catalogAdmin.details.empty')}</p>}
      {lists.data && lists.data.items.length > 0 && (
        <DataTable columns={listColumns} rows={lists.data.items} rowKey={(l) => l.id} testId="details" />
      )}

      <div className="catalog-panel__bar catalog-panel__bar--spaced">
        <h3 className="catalog-panel__title">{t('catalogAdmin.detailTypes.heading')}</h3>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setEditingType('new')}
          data-testid="detail-type-new"
        >
          {t('catalogAdmin.detailTypes.new')}
        </Button>
      </div>
      <p className="admin__lead">{t('catalogAdmin.detailTypes.lead')}</p>
      {types.isError && <Alert>{problemText(types.error, language)}</Alert>}
      {typeList.length > 0 && (
        <DataTable columns={typeColumns} rows={typeList} rowKey={(x) => x.id} testId="detail-types" />
      )}

      {editing && (
        <DetailListDialog
          productId={productId}
          list={editing === 'new' ? null : editing}
          types={typeList}
          onClose={() => setEditing(null)}
        />
      )}
      {editingType && (
        <DetailTypeDialog
          type={editingType === 'new' ? null : editingType}
          onClose={() => setEditingType(null)}
        />
      )}
      <ConfirmDelete
        target={removing}
        title={t('catalogAdmin.details.deleteTitle')}
        description={(l) => t('catalogAdmin.details.deleteText', { title: l.title })}
        onClose={() => setRemoving(null)}
        onConfirm={(l) => deleteList.mutateAsync(l.id)}
      />
      <ConfirmDelete
        target={removingType}
        title={t('catalogAdmin.detailTypes.deleteTitle')}
        description={(x) => t('catalogAdmin.detailTypes.deleteText', { name: x.tabName })}
        onClose={() => setRemovingType(null)}
        onConfirm={(x) => deleteType.mutateAsync(x.id)}
      />
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackageStaff } from '@rian/proto-contracts/catalog-commerce';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useListParams } from '@/hooks/use-list-params';
import { formatDateTime, formatTHB } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { PACKAGE_SORTS, useDeletePackage, usePackages } from '../api/packages';
import { Thumb } from '../components/catalog-image-field';
import { ConfirmDelete } from '../components/confirm-delete';
import { DateRange } from '../components/date-range';
import { ListFrame } from '@/components/ui/list-frame';
import { PackageDialog } from '../components/package-dialog';
import { PackageProductDialog } from '../components/package-product-dialog';
import '../admin-catalog.css';
import '../i18n';
import { OfferStatus } from '../components/offer-status';

/** /admin/packages — packages (disabled ones too): search, sort, page; create, edit, delete, make a product. */
export function AdminPackagesRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const list = useListParams({ sorts: PACKAGE_SORTS, defaultSort: '-createdAt' });
  const packages = usePackages(list.params);
  const remove = useDeletePackage();
  const [editing, setEditing] = useState<PackageStaff | 'new' | null>(null);
  const [toProduct, setToProduct] = useState<PackageStaff | null>(null);
  const [deleting, setDeleting] = useState<PackageStaff | null>(null);

  const columns: Column<PackageStaff>[] = [
    {
      key: 'img',
      label: t('catalogAdmin.offer.imgShort'),
      render: (p) => <Thumb kind="product" value={p.img} alt={p.title} />,
    },
    {
      key: 'title',
      label: t('catalogAdmin.offer.title'),
      sortField: 'title',
      className: 'catalog-col-wide',
      render: (p) => (
        <>
          {p.title}
          {p.subtitle && <span className="table__sub catalog-clamp">{p.subtitle}</span>}
        </>
      ),
    },
    {
      key: 'url',
      label: t('catalogAdmin.offer.urlShort'),
      sortField: 'url',
      className: 'table__nowrap',
      render: (p) => p.url,
    },
    {
      key: 'price',
      label: t('catalogAdmin.offer.price'),
      sortField: 'price',
      className: 'table__nowrap',
      render: (p) => formatTHB(p.price),
    },
    {
      key: 'window',
      label: t('catalogAdmin.window'),
      render: (p) => <DateRange start={p.start} to={p.to} />,
    },
    {
      key: 'status',
      label: t('catalogAdmin.offer.status'),
      render: (p) => (
        <>
          <OfferStatus status={p.status} />
          {p.disable === 'Y' && (
            <span className="badge badge--failed catalog-badge">{t('catalogAdmin.offer.disabled')}</span>
          )}
        </>
      ),
    },
    {
      key: 'createdAt',
      label: t('catalogAdmin.createdAt'),
      sortField: 'createdAt',
      render: (p) => formatDateTime(p.createdAt, language),
    },
    {
      key: 'actions',
      label: t('catalogAdmin.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (p) => (
        <>
          <Button variant="secondary" size="sm" onClick={() => setEditing(p)} data-testid="package-edit">
            {t('catalogAdmin.edit')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setToProduct(p)}
            data-testid="package-to-product"
          >
            {t('catalogAdmin.packages.toProduct')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDeleting(p)} data-testid="package-delete">
            {t('catalogAdmin.delete')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <>
      <ListFrame
        title={t('catalogAdmin.packages.title')}
        newLabel={t('catalogAdmin.packages.new')}
        onNew={() => setEditing('new')}
        testId="packages"
        searchLabel={t('catalogAdmin.search')}
        searchHint={t('catalogAdmin.product.searchHint')}
        searchText={list.text}
        onSearchText={list.setText}
        query={packages}
        page={list.params.page}
        pageSize={list.params.pageSize}
        onPage={list.setPage}
      >
        <DataTable
          columns={columns}
          rows={packages.data?.items ?? []}
          rowKey={(p) => p.id}
          sort={list.params.sort}
          onSort={list.setSort}
          testId="packages-table"
          rowClassName={(p) => (p.disable === 'Y' ? 'is-disabled' : undefined)}
        />
      </ListFrame>
      {editing && <PackageDialog pkg={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {toProduct && <PackageProductDialog pkg={toProduct} onClose={() => setToProduct(null)} />}
      <ConfirmDelete
        target={deleting}
        title={t('catalogAdmin.packages.deleteTitle')}
        description={(p) => t('catalogAdmin.packages.deleteText', { name: p.title })}
        onClose={() => setDeleting(null)}
        onConfirm={(p) => remove.mutateAsync(p.id)}
      />
    </>
  );
}

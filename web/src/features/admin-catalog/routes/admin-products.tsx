import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductStaff } from '@rian/proto-contracts/catalog';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useListParams } from '@/hooks/use-list-params';
import { formatDateTime, formatTHB } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { PRODUCT_SORTS, useDeleteProduct, useProducts } from '../api/products';
import { Thumb } from '../components/catalog-image-field';
import { ConfirmDelete } from '../components/confirm-delete';
import { DateRange } from '../components/date-range';
import { ListFrame } from '@/components/ui/list-frame';
import { ProductDialog, type ProductTab } from '../components/product-dialog';
import '../admin-catalog.css';
import '../i18n';
import { OfferStatus } from '../components/offer-status';

/** /admin/product — every product (disabled ones too): search, sort, page; create, edit, delete. */
export function AdminProductsRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const list = useListParams({ sorts: PRODUCT_SORTS, defaultSort: '-createdAt' });
  const products = useProducts(list.params);
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<{ product: ProductStaff | null; tab: ProductTab } | null>(null);
  const [deleting, setDeleting] = useState<ProductStaff | null>(null);

  const columns: Column<ProductStaff>[] = [
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
      render: (p) => (
        <>
          {formatTHB(p.price)}
          {p.priceUnchanged !== null && <s className="table__sub">{formatTHB(p.priceUnchanged)}</s>}
        </>
      ),
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
            <span className="badge badge--failed catalog-badge" data-testid="product-disabled">
              {t('catalogAdmin.offer.disabled')}
            </span>
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
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setEditing({ product: p, tab: 'general' })}
            aria-label={t('catalogAdmin.editOf', { name: p.title })}
            data-testid="product-edit"
          >
            {t('catalogAdmin.edit')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setEditing({ product: p, tab: 'prices' })}
            aria-label={t('catalogAdmin.product.pricesOf', { name: p.title })}
            data-testid="product-prices"
          >
            {t('catalogAdmin.product.tabs.prices')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setDeleting(p)}
            aria-label={t('catalogAdmin.deleteOf', { name: p.title })}
            data-testid="product-delete"
          >
            {t('catalogAdmin.delete')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <>
      <ListFrame
        title={t('catalogAdmin.product.title')}
        newLabel={t('catalogAdmin.product.new')}
        onNew={() => setEditing({ product: null, tab: 'general' })}
        testId="products"
        searchLabel={t('catalogAdmin.search')}
        searchHint={t('catalogAdmin.product.searchHint')}
        searchText={list.text}
        onSearchText={list.setText}
        query={products}
        page={list.params.page}
        pageSize={list.params.pageSize}
        onPage={list.setPage}
      >
        <DataTable
          columns={columns}
          rows={products.data?.items ?? []}
          rowKey={(p) => p.id}
          sort={list.params.sort}
          onSort={list.setSort}
          testId="products-table"
          rowClassName={(p) => (p.disable === 'Y' ? 'is-disabled' : undefined)}
        />
      </ListFrame>
      {editing && (
        <ProductDialog product={editing.product} initialTab={editing.tab} onClose={() => setEditing(null)} />
      )}
      <ConfirmDelete
        target={deleting}
        title={t('catalogAdmin.product.deleteTitle')}
        description={(p) => t('catalogAdmin.product.deleteText', { name: p.title, url: p.url })}
        onClose={() => setDeleting(null)}
        onConfirm={(p) => remove.mutateAsync(p.id)}
      />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import type { ProductStaff } from '@rian/proto-contracts/catalog';
import type { Column } from '@/components/ui/data-table';
import { StaffListPage } from '@/components/ui/staff-list-page';
import { useStaffList } from '@/hooks/use-staff-list';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatTHB } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { PRODUCT_SORTS, useDeleteProduct, useProducts, type ProductSort } from '../api/products';
import { Thumb } from '../components/catalog-image-field';
import { DateRange } from '../components/date-range';
import { ProductDialog, type ProductTab } from '../components/product-dialog';
import '../admin-catalog.css';
import '../i18n';
import { OfferStatus } from '../components/offer-status';

/** /admin/product — every product (disabled ones too): search, sort, page; create, edit, delete. */
export function AdminProductsRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  // the dialog's mode is the tab it opens on (Edit: general; Prices: prices)
  const list = useStaffList<ProductStaff, ProductSort, never, ProductTab>({
    sorts: PRODUCT_SORTS,
    defaultSort: '-createdAt',
    useItems: useProducts,
    useRemove: useDeleteProduct,
  });

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
  ];

  return (
    <StaffListPage
      list={list}
      testId="products"
      title={t('catalogAdmin.product.title')}
      newLabel={t('catalogAdmin.product.new')}
      searchLabel={t('catalogAdmin.search')}
      searchHint={t('catalogAdmin.product.searchHint')}
      columns={columns}
      rowClassName={(p) => (p.disable === 'Y' ? 'is-disabled' : undefined)}
      rowActions={{
        label: t('catalogAdmin.actions'),
        edit: {
          label: t('catalogAdmin.edit'),
          testId: 'product-edit',
          ariaLabel: (p) => t('catalogAdmin.editOf', { name: p.title }),
        },
        extra: (p) => (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => list.openEdit(p, 'prices')}
            aria-label={t('catalogAdmin.product.pricesOf', { name: p.title })}
            data-testid="product-prices"
          >
            {t('catalogAdmin.product.tabs.prices')}
          </Button>
        ),
        remove: {
          label: t('catalogAdmin.delete'),
          testId: 'product-delete',
          ariaLabel: (p) => t('catalogAdmin.deleteOf', { name: p.title }),
        },
      }}
      dialog={(product, close, tab) => (
        <ProductDialog product={product} initialTab={tab ?? 'general'} onClose={close} />
      )}
      confirmDelete={{
        title: t('catalogAdmin.product.deleteTitle'),
        description: (p) => t('catalogAdmin.product.deleteText', { name: p.title, url: p.url }),
        confirmLabel: t('catalogAdmin.delete'),
      }}
    />
  );
}

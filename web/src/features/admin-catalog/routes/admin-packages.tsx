import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackageStaff } from '@rian/proto-contracts/catalog-commerce';
import type { Column } from '@/components/ui/data-table';
import { StaffListPage } from '@/components/ui/staff-list-page';
import { useStaffList } from '@/hooks/use-staff-list';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatTHB } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { PACKAGE_SORTS, useDeletePackage, usePackages } from '../api/packages';
import { Thumb } from '../components/catalog-image-field';
import { DateRange } from '../components/date-range';
import { PackageDialog } from '../components/package-dialog';
import { PackageProductDialog } from '../components/package-product-dialog';
import '../admin-catalog.css';
import '../i18n';
import { OfferStatus } from '../components/offer-status';

/** /admin/packages — packages (disabled ones too): search, sort, page; create, edit, delete, make a product. */
export function AdminPackagesRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const list = useStaffList({
    sorts: PACKAGE_SORTS,
    defaultSort: '-createdAt',
    useItems: usePackages,
    useRemove: useDeletePackage,
  });
  const [toProduct, setToProduct] = useState<PackageStaff | null>(null);

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
  ];

  return (
    <StaffListPage
      list={list}
      testId="packages"
      title={t('catalogAdmin.packages.title')}
      newLabel={t('catalogAdmin.packages.new')}
      searchLabel={t('catalogAdmin.search')}
      searchHint={t('catalogAdmin.product.searchHint')}
      columns={columns}
      rowClassName={(p) => (p.disable === 'Y' ? 'is-disabled' : undefined)}
      rowActions={{
        label: t('catalogAdmin.actions'),
        edit: { label: t('catalogAdmin.edit'), testId: 'package-edit' },
        extra: (p) => (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setToProduct(p)}
            data-testid="package-to-product"
          >
            {t('catalogAdmin.packages.toProduct')}
          </Button>
        ),
        remove: { label: t('catalogAdmin.delete'), testId: 'package-delete' },
      }}
      dialog={(pkg, close) => <PackageDialog pkg={pkg} onClose={close} />}
      confirmDelete={{
        title: t('catalogAdmin.packages.deleteTitle'),
        description: (p) => t('catalogAdmin.packages.deleteText', { name: p.title }),
        confirmLabel: t('catalogAdmin.delete'),
      }}
    >
      {toProduct && <PackageProductDialog pkg={toProduct} onClose={() => setToProduct(null)} />}
    </StaffListPage>
  );
}

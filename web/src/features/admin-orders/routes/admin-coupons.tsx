import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CouponView } from '@rian/proto-contracts/coupons';
import type { Column } from '@/components/ui/data-table';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { StaffListPage } from '@/components/ui/staff-list-page';
import type { ListParams } from '@/hooks/use-list-params';
import { useStaffList } from '@/hooks/use-staff-list';
import { useCouponProducts } from '../api/coupon-products';
import { useCoupons, useDeleteCoupon, type CouponFilters } from '../api/coupons';
import { CouponDialog } from '../components/coupon-dialog';
import { CouponEmailsDialog } from '../components/coupon-emails-dialog';
import { CouponValue } from '../components/coupon-value';
import { CouponWindow } from '../components/coupon-window';
import '../i18n-coupons';

/** The list has one order (newest first), so no sorts. */
const SORTS = ['-createdAt'] as const;
const ACTIVE: readonly CouponFilters['active'][] = ['true', 'false'];

const activeOf = (filters: { active: string }) => ACTIVE.find((a) => a === filters.active) ?? '';
const useCouponItems = (
  params: ListParams<(typeof SORTS)[number]>,
  filters: { productId: string; active: string },
) => useCoupons({ ...params, productId: filters.productId, active: activeOf(filters) });

/** /admin/coupon — coupons (spec 02 §3, §4, §5): search, by product, active or expired; their e-mail lists. */
export function AdminCouponsRoute() {
  const { t } = useTranslation();
  // the filters live in the address too (shareable; Back returns to the same list)
  const list = useStaffList({
    sorts: SORTS,
    defaultSort: '-createdAt',
    filterKeys: ['productId', 'active'],
    useItems: useCouponItems,
    useRemove: useDeleteCoupon,
  });
  const { productId } = list.filters;
  const active = activeOf(list.filters);
  const products = useCouponProducts();
  const [emailsOf, setEmailsOf] = useState<CouponView | null>(null);
  const productTitle = (id: string) =>
    products.data?.find((p) => p.id === id)?.title ?? t('couponAdmin.unknownProduct', { id: id.slice(0, 8) });
  const yesNo = (v: 'Y' | 'N') =>
    v === 'Y' ? (
      <span className="badge badge--sent">{t('couponAdmin.yes')}</span>
    ) : (
      <>{t('couponAdmin.no')}</>
    );

  const columns: Column<CouponView>[] = [
    {
      key: 'code',
      label: t('couponAdmin.code'),
      render: (c) => <strong className="table__nowrap">{c.code}</strong>,
    },
    {
      key: 'name',
      label: t('couponAdmin.name'),
      render: (c) => (
        <>
          {c.name}
          {c.detail && <span className="table__sub">{c.detail}</span>}
        </>
      ),
    },
    {
      key: 'value',
      label: t('couponAdmin.value'),
      render: (c) => (
        <>
          <span className="table__nowrap">
            <CouponValue coupon={c} />
          </span>
          <span className="table__sub">{t(`couponAdmin.types.${c.type}`)}</span>
        </>
      ),
    },
    {
      key: 'product',
      label: t('couponAdmin.product'),
      render: (c) =>
        c.productScope === 'All' || !c.productId ? t('couponAdmin.allProducts') : productTitle(c.productId),
    },
    {
      key: 'window',
      label: t('couponAdmin.window'),
      render: (c) => <CouponWindow start={c.start} startTime={c.startTime} to={c.to} toTime={c.toTime} />,
    },
    { key: 'memberOnly', label: t('couponAdmin.memberOnly'), render: (c) => yesNo(c.memberOnly) },
    { key: 'emailOnly', label: t('couponAdmin.emailOnly'), render: (c) => yesNo(c.emailOnly) },
    {
      key: 'used',
      label: t('couponAdmin.used'),
      render: (c) => (
        <span className="table__nowrap" data-testid={`coupon-used-${c.code}`}>
          {t('couponAdmin.usedOf', {
            used: c.usedCount,
            limit: c.limit === null ? t('couponAdmin.unlimited') : c.limit,
          })}
        </span>
      ),
    },
  ];

  return (
    <StaffListPage
      list={list}
      testId="coupon"
      title={t('couponAdmin.title')}
      newLabel={t('couponAdmin.new')}
      searchLabel={t('couponAdmin.search')}
      searchHint={t('couponAdmin.searchHint')}
      filters={
        <>
          <SelectField
            label={t('couponAdmin.product')}
            value={productId}
            onChange={(e) => list.setFilters({ productId: e.target.value })}
            data-testid="coupon-filter-product"
          >
            <option value="">{t('couponAdmin.filterAll')}</option>
            {products.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('couponAdmin.status')}
            value={active}
            onChange={(e) => list.setFilters({ active: e.target.value })}
            data-testid="coupon-filter-active"
          >
            <option value="">{t('couponAdmin.filterAll')}</option>
            <option value="true">{t('couponAdmin.statuses.active')}</option>
            <option value="false">{t('couponAdmin.statuses.expired')}</option>
          </SelectField>
        </>
      }
      columns={columns}
      sortable={false}
      rowTestId={(c) => `coupon-row-${c.code}`}
      rowActions={{
        label: t('couponAdmin.actions'),
        edit: {
          label: t('couponAdmin.edit'),
          testId: (c) => `coupon-edit-${c.code}`,
          ariaLabel: (c) => `${t('couponAdmin.edit')} ${c.code}`,
        },
        extra: (c) => (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setEmailsOf(c)}
            aria-label={`${t('couponAdmin.emails')} ${c.code}`}
            data-testid={`coupon-emails-${c.code}`}
          >
            {t('couponAdmin.emails')}
          </Button>
        ),
        remove: {
          label: t('couponAdmin.delete'),
          testId: (c) => `coupon-delete-${c.code}`,
          ariaLabel: (c) => `${t('couponAdmin.delete')} ${c.code}`,
        },
      }}
      dialog={(coupon, close) => (
        <CouponDialog
          coupon={coupon}
          products={products.data ?? []}
          defaultProductId={productId}
          onClose={close}
        />
      )}
      confirmDelete={{
        title: t('couponAdmin.deleteTitle'),
        description: (c) => t('couponAdmin.deleteText', { code: c.code }),
        confirmLabel: t('couponAdmin.delete'),
      }}
    >
      {emailsOf && <CouponEmailsDialog coupon={emailsOf} onClose={() => setEmailsOf(null)} />}
    </StaffListPage>
  );
}

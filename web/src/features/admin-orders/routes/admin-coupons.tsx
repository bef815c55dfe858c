import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CouponView } from '@rian/proto-contracts/coupons';
import { Button } from '@/components/ui/button';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { DataTable, type Column } from '@/components/ui/data-table';
import { ListFrame } from '@/components/ui/list-frame';
import { SelectField } from '@/components/ui/select-field';
import { useListParams } from '@/hooks/use-list-params';
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

/** /admin/coupon — coupons (spec 02 §3, §4, §5): search, by product, active or expired; their e-mail lists. */
export function AdminCouponsRoute() {
  const { t } = useTranslation();
  // the filters live in the address too (shareable; Back returns to the same list)
  const list = useListParams({
    sorts: SORTS,
    defaultSort: '-createdAt',
    filterKeys: ['productId', 'active'],
  });
  const productId = list.filters.productId;
  const active = ACTIVE.find((a) => a === list.filters.active) ?? '';
  const coupons = useCoupons({ ...list.params, productId, active });
  const products = useCouponProducts();
  const remove = useDeleteCoupon();
  const [editing, setEditing] = useState<CouponView | 'new' | null>(null);
  const [emailsOf, setEmailsOf] = useState<CouponView | null>(null);
  const [deleting, setDeleting] = useState<CouponView | null>(null);
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
    {
      key: 'actions',
      label: t('couponAdmin.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (c) => (
        <>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setEditing(c)}
            aria-label={`${t('couponAdmin.edit')} ${c.code}`}
            data-testid={`coupon-edit-${c.code}`}
          >
            {t('couponAdmin.edit')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setEmailsOf(c)}
            aria-label={`${t('couponAdmin.emails')} ${c.code}`}
            data-testid={`coupon-emails-${c.code}`}
          >
            {t('couponAdmin.emails')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setDeleting(c)}
            aria-label={`${t('couponAdmin.delete')} ${c.code}`}
            data-testid={`coupon-delete-${c.code}`}
          >
            {t('couponAdmin.delete')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <>
      <ListFrame
        title={t('couponAdmin.title')}
        newLabel={t('couponAdmin.new')}
        onNew={() => setEditing('new')}
        testId="coupon"
        searchLabel={t('couponAdmin.search')}
        searchHint={t('couponAdmin.searchHint')}
        searchText={list.text}
        onSearchText={list.setText}
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
        query={coupons}
        page={list.params.page}
        pageSize={list.params.pageSize}
        onPage={list.setPage}
      >
        <DataTable
          columns={columns}
          rows={coupons.data?.items ?? []}
          rowKey={(c) => c.id}
          testId="coupon-table"
          rowTestId={(c) => `coupon-row-${c.code}`}
        />
      </ListFrame>
      {editing && (
        <CouponDialog
          coupon={editing === 'new' ? null : editing}
          products={products.data ?? []}
          defaultProductId={productId}
          onClose={() => setEditing(null)}
        />
      )}
      {emailsOf && <CouponEmailsDialog coupon={emailsOf} onClose={() => setEmailsOf(null)} />}
      <ConfirmDelete
        target={deleting}
        title={t('couponAdmin.deleteTitle')}
        description={(c) => t('couponAdmin.deleteText', { code: c.code })}
        confirmLabel={t('couponAdmin.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={(c) => remove.mutateAsync(c.id)}
      />
    </>
  );
}

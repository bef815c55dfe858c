import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AffiliateRow } from '@rian/proto-contracts/orders-admin';
import { buttonClass } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { ListFrame } from '@/components/ui/list-frame';
import { useListParams } from '@/hooks/use-list-params';
import { formatDateTime, formatTHB } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { AFFILIATE_FILTERS, AFFILIATE_SORTS, useAffiliates } from '../api/affiliates';
import { isReversed, OrderDayRange } from '../components/order-day-range';
import '../order-admin.css';
import '../i18n-orders';

/** /admin/orders filtered to one referrer, over the same days as this list. */
function ordersOf(invite: string, from: string, to: string): string {
  const query = new URLSearchParams({ invite });
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  return `/admin/orders?${query.toString()}`;
}

/**
 * /admin/affiliate (spec 01 §2 "Order: affiliate") — referrers (orders_invite) with their orders not
 * cancelled, paid orders and amounts, over Bangkok days; a referrer opens its orders in /admin/orders.
 */
export function AdminAffiliatesRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const list = useListParams({
    sorts: AFFILIATE_SORTS,
    defaultSort: '-orders',
    filterKeys: AFFILIATE_FILTERS,
  });
  const { filters } = list;
  const affiliates = useAffiliates(list.params, filters, { enabled: !isReversed(filters.from, filters.to) });

  const columns: Column<AffiliateRow>[] = [
    {
      key: 'invite',
      label: t('ordersAdmin.affiliates.columns.invite'),
      render: (a) => <strong className="table__nowrap">{a.invite}</strong>,
    },
    {
      key: 'orders',
      label: t('ordersAdmin.affiliates.columns.orders'),
      className: 'orders-num',
      render: (a) => a.orders,
    },
    {
      key: 'paidOrders',
      label: t('ordersAdmin.affiliates.columns.paidOrders'),
      className: 'orders-num',
      render: (a) => a.paidOrders,
    },
    {
      key: 'net',
      label: t('ordersAdmin.affiliates.columns.net'),
      className: 'orders-num table__nowrap',
      render: (a) => formatTHB(a.net),
    },
    {
      key: 'paidNet',
      label: t('ordersAdmin.affiliates.columns.paidNet'),
      className: 'orders-num table__nowrap',
      render: (a) => formatTHB(a.paidNet),
    },
    {
      key: 'lastOrderAt',
      label: t('ordersAdmin.affiliates.columns.lastOrderAt'),
      className: 'table__nowrap',
      render: (a) => formatDateTime(a.lastOrderAt, language),
    },
    {
      key: 'actions',
      label: t('ordersAdmin.affiliates.columns.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (a) => (
        <Link
          className={buttonClass('secondary', 'sm')}
          to={ordersOf(a.invite, filters.from, filters.to)}
          aria-label={t('ordersAdmin.affiliates.viewOrdersOf', { invite: a.invite })}
          data-testid="affiliate-orders"
        >
          {t('ordersAdmin.affiliates.viewOrders')}
        </Link>
      ),
    },
  ];

  return (
    <>
      <ListFrame
        title={t('ordersAdmin.affiliates.title')}
        testId="affiliates"
        searchLabel={t('ordersAdmin.affiliates.search')}
        searchText={list.text}
        onSearchText={list.setText}
        filters={
          <OrderDayRange
            from={filters.from}
            to={filters.to}
            testId="affiliates"
            onChange={(changes) => list.setFilters(changes)}
          />
        }
        query={affiliates}
        page={list.params.page}
        pageSize={list.params.pageSize}
        onPage={list.setPage}
      >
        <p className="affiliates-lead">{t('ordersAdmin.affiliates.lead')}</p>
        <DataTable
          columns={columns}
          rows={affiliates.data?.items ?? []}
          rowKey={(a) => a.invite}
          testId="affiliates-table"
          rowTestId={(a) => `affiliate-${a.invite}`}
          className="table--sticky-first"
        />
      </ListFrame>
    </>
  );
}

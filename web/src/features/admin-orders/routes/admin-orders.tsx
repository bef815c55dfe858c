import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderRow } from '@rian/proto-contracts/orders-admin';
import { Button } from '@/components/ui/button';
import { useRowSelection } from '@/features/admin/components/row-selection';
import { DataTable, type Column } from '@/components/ui/data-table';
import { ListFrame } from '@/components/ui/list-frame';
import { SelectField } from '@/components/ui/select-field';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { ORDER_STATUSES, type OrderStatus } from '@/components/orders/order-labels';
import { CloseIcon } from '@/components/ui/icons';
import { useListParams } from '@/hooks/use-list-params';
import { formatDateTime, formatTHB } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { ORDER_FILTERS, ORDER_SORTS, useAdminOrders } from '../api/orders';
import { useOrderProducts } from '../api/orders-products';
import { OrderBulkBar } from '../components/order-bulk-bar';
import { isReversed, OrderDayRange } from '../components/order-day-range';
import { OrderDetailDialog } from '../components/order-detail-dialog';
import { OrderReportDialog } from '../components/order-report-dialog';
import { BuyerEmail } from '../components/buyer-email';
import { BookAddressText } from '../components/book-address';
import '../order-admin.css';
import '../i18n-orders';

/**
 * /admin/orders (spec 02 §2–§4) — orders by status, Bangkok days, product, referrer and search; sort
 * and page; tick orders to set their book dispatch flag at once; a reference opens the order; the
 * CSV report. Filters live in the address, so /admin/orders?invite=X arrives filtered, and
 * /admin/orders?book=toSend lists the books to dispatch (the dashboard's figure, D145).
 */
export function AdminOrdersRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const list = useListParams({ sorts: ORDER_SORTS, defaultSort: '-createdAt', filterKeys: ORDER_FILTERS });
  const { filters } = list;
  const reversed = isReversed(filters.from, filters.to);
  const orders = useAdminOrders(list.params, filters, { enabled: !reversed });
  const products = useOrderProducts();
  const [opened, setOpened] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);

  // a tick belongs to the page it was made on: another page, filter or sort starts afresh
  const listKey = JSON.stringify([list.params, filters]);

  const rows = useMemo(() => orders.data?.items ?? [], [orders.data]);
  const selection = useRowSelection(rows, listKey);

  const none = t('ordersAdmin.none');
  const columns: Column<AdminOrderRow>[] = [
    {
      key: 'reference',
      label: t('ordersAdmin.columns.reference'),
      sortField: 'orderNo',
      headerStart: selection.pageBox(t('ordersAdmin.selectPage'), 'orders-select-page'),
      render: (o) => (
        <span className="orders-ref">
          {selection.rowBox(o.id, t('ordersAdmin.selectOne', { reference: o.reference }), 'orders-select')}
          <button
            type="button"
            className="link-btn orders-ref__open"
            onClick={() => setOpened(o.id)}
            aria-label={t('ordersAdmin.open', { reference: o.reference })}
            data-testid="orders-open"
          >
            {o.reference}
          </button>
        </span>
      ),
    },
    {
      key: 'createdAt',
      label: t('ordersAdmin.columns.createdAt'),
      sortField: 'createdAt',
      className: 'table__nowrap',
      render: (o) => formatDateTime(o.createdAt, language),
    },
    {
      key: 'email',
      label: t('ordersAdmin.columns.email'),
      className: 'orders-col-email',
      render: (o) => (o.userEmail ? <BuyerEmail email={o.userEmail} /> : none),
    },
    {
      key: 'product',
      label: t('ordersAdmin.columns.product'),
      className: 'orders-col-product',
      render: (o) => (
        <>
          {o.productTitle ?? none}
          {o.invite && (
            <span className="table__sub">
              {t('ordersAdmin.detail.invite')}: {o.invite}
            </span>
          )}
          {o.couponCode && (
            <span className="table__sub" data-testid="orders-coupon">
              {t('ordersAdmin.detail.coupon')}: {o.couponCode}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'paymentType',
      label: t('ordersAdmin.columns.paymentType'),
      className: 'table__nowrap',
      render: (o) => t(`orderView.paymentType.${o.paymentType}`),
    },
    {
      key: 'net',
      label: t('ordersAdmin.columns.net'),
      sortField: 'net',
      className: 'table__nowrap orders-num',
      render: (o) => <span data-testid="orders-net">{formatTHB(o.net)}</span>,
    },
    {
      key: 'status',
      label: t('ordersAdmin.columns.status'),
      render: (o) => <OrderStatusBadge status={o.status} testId="orders-status" />,
    },
    {
      key: 'book',
      label: t('ordersAdmin.columns.book'),
      render: (o) => (
        <>
          <span className={`badge${o.bookSend === 'Y' ? ' badge--sent' : ''}`} data-testid="orders-book">
            {t(`ordersAdmin.book.${o.bookSend}`)}
          </span>
          {o.bookAddress && <BookAddressText address={o.bookAddress} testId="orders-book-address" />}
        </>
      ),
    },
    {
      key: 'tracking',
      label: t('ordersAdmin.columns.tracking'),
      className: 'table__nowrap',
      render: (o) => o.tracking ?? none,
    },
    {
      key: 'certificate',
      label: t('ordersAdmin.columns.certificate'),
      render: (o) => (o.certificate === 'Y' ? t('ordersAdmin.yes') : t('ordersAdmin.no')),
    },
  ];

  return (
    <>
      <ListFrame
        title={t('ordersAdmin.title')}
        actions={
          <Button variant="secondary" onClick={() => setReporting(true)} data-testid="orders-report-open">
            {t('ordersAdmin.report.open')}
          </Button>
        }
        testId="orders"
        searchLabel={t('ordersAdmin.search')}
        searchHint={t('ordersAdmin.searchHint')}
        searchText={list.text}
        onSearchText={list.setText}
        filters={
          <>
            <SelectField
              label={t('ordersAdmin.status')}
              value={filters.status}
              onChange={(e) => list.setFilters({ status: e.target.value })}
              data-testid="orders-status-filter"
            >
              <option value="">{t('ordersAdmin.allStatuses')}</option>
              {ORDER_STATUSES.map((s: OrderStatus) => (
                <option key={s} value={s}>
                  {t(`orderView.status.${s}`)}
                </option>
              ))}
            </SelectField>
            <OrderDayRange
              from={filters.from}
              to={filters.to}
              testId="orders"
              onChange={(changes) => list.setFilters(changes)}
            />
            <SelectField
              label={t('ordersAdmin.product')}
              value={filters.productId}
              onChange={(e) => list.setFilters({ productId: e.target.value })}
              data-testid="orders-product-filter"
            >
              <option value="">{t('ordersAdmin.allProducts')}</option>
              {products.data?.items.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('ordersAdmin.bookFilter')}
              value={filters.book}
              onChange={(e) => list.setFilters({ book: e.target.value })}
              data-testid="orders-book-filter"
            >
              <option value="">{t('ordersAdmin.bookAll')}</option>
              <option value="toSend">{t('ordersAdmin.bookToSend')}</option>
            </SelectField>
            {filters.invite && (
              <span className="orders-chip" data-testid="orders-invite-filter">
                {t('ordersAdmin.inviteFilter', { invite: filters.invite })}
                <button
                  type="button"
                  className="icon-btn orders-chip__clear"
                  onClick={() => list.setFilters({ invite: '' })}
                  aria-label={t('ordersAdmin.clearInvite')}
                  data-testid="orders-invite-clear"
                >
                  <CloseIcon width={16} height={16} />
                </button>
              </span>
            )}
          </>
        }
        query={orders}
        page={list.params.page}
        pageSize={list.params.pageSize}
        onPage={list.setPage}
      >
        <OrderBulkBar ids={selection.ids} onDone={selection.clear} />
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(o) => o.id}
          sort={list.params.sort}
          onSort={list.setSort}
          testId="orders-table"
          className="table--sticky-first"
          rowClassName={(o) => (selection.isTicked(o.id) ? 'is-selected' : undefined)}
        />
      </ListFrame>
      {opened && <OrderDetailDialog orderId={opened} onClose={() => setOpened(null)} />}
      {reporting && (
        <OrderReportDialog
          initialFrom={filters.from}
          initialTo={filters.to}
          onClose={() => setReporting(false)}
        />
      )}
    </>
  );
}

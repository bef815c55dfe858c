import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingStaffRow } from '@rian/proto-contracts/bookings';
import { Alert } from '@/components/ui/alert';
import { useRowSelection } from '@/features/admin/components/row-selection';
import { Button } from '@/components/ui/button';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { DataTable, type Column } from '@/components/ui/data-table';
import { ListFrame } from '@/components/ui/list-frame';
import { SelectField } from '@/components/ui/select-field';
import { useListParams } from '@/hooks/use-list-params';
import { formatDateTime, formatTHB } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useProductChoices } from '@/features/admin-catalog/api/products';
import '@/features/admin-orders/order-admin.css';
import '@/features/bookings/i18n';
import {
  BOOKING_FILTERS,
  BOOKING_SORTS,
  downloadBookingsCsv,
  useAdminBookings,
  useDeleteBooking,
} from '../api/bookings';
import { BookingBulkBar } from '../components/booking-bulk-bar';
import { BookingEditDialog } from '../components/booking-edit-dialog';
import { BookingKeys } from '../components/booking-keys';
import { BookingMailDialog } from '../components/booking-mail-dialog';
import { BookingSlipDialog } from '../components/booking-slip-dialog';
import '../admin-bookings.css';
import '../i18n';

type Opened = { kind: 'slip' | 'edit' | 'mail'; row: BookingStaffRow };

/**
 * /admin/userCourseBooking (issue 17; spec 02 §3 Booking, §7): a product's bookings — search,
 * status and confirm filters, pages; tick rows to set them to wait or confirm them at once; per
 * row the slip (a signed address), the edit dialog, the booking e-mail (th/en) and delete; the
 * CSV; and the product's booking keys.
 */
export function AdminBookingsRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const list = useListParams({
    sorts: BOOKING_SORTS,
    defaultSort: '-createdAt',
    filterKeys: BOOKING_FILTERS,
  });
  const { filters } = list;
  const products = useProductChoices();
  const bookings = useAdminBookings(list.params, filters);
  const remove = useDeleteBooking();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [deleting, setDeleting] = useState<BookingStaffRow | null>(null);
  const [csvError, setCsvError] = useState<unknown>(null);
  const [csvPending, setCsvPending] = useState(false);

  const listKey = JSON.stringify([list.params, filters]);

  const rows = useMemo(() => bookings.data?.items ?? [], [bookings.data]);
  const selection = useRowSelection(rows, listKey);
  const nameOf = (b: BookingStaffRow) => `${b.name} ${b.lname}`;
  const none = t('bookingsAdmin.none');

  const csv = async () => {
    setCsvError(null);
    setCsvPending(true);
    try {
      await downloadBookingsCsv(filters.productId);
    } catch (error) {
      setCsvError(error);
    } finally {
      setCsvPending(false);
    }
  };

  const columns: Column<BookingStaffRow>[] = [
    {
      key: 'name',
      label: t('bookingsAdmin.columns.name'),
      sortField: 'name',
      headerStart: selection.pageBox(t('bookingsAdmin.selectPage'), 'bookings-select-page'),
      render: (b) => (
        <span className="orders-ref">
          {selection.rowBox(b.id, t('bookingsAdmin.selectOne', { name: nameOf(b) }), 'bookings-select')}
          <span data-testid="bookings-name">{nameOf(b)}</span>
        </span>
      ),
    },
    {
      key: 'contact',
      label: t('bookingsAdmin.columns.contact'),
      render: (b) => (
        <>
          {b.email}
          <span className="table__sub">{b.tel}</span>
          <span className="table__sub">
            {[b.address, b.subDistrictName, b.districtName, b.provinceName, b.zip].filter(Boolean).join(' ')}
          </span>
          {b.note && <span className="table__sub">{b.note}</span>}
        </>
      ),
    },
    { key: 'key', label: t('bookingsAdmin.columns.key'), render: (b) => <code>{b.key}</code> },
    {
      key: 'slip',
      label: t('bookingsAdmin.columns.slip'),
      className: 'table__nowrap',
      render: (b) =>
        b.hasSlip ? (
          <>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setOpened({ kind: 'slip', row: b })}
              aria-label={t('bookingsAdmin.viewSlipOf', { name: nameOf(b) })}
              data-testid="bookings-slip"
            >
              {t('bookingsAdmin.viewSlip')}
            </Button>
            {b.amount !== null && <span className="table__sub">{formatTHB(b.amount)}</span>}
          </>
        ) : (
          none
        ),
    },
    {
      key: 'status',
      label: t('bookingsAdmin.columns.status'),
      className: 'table__nowrap',
      render: (b) => (
        <>
          <span className="badge" data-testid="bookings-status">
            {t(`bookingsAdmin.statuses.${b.status}`)}
          </span>{' '}
          <span className={`badge${b.confirm === 'Y' ? ' badge--sent' : ''}`} data-testid="bookings-confirm">
            {b.confirm === 'Y' ? t('bookingsAdmin.confirmed') : t('bookingsAdmin.notConfirmed')}
          </span>
        </>
      ),
    },
    {
      key: 'createdAt',
      label: t('bookingsAdmin.columns.createdAt'),
      sortField: 'createdAt',
      className: 'table__nowrap',
      render: (b) => formatDateTime(b.createdAt, language),
    },
    {
      key: 'actions',
      label: t('bookingsAdmin.columns.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (b) => (
        <>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setOpened({ kind: 'edit', row: b })}
            aria-label={t('bookingsAdmin.editOf', { name: nameOf(b) })}
            data-testid="bookings-edit"
          >
            {t('bookingsAdmin.edit')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setOpened({ kind: 'mail', row: b })}
            aria-label={t('bookingsAdmin.mailOf', { name: nameOf(b) })}
            data-testid="bookings-mail"
          >
            {t('bookingsAdmin.mail')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setDeleting(b)}
            aria-label={t('bookingsAdmin.deleteOf', { name: nameOf(b) })}
            data-testid="bookings-delete"
          >
            {t('bookingsAdmin.delete')}
          </Button>
        </>
      ),
    },
  ];

  // without a product there is nothing to ask for: the list waits for the choice
  const query = filters.productId
    ? bookings
    : { ...bookings, isPending: false, isFetching: false, isError: false, data: undefined };

  return (
    <>
      <ListFrame
        title={t('bookingsAdmin.title')}
        actions={
          <Button
            variant="secondary"
            onClick={() => void csv()}
            disabled={!filters.productId}
            loading={csvPending}
            data-testid="bookings-csv"
          >
            {t('bookingsAdmin.csv')}
          </Button>
        }
        testId="bookings"
        searchLabel={t('bookingsAdmin.search')}
        searchHint={t('bookingsAdmin.searchHint')}
        searchText={list.text}
        onSearchText={list.setText}
        emptyText={t('bookingsAdmin.empty')}
        filters={
          <>
            <SelectField
              label={t('bookingsAdmin.product')}
              value={filters.productId}
              onChange={(e) => list.setFilters({ productId: e.target.value })}
              data-testid="bookings-product"
            >
              <option value="">{t('bookingsAdmin.chooseProduct')}</option>
              {products.data?.items.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('bookingsAdmin.status')}
              value={filters.status}
              onChange={(e) => list.setFilters({ status: e.target.value })}
              data-testid="bookings-status-filter"
            >
              <option value="">{t('bookingsAdmin.allStatuses')}</option>
              <option value="new">{t('bookingsAdmin.statuses.new')}</option>
              <option value="wait">{t('bookingsAdmin.statuses.wait')}</option>
            </SelectField>
            <SelectField
              label={t('bookingsAdmin.confirm')}
              value={filters.confirm}
              onChange={(e) => list.setFilters({ confirm: e.target.value })}
              data-testid="bookings-confirm-filter"
            >
              <option value="">{t('bookingsAdmin.allConfirms')}</option>
              <option value="Y">{t('bookingsAdmin.confirmed')}</option>
              <option value="N">{t('bookingsAdmin.notConfirmed')}</option>
            </SelectField>
          </>
        }
        query={query}
        page={list.params.page}
        pageSize={list.params.pageSize}
        onPage={list.setPage}
      >
        <BookingBulkBar ids={selection.ids} onDone={selection.clear} />
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(b) => b.id}
          sort={list.params.sort}
          onSort={list.setSort}
          testId="bookings-table"
          className="table--sticky-first"
          rowClassName={(b) => (selection.isTicked(b.id) ? 'is-selected' : undefined)}
        />
      </ListFrame>
      {!filters.productId && <p data-testid="bookings-pick-product">{t('bookingsAdmin.pickProduct')}</p>}
      {csvError !== null && <Alert>{problemText(csvError, language)}</Alert>}
      {filters.productId && <BookingKeys productId={filters.productId} />}
      {opened?.kind === 'slip' && <BookingSlipDialog row={opened.row} onClose={() => setOpened(null)} />}
      {opened?.kind === 'edit' && <BookingEditDialog row={opened.row} onClose={() => setOpened(null)} />}
      {opened?.kind === 'mail' && <BookingMailDialog row={opened.row} onClose={() => setOpened(null)} />}
      <ConfirmDelete
        target={deleting}
        title={t('bookingsAdmin.deleteTitle')}
        description={(b) => t('bookingsAdmin.deleteText', { name: nameOf(b), email: b.email })}
        confirmLabel={t('bookingsAdmin.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={(b) => remove.mutateAsync(b.id)}
      />
    </>
  );
}

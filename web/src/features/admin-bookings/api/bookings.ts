import type {
  BookingKeyBody,
  BookingKeyPatch,
  BookingKeysPage,
  BookingKeyView,
  BookingsPage,
  BookingStaffRow,
  BookingUpdateBody,
} from '@rian/proto-contracts/bookings';
import type { ListParams } from '@/hooks/use-list-params';
import { downloadFile } from '@/lib/download';
import { staffApi } from '@/lib/staff-api';
import { staffQueries } from '@/lib/staff-crud';
import { useStaffStore } from '@/stores/staff-store';

/** Every bookings query of the back office lives under this key; a change refreshes them all. */
export const BOOKINGS_ADMIN_KEY = ['admin', 'bookings'] as const;
const { useStaffQuery, useStaffMutation } = staffQueries(BOOKINGS_ADMIN_KEY);

const PATH = '/bookings/admin/bookings';
const KEYS = '/bookings/admin/booking-keys';
const at = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

export const BOOKING_SORTS = ['-createdAt', 'createdAt', 'name'] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];
export const BOOKING_FILTERS = ['productId', 'status', 'confirm'] as const;
export type BookingFilters = Record<(typeof BOOKING_FILTERS)[number], string>;

/** GET /admin/bookings: a product's bookings (search, status and confirm filters, paged). */
export function useAdminBookings(params: ListParams<BookingSort>, f: BookingFilters) {
  return useStaffQuery(
    ['list', params, f],
    (signal) =>
      staffApi<BookingsPage>(PATH, {
        query: {
          q: params.q.trim() || undefined,
          productId: f.productId || undefined,
          status: f.status || undefined,
          confirm: f.confirm || undefined,
          page: params.page,
          pageSize: params.pageSize,
          sort: params.sort,
        },
        signal,
      }),
    { enabled: Boolean(f.productId) },
  );
}

export const useUpdateBooking = () =>
  useStaffMutation(({ id, body }: { id: string; body: BookingUpdateBody }) =>
    staffApi<BookingStaffRow>(at(PATH, id), { method: 'PUT', body }),
  );

export const useDeleteBooking = () =>
  useStaffMutation((id: string) => staffApi<void>(at(PATH, id), { method: 'DELETE' }));

/** updateWaitAll / updataConfirmAllBooking: all the ticked ids or none. */
export const useBulkBookings = () =>
  useStaffMutation(({ action, ids }: { action: 'wait' | 'confirm'; ids: string[] }) =>
    staffApi<{ updated: number }>(`${PATH}/${action}`, { method: 'POST', body: { ids } }),
  );

export const useBookingSlip = (id: string | null) =>
  useStaffQuery(
    ['slip', id],
    () => staffApi<{ url: string; urlExpiresAt: string }>(`${at(PATH, id ?? '')}/slip`),
    {
      enabled: Boolean(id),
      keepPrevious: false,
    },
  );

export const useSendBookingMail = () =>
  useStaffMutation(({ id, lang }: { id: string; lang: 'th' | 'en' }) =>
    staffApi<{ result: boolean }>(`${at(PATH, id)}/mail`, { method: 'POST', body: { lang } }),
  );

/** GET /admin/bookings/export?productId= with the staff token, saved. */
export function downloadBookingsCsv(productId: string): Promise<void> {
  return downloadFile(`${PATH}/export`, {
    token: useStaffStore.getState().token,
    query: { productId },
    fallbackName: 'bookings.csv',
  });
}

/** GET /admin/booking-keys?productId=: the product's keys (up to 100, newest first). */
export const useBookingKeys = (productId: string) =>
  useStaffQuery(
    ['keys', productId],
    (signal) => staffApi<BookingKeysPage>(KEYS, { query: { productId, page: 1, pageSize: 100 }, signal }),
    { enabled: Boolean(productId) },
  );

export const useCreateBookingKey = () =>
  useStaffMutation((body: BookingKeyBody) => staffApi<BookingKeyView>(KEYS, { method: 'POST', body }));

export const usePatchBookingKey = () =>
  useStaffMutation(({ id, body }: { id: string; body: BookingKeyPatch }) =>
    staffApi<BookingKeyView>(at(KEYS, id), { method: 'PATCH', body }),
  );

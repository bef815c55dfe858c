import { useMutation } from '@tanstack/react-query';
import type {
  BookingBody,
  BookingReceipt,
  BookingSlipUploaded,
  KeyCheckBody,
  KeyCheckView,
} from '@rian/proto-contracts/bookings';
import { api } from '@/lib/api-client';

/**
 * The public booking calls (issue 17, /api/bookings): no token needed; a signed-in member's token
 * goes along (api-client adds it), so the key check counts the member's own bookings and prefills.
 */
export function checkKey(body: KeyCheckBody): Promise<KeyCheckView> {
  return api<KeyCheckView>('/bookings/bookings/key-check', { method: 'POST', body });
}

/** POST /bookings/slips (uploadBooking): multipart, the field `key` first, then the file `slip`. */
export function uploadBookingSlip({ key, file }: { key: string; file: File }): Promise<BookingSlipUploaded> {
  const form = new FormData();
  form.append('key', key);
  // `BOOKING_SLIP_FILE_FIELD` of the contract (web imports contracts for types only)
  form.append('slip', file);
  return api<BookingSlipUploaded>('/bookings/bookings/slips', { method: 'POST', body: form });
}

export function createBooking(body: BookingBody): Promise<BookingReceipt> {
  return api<BookingReceipt>('/bookings/bookings', { method: 'POST', body });
}

export const useKeyCheck = () => useMutation({ mutationFn: checkKey });

/** The slip first (when there is one), then the booking that claims it. */
export function useBook() {
  return useMutation({
    mutationFn: async ({
      body,
      slip,
    }: {
      body: BookingBody;
      slip: { file: File; rest: SlipRest } | null;
    }) => {
      if (!slip) return createBooking(body);
      const uploaded = await uploadBookingSlip({ key: body.key, file: slip.file });
      return createBooking({ ...body, slip: { id: uploaded.id, ...slip.rest } });
    },
  });
}

export type SlipRest = { amount: number; paymentDate: string; paymentTime: string };

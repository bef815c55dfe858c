import type { BookingBody, BookingPrefill } from '@rian/proto-contracts/bookings';
import type { Message } from '@/lib/message';
import { parseBaht } from '@/lib/money';
import { normalizePhone, required, validateEmail, validatePhone } from '@/lib/validation';
import { addressPartErrors } from '@/features/account/lib/address-form';
import type { SlipRest } from '../api/bookings';

export type BookingDraft = {
  name: string;
  lname: string;
  email: string;
  tel: string;
  address: string;
  provinceId: number | null;
  districtId: number | null;
  subDistrictId: number | null;
  zip: string;
  note: string;
  /** the transfer slip (optional): the image, baht as typed, the day and the 24-hour time */
  file: File | null;
  amount: string;
  paymentDate: string;
  paymentTime: string;
};

export const BOOKING_FIELDS = [
  'name',
  'lname',
  'email',
  'tel',
  'address',
  'province',
  'district',
  'subDistrict',
  'zip',
  'note',
  'slip',
  'amount',
  'paymentDate',
  'paymentTime',
] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];
export type BookingErrors = Partial<Record<BookingField, Message>>;

export function emptyDraft(email = '', paymentDate = ''): BookingDraft {
  return {
    name: '',
    lname: '',
    email,
    tel: '',
    address: '',
    provinceId: null,
    districtId: null,
    subDistrictId: null,
    zip: '',
    note: '',
    file: null,
    amount: '',
    paymentDate,
    paymentTime: '',
  };
}

/** A signed-in member's latest booking fills the person and the address (the slip stays empty). */
export function withPrefill(draft: BookingDraft, prefill: BookingPrefill | null): BookingDraft {
  if (!prefill) return draft;
  return {
    ...draft,
    name: prefill.name,
    lname: prefill.lname,
    email: prefill.email || draft.email,
    tel: prefill.tel,
    address: prefill.address,
    provinceId: prefill.provinceId,
    districtId: prefill.districtId,
    subDistrictId: prefill.subDistrictId,
    zip: prefill.zip,
  };
}

const TIME_24H = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/**
 * Spec 02 §3 Booking and spec 01 §5 delivery-address rules: name, last name, e-mail, a 10-digit
 * phone, the address with province, district, sub-district and zip. A slip is optional; with one,
 * the amount (baht, more than 0), the payment day and the 24-hour time are required.
 */
export function validateBooking(draft: BookingDraft): BookingErrors {
  const errors: BookingErrors = {};
  const put = (field: BookingField, key: ReturnType<typeof required> | null) => {
    if (key) errors[field] = { key };
  };
  put('name', required(draft.name));
  put('lname', required(draft.lname));
  put('email', validateEmail(draft.email));
  put('tel', validatePhone(draft.tel));
  Object.assign(errors, addressPartErrors(draft));
  if (draft.file) {
    const satang = parseBaht(draft.amount);
    if (draft.amount.trim() === '') put('amount', 'validation.required');
    else if (satang === null || satang <= 0) errors.amount = { key: 'booking.amountInvalid' };
    put('paymentDate', required(draft.paymentDate));
    if (draft.paymentTime.trim() === '') put('paymentTime', 'validation.required');
    else if (!TIME_24H.test(draft.paymentTime)) errors.paymentTime = { key: 'booking.timeInvalid' };
  }
  return errors;
}

export function toBookingBody(key: string, draft: BookingDraft): BookingBody {
  const note = draft.note.trim();
  return {
    key: key.trim(),
    name: draft.name.trim(),
    lname: draft.lname.trim(),
    email: draft.email.trim(),
    tel: normalizePhone(draft.tel),
    address: draft.address.trim(),
    provinceId: draft.provinceId as number,
    districtId: draft.districtId as number,
    subDistrictId: draft.subDistrictId as number,
    zip: draft.zip.trim(),
    ...(note ? { note } : {}),
  };
}

/** The slip's fields in the contract's units (satang), or null without a slip. */
export function slipOf(draft: BookingDraft): { file: File; rest: SlipRest } | null {
  if (!draft.file) return null;
  return {
    file: draft.file,
    rest: {
      amount: parseBaht(draft.amount) ?? 0,
      paymentDate: draft.paymentDate,
      paymentTime: draft.paymentTime,
    },
  };
}

const SERVER_ALIASES: Record<string, BookingField> = {
  provinceId: 'province',
  districtId: 'district',
  subDistrictId: 'subDistrict',
  id: 'slip',
};

/** A server field name (`/slip/amount`, `provinceId`) as the form's field. */
export function bookingFieldOf(serverField: string): BookingField | null {
  const name = SERVER_ALIASES[serverField] ?? serverField;
  return (BOOKING_FIELDS as readonly string[]).includes(name) ? (name as BookingField) : null;
}

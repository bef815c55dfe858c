import { openText } from '@rian/kit/secret-box';
import type {
  BookingKeyView,
  BookingPrefill,
  BookingReceipt,
  BookingStaffRow,
} from '@rian/proto-contracts/bookings';
import type { BookingEntity } from '../entities/booking.js';
import type { BookingKeyEntity } from '../entities/booking-key.js';

/** What the phone is sealed for (kit secret-box binds it: a value sealed elsewhere does not open here). */
export const TEL_PURPOSE = 'bookings.tel';

export const iso = (v: Date) => v.toISOString();
/** a `date` column as yyyy-mm-dd, whichever way the driver hands it over */
export const day = (v: string | Date | null | undefined) =>
  v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

export function keyView(k: BookingKeyEntity, productTitle: string, bookings: number): BookingKeyView {
  return {
    id: k.id,
    code: k.code,
    productId: k.productId,
    productTitle,
    limit: k.limit,
    active: k.active,
    bookings,
    createdBy: k.createdBy ?? null,
    createdAt: iso(k.createdAt),
    updatedAt: iso(k.updatedAt),
  };
}

const addressOf = (b: BookingEntity) => ({
  address: b.address,
  provinceId: b.provinceId,
  provinceName: b.provinceName,
  districtId: b.districtId,
  districtName: b.districtName,
  subDistrictId: b.subDistrictId,
  subDistrictName: b.subDistrictName,
  zip: b.zip,
});

export function staffRow(b: BookingEntity, productTitle: string, sealKey: Buffer): BookingStaffRow {
  return {
    id: b.id,
    userId: b.userId ?? null,
    productId: b.productId,
    productTitle,
    key: b.keyCode,
    name: b.name,
    lname: b.lname,
    email: b.email,
    tel: openText(b.telSealed, sealKey, TEL_PURPOSE),
    ...addressOf(b),
    note: b.note ?? null,
    quantity: b.quantity,
    status: b.status,
    confirm: b.confirm,
    hasSlip: b.slipId != null,
    amount: b.amount ?? null,
    paymentDate: day(b.paymentDate),
    paymentTime: b.paymentTime ?? null,
    createdAt: iso(b.createdAt),
    updatedAt: iso(b.updatedAt),
  };
}

export function receipt(b: BookingEntity, productTitle: string): BookingReceipt {
  return {
    id: b.id,
    productTitle,
    status: b.status,
    confirm: b.confirm,
    quantity: b.quantity,
    hasSlip: b.slipId != null,
    createdAt: iso(b.createdAt),
  };
}

export function prefill(b: BookingEntity, sealKey: Buffer): BookingPrefill {
  return {
    name: b.name,
    lname: b.lname,
    email: b.email,
    tel: openText(b.telSealed, sealKey, TEL_PURPOSE),
    ...addressOf(b),
  };
}

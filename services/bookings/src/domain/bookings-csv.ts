import type { BookingStaffRow } from '@rian/proto-contracts/bookings';

/** The /admin/userCourseBooking export: one line per booking, money in baht, times in Asia/Bangkok. */
export const BOOKINGS_CSV_HEADER = [
  'createdAt',
  'key',
  'name',
  'lname',
  'email',
  'tel',
  'address',
  'subDistrict',
  'district',
  'province',
  'zip',
  'note',
  'quantity',
  'status',
  'confirm',
  'hasSlip',
  'amount',
  'paymentDate',
  'paymentTime',
];

/** Satang → baht with 2 decimals, exactly. */
const baht = (satang: number | null) =>
  satang == null ? null : `${Math.floor(satang / 100)}.${String(satang % 100).padStart(2, '0')}`;

/** yyyy-mm-dd HH:mm in Asia/Bangkok (UTC+7, no daylight saving). */
const bangkokStamp = (isoTime: string): string =>
  new Date(new Date(isoTime).getTime() + 7 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

export function bookingsCsvRow(r: BookingStaffRow): (string | number | null)[] {
  return [
    bangkokStamp(r.createdAt),
    r.key,
    r.name,
    r.lname,
    r.email,
    r.tel,
    r.address,
    r.subDistrictName,
    r.districtName,
    r.provinceName,
    r.zip,
    r.note,
    r.quantity,
    r.status,
    r.confirm,
    r.hasSlip ? 'Y' : 'N',
    baht(r.amount),
    r.paymentDate,
    r.paymentTime,
  ];
}

import { checkPlace, type CheckedPlace, type PlaceLookup } from '@rian/kit/thai-places';
import type { BookAddressBody } from '@rian/proto-contracts/bookings';
import type { ErrorCode } from '@rian/proto-contracts/errors';

export interface BookAddressProblem {
  field: keyof BookAddressBody;
  code: ErrorCode;
}

/** A book address that passed the rules: texts trimmed, place names and zip from the reference lists. */
export interface CheckedBookAddress extends CheckedPlace {
  fullname: string;
  tel: string;
  address: string;
  note: string | null;
}

export type BookAddressCheck =
  { ok: true; address: CheckedBookAddress } | { ok: false; problems: BookAddressProblem[] };

/**
 * Spec 01 §5 delivery address: a name, a 10-digit phone, the house part, and a place that passes the
 * kit's Thai place rules (district in province, sub-district in district, zip matching or filled).
 */
export function checkBookAddress(body: BookAddressBody, places: PlaceLookup): BookAddressCheck {
  const problems: BookAddressProblem[] = [];
  const fullname = body.fullname.trim();
  const address = body.address.trim();
  if (!fullname) problems.push({ field: 'fullname', code: 'validation.required' });
  if (!/^[0-9]{10}$/.test(body.tel)) problems.push({ field: 'tel', code: 'validation.phone_length' });
  if (!address) problems.push({ field: 'address', code: 'validation.required' });
  const place = checkPlace(body, places);
  if (!place.ok) problems.push(...place.problems);
  if (problems.length || !place.ok) return { ok: false, problems };
  return {
    ok: true,
    address: { fullname, tel: body.tel, address, ...place.place, note: body.note?.trim() || null },
  };
}

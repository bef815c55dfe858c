import type { AddressBody, AddressType } from '@rian/proto-contracts/addresses';
import type { ErrorCode } from '@rian/proto-contracts/errors';
import { checkPlace, type PlaceLookup } from '@rian/kit/thai-places';
import { isValidThaiTaxId } from './thai-tax-id.js';

export type { PlaceLookup } from '@rian/kit/thai-places';

export interface AddressProblem {
  field: keyof AddressBody;
  code: ErrorCode;
}

/** An address that passed the rules: texts trimmed, names and zip taken from the reference lists. */
export interface CheckedAddress {
  fullname: string;
  vatId: string | null;
  tel: string;
  address: string;
  provinceId: number;
  provinceName: string;
  districtId: number;
  districtName: string;
  subDistrictId: number;
  subDistrictName: string;
  zip: string;
  note: string | null;
}

export type AddressCheck = { ok: true; address: CheckedAddress } | { ok: false; problems: AddressProblem[] };

const blankToNull = (v: string | undefined): string | null => v?.trim() || null;

/**
 * Spec 02 §5 for one address slot: phone exactly 10; tax id 13 digits with a valid check digit,
 * optional for a person and required for a company; every block needs fullname, address, province,
 * district, sub-district and zip; the place itself by the kit's checkPlace.
 */
export function checkAddress(type: AddressType, body: AddressBody, places: PlaceLookup): AddressCheck {
  const problems: AddressProblem[] = [];
  const fullname = body.fullname.trim();
  const address = body.address.trim();
  const vatId = blankToNull(body.vatId);
  if (!fullname) problems.push({ field: 'fullname', code: 'validation.required' });
  if (!vatId) {
    if (type === 'company') problems.push({ field: 'vatId', code: 'validation.required' });
  } else if (!/^[0-9]{13}$/.test(vatId)) {
    problems.push({ field: 'vatId', code: 'validation.tax_id_length' });
  } else if (!isValidThaiTaxId(vatId)) {
    problems.push({ field: 'vatId', code: 'validation.tax_id_checksum' });
  }
  if (!/^[0-9]{10}$/.test(body.tel)) problems.push({ field: 'tel', code: 'validation.phone_length' });
  if (!address) problems.push({ field: 'address', code: 'validation.required' });

  const place = checkPlace(body, places);
  if (!place.ok) problems.push(...place.problems);

  if (problems.length || !place.ok) return { ok: false, problems };
  return {
    ok: true,
    address: {
      fullname,
      vatId,
      tel: body.tel,
      address,
      ...place.place,
      note: blankToNull(body.note),
    },
  };
}

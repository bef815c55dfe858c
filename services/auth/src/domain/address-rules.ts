import type { AddressBody, AddressType } from '@rian/proto-contracts/addresses';
import type { ErrorCode } from '@rian/proto-contracts/errors';
import { isValidThaiTaxId } from './thai-tax-id.js';

export interface Place {
  id: number;
  nameTh: string;
}
export interface DistrictPlace extends Place {
  provinceId: number;
}
export interface SubDistrictPlace extends Place {
  districtId: number;
  zip: string;
}

/** The Thai address reference lists, as the rules need them. */
export interface PlaceLookup {
  province(id: number): Place | undefined;
  district(id: number): DistrictPlace | undefined;
  subDistrict(id: number): SubDistrictPlace | undefined;
}

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
 * district, sub-district and zip. The district must lie in the province and the sub-district in the
 * district; the zip comes from the sub-district when left out, and must match it when given.
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

  // each level is judged only when its parent is valid: one clear message, at the first wrong choice
  const province = places.province(body.provinceId);
  const district = province ? places.district(body.districtId) : undefined;
  const subDistrict = district ? places.subDistrict(body.subDistrictId) : undefined;
  if (!province) {
    problems.push({ field: 'provinceId', code: 'validation.province_unknown' });
  } else if (!district || district.provinceId !== province.id) {
    problems.push({ field: 'districtId', code: 'validation.district_mismatch' });
  } else if (!subDistrict || subDistrict.districtId !== district.id) {
    problems.push({ field: 'subDistrictId', code: 'validation.sub_district_mismatch' });
  }
  const givenZip = blankToNull(body.zip);
  if (subDistrict && givenZip && givenZip !== subDistrict.zip) {
    problems.push({ field: 'zip', code: 'validation.zip_mismatch' });
  }

  if (problems.length || !province || !district || !subDistrict) return { ok: false, problems };
  return {
    ok: true,
    address: {
      fullname,
      vatId,
      tel: body.tel,
      address,
      provinceId: province.id,
      provinceName: province.nameTh,
      districtId: district.id,
      districtName: district.nameTh,
      subDistrictId: subDistrict.id,
      subDistrictName: subDistrict.nameTh,
      zip: subDistrict.zip,
      note: blankToNull(body.note),
    },
  };
}

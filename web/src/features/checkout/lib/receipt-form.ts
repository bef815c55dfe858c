import type { ReceiptRequest } from '@rian/proto-contracts/orders';
import type { PlaceNames } from '@/components/thai-address/thai-address-picker';
import type { Message } from '@/lib/message';
import { normalizePhone, required, validatePhone, validateTaxId } from '@/lib/validation';
import type { Address, AddressFormat, AddressType } from '@/types/api';

export type ReceiptType = AddressType;

/** The invoice section (spec 02 §4): Y/N, person or company, and the address the document names. */
export type ReceiptDraft = {
  want: boolean;
  type: ReceiptType;
  name: string;
  taxId: string;
  address: string;
  phone: string;
  provinceId: number | null;
  districtId: number | null;
  subDistrictId: number | null;
  zip: string;
  /** the Thai names of the places, as the picker or the saved address gave them */
  places: PlaceNames;
  /** the saved address the fields were filled from (the ticked checkbox); a change of hand clears it */
  source: AddressFormat | null;
};

export const EMPTY_RECEIPT: ReceiptDraft = {
  want: false,
  type: 'person',
  name: '',
  taxId: '',
  address: '',
  phone: '',
  provinceId: null,
  districtId: null,
  subDistrictId: null,
  zip: '',
  places: { province: '', district: '', subDistrict: '' },
  source: null,
};

export type ReceiptField =
  'name' | 'taxId' | 'address' | 'phone' | 'province' | 'district' | 'subDistrict' | 'zip';

export const RECEIPT_FIELDS: readonly ReceiptField[] = [
  'name',
  'taxId',
  'address',
  'phone',
  'province',
  'district',
  'subDistrict',
  'zip',
];

export type ReceiptErrors = Partial<Record<ReceiptField, Message>>;

/**
 * Spec 02 §5: a company needs name, address, province, district, sub-district, zip and a phone of 10;
 * every address block needs address, province, district, sub-district and zip; a tax id is 13 digits
 * ("กรุณากรอกให้ครบ 13ตัวอักษร", check digit as in the account's addresses). A tax document names the
 * buyer by tax id, so both kinds ask for it.
 */
export function validateReceipt(draft: ReceiptDraft): ReceiptErrors {
  if (!draft.want) return {};
  const errors: ReceiptErrors = {};
  const put = (field: ReceiptField, key: ReturnType<typeof required>) => {
    if (key) errors[field] = { key };
  };
  put('name', required(draft.name));
  put('taxId', validateTaxId(draft.taxId));
  put('address', required(draft.address));
  if (draft.provinceId === null || !draft.places.province) put('province', 'validation.required');
  if (draft.districtId === null || !draft.places.district) put('district', 'validation.required');
  if (draft.subDistrictId === null || !draft.places.subDistrict) put('subDistrict', 'validation.required');
  put('zip', required(draft.zip));
  put('phone', validatePhone(draft.phone));
  return errors;
}

/** The saved address to prefill from: the slot of this kind first, then the other kind's. */
export function savedAddressFor(
  addresses: readonly Address[] | undefined,
  format: AddressFormat,
  type: ReceiptType,
): Address | undefined {
  const slots = (addresses ?? []).filter((a) => a.format === format);
  return slots.find((a) => a.type === type) ?? slots[0];
}

export function receiptFromAddress(address: Address): Partial<ReceiptDraft> {
  return {
    name: address.fullname,
    taxId: address.vatId ?? '',
    address: address.address,
    phone: address.tel,
    provinceId: address.provinceId,
    districtId: address.districtId,
    subDistrictId: address.subDistrictId,
    zip: address.zip,
    places: {
      province: address.provinceName,
      district: address.districtName,
      subDistrict: address.subDistrictName,
    },
  };
}

/** The body's `receipt`: place names (Thai, as the tax document prints them), digits only. */
export function toReceiptRequest(draft: ReceiptDraft): ReceiptRequest {
  return {
    type: draft.type,
    name: draft.name.trim(),
    taxId: normalizePhone(draft.taxId),
    address: draft.address.trim(),
    province: draft.places.province,
    district: draft.places.district,
    subDistrict: draft.places.subDistrict,
    zip: draft.zip.trim(),
    phone: normalizePhone(draft.phone),
  };
}

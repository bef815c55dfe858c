import type { Message } from '@/lib/message';
import { normalizePhone, required, validatePhone, validateTaxId } from '@/lib/validation';
import type { Address, AddressBody, AddressType } from '@/types/api';

export type AddressDraft = {
  fullname: string;
  vatId: string;
  tel: string;
  address: string;
  provinceId: number | null;
  districtId: number | null;
  subDistrictId: number | null;
  zip: string;
  note: string;
};

export type AddressField =
  'fullname' | 'vatId' | 'tel' | 'address' | 'province' | 'district' | 'subDistrict' | 'zip' | 'note';

export const ADDRESS_FIELDS: readonly AddressField[] = [
  'fullname',
  'vatId',
  'tel',
  'address',
  'province',
  'district',
  'subDistrict',
  'zip',
  'note',
];

export type AddressErrors = Partial<Record<AddressField, Message>>;

export function draftFrom(address: Address | undefined): AddressDraft {
  return {
    fullname: address?.fullname ?? '',
    vatId: address?.vatId ?? '',
    tel: address?.tel ?? '',
    address: address?.address ?? '',
    provinceId: address?.provinceId ?? null,
    districtId: address?.districtId ?? null,
    subDistrictId: address?.subDistrictId ?? null,
    zip: address?.zip ?? '',
    note: address?.note ?? '',
  };
}

type AddressPart = 'address' | 'province' | 'district' | 'subDistrict' | 'zip';

/**
 * The address part every Thai address form checks (spec 01 §5, spec 02 §5): the house and street,
 * province, district, sub-district and zip are required. The account's addresses, the booking form
 * and its staff edit, and the member's book delivery use it.
 */
export function addressPartErrors(draft: {
  address: string;
  provinceId: number | null;
  districtId: number | null;
  subDistrictId: number | null;
  zip: string;
}): Partial<Record<AddressPart, Message>> {
  const errors: Partial<Record<AddressPart, Message>> = {};
  const address = required(draft.address);
  if (address) errors.address = { key: address };
  if (draft.provinceId === null) errors.province = { key: 'validation.required' };
  if (draft.districtId === null) errors.district = { key: 'validation.required' };
  if (draft.subDistrictId === null) errors.subDistrict = { key: 'validation.required' };
  const zip = required(draft.zip);
  if (zip) errors.zip = { key: zip };
  return errors;
}

/**
 * Spec 02 §5 and contract §C: every block needs a name, phone (10), address, province, district,
 * sub-district and zip; a person's tax id is optional, a company's required — 13 digits with a valid
 * check digit either way.
 */
export function validateAddress(draft: AddressDraft, type: AddressType): AddressErrors {
  const errors: AddressErrors = {};
  const put = (field: AddressField, key: ReturnType<typeof required>) => {
    if (key) errors[field] = { key };
  };
  put('fullname', required(draft.fullname));
  put('vatId', validateTaxId(draft.vatId, { optional: type === 'person' }));
  put('tel', validatePhone(draft.tel));
  Object.assign(errors, addressPartErrors(draft));
  return errors;
}

export function toAddressBody(draft: AddressDraft): AddressBody {
  const vatId = normalizePhone(draft.vatId);
  const note = draft.note.trim();
  return {
    fullname: draft.fullname.trim(),
    ...(vatId ? { vatId } : {}),
    tel: normalizePhone(draft.tel),
    address: draft.address.trim(),
    provinceId: draft.provinceId as number,
    districtId: draft.districtId as number,
    subDistrictId: draft.subDistrictId as number,
    zip: draft.zip.trim(),
    ...(note ? { note } : {}),
  };
}

const SERVER_ALIASES: Record<string, AddressField> = {
  provinceId: 'province',
  districtId: 'district',
  subDistrictId: 'subDistrict',
};

/** The server may name the place fields by their ids (`provinceId`); the form names them by place. */
export function addressFieldOf(serverField: string): AddressField | null {
  const name = SERVER_ALIASES[serverField] ?? serverField;
  return (ADDRESS_FIELDS as readonly string[]).includes(name) ? (name as AddressField) : null;
}

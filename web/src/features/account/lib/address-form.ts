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
  put('address', required(draft.address));
  if (draft.provinceId === null) put('province', 'validation.required');
  if (draft.districtId === null) put('district', 'validation.required');
  if (draft.subDistrictId === null) put('subDistrict', 'validation.required');
  put('zip', required(draft.zip));
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

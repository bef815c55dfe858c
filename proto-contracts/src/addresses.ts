import { Type, type Static } from '@sinclair/typebox';
import { Phone, RequiredText } from './common.js';
import { X_ERROR } from './errors.js';

// ---------- a member's addresses (spec 01 §3 UserAddress, spec 02 §5), served by auth ----------

/** `current` = where the member lives (documents, tax invoice); `delivery` = where books are sent. */
export const ADDRESS_FORMATS = ['current', 'delivery'] as const;
export type AddressFormat = (typeof ADDRESS_FORMATS)[number];
export const AddressFormatSchema = Type.Union(ADDRESS_FORMATS.map((f) => Type.Literal(f)));

/** `person` = an individual (tax id optional), `company` = a company (tax id and every field required). */
export const ADDRESS_TYPES = ['person', 'company'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const AddressTypeSchema = Type.Union(ADDRESS_TYPES.map((t) => Type.Literal(t)));

/** The four slots, in the order lists show them. */
export const ADDRESS_SLOTS = ADDRESS_FORMATS.flatMap((format) =>
  ADDRESS_TYPES.map((type) => ({ format, type })),
);

export const AddressSlotParams = Type.Object({ format: AddressFormatSchema, type: AddressTypeSchema });
export type AddressSlotParams = Static<typeof AddressSlotParams>;

/** Thai tax id (13 digits, spec 02 §5); "" means none. The check digit is checked by the server. */
export const TaxId = () =>
  Type.String({ maxLength: 13, pattern: '^([0-9]{13})?$', [X_ERROR]: 'validation.tax_id_length' });

/** An id from the reference lists (GET /reference/...). */
const PlaceId = (description: string) => Type.Integer({ minimum: 1, description });

export const AddressBody = Type.Object({
  fullname: RequiredText(200, { description: 'the person’s full name, or the company name' }),
  vatId: Type.Optional(TaxId()),
  tel: Phone(),
  address: RequiredText(500, { description: 'house number, building, street' }),
  provinceId: PlaceId('from GET /reference/provinces'),
  districtId: PlaceId('from GET /reference/districts?provinceId='),
  subDistrictId: PlaceId('from GET /reference/sub-districts?districtId='),
  zip: Type.Optional(
    Type.String({
      maxLength: 5,
      pattern: '^([0-9]{5})?$',
      [X_ERROR]: 'validation.format',
      description: 'filled from the sub-district when absent or ""',
    }),
  ),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type AddressBody = Static<typeof AddressBody>;

export const AddressView = Type.Object(
  {
    format: AddressFormatSchema,
    type: AddressTypeSchema,
    fullname: Type.String(),
    vatId: Type.Union([Type.String(), Type.Null()]),
    tel: Type.String(),
    address: Type.String(),
    provinceId: Type.Integer(),
    provinceName: Type.String(),
    districtId: Type.Integer(),
    districtName: Type.String(),
    subDistrictId: Type.Integer(),
    subDistrictName: Type.String(),
    zip: Type.String(),
    note: Type.Union([Type.String(), Type.Null()]),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Address' },
);
export type AddressView = Static<typeof AddressView>;

// ---------- Thai address reference lists (public, cacheable) ----------

export const ProvinceView = Type.Object({ id: Type.Integer(), nameTh: Type.String(), nameEn: Type.String() });
export type ProvinceView = Static<typeof ProvinceView>;

export const DistrictView = Type.Object({
  id: Type.Integer(),
  provinceId: Type.Integer(),
  nameTh: Type.String(),
  nameEn: Type.String(),
});
export type DistrictView = Static<typeof DistrictView>;

export const SubDistrictView = Type.Object({
  id: Type.Integer(),
  districtId: Type.Integer(),
  nameTh: Type.String(),
  nameEn: Type.String(),
  zip: Type.String(),
});
export type SubDistrictView = Static<typeof SubDistrictView>;

export const DistrictsQuery = Type.Object({ provinceId: Type.Integer({ minimum: 1 }) });
export const SubDistrictsQuery = Type.Object({ districtId: Type.Integer({ minimum: 1 }) });

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { AddressFormat, AddressType } from '@rian/proto-contracts/addresses';

/**
 * One of a member's four address slots (spec 01 §3 UserAddress): format current|delivery ×
 * type person|company, unique per user. Place names are kept beside the reference ids, so an
 * address reads the same even if the reference data is later corrected.
 */
export const UserAddress = defineEntity({
  name: 'UserAddress',
  tableName: 'user_addresses',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    format: p.string().$type<AddressFormat>(),
    type: p.string().$type<AddressType>(),
    fullname: p.string().length(200),
    vatId: p.string().length(13).nullable(),
    tel: p.string().length(10),
    address: p.string().length(500),
    provinceId: p.integer(),
    provinceName: p.string().length(100),
    districtId: p.integer(),
    districtName: p.string().length(100),
    subDistrictId: p.integer(),
    subDistrictName: p.string().length(100),
    zip: p.string().length(5),
    note: p.string().length(500).nullable(),
    /** spec: create_by — who saved it (the member, or staff on their behalf) */
    createdBy: p.uuid(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type UserAddressRow = InferEntity<typeof UserAddress>;

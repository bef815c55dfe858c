import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { YesNo } from '@rian/proto-contracts/enums';

/** A booking key: a code (upper-case) anyone may book a product with, up to its limit. */
export const BookingKey = defineEntity({
  name: 'BookingKey',
  tableName: 'booking_keys',
  properties: {
    id: p.uuid().primary().fieldName('key_id'),
    code: p.string().length(40),
    productId: p.uuid(),
    limit: p.integer().fieldName('booking_limit'),
    active: p.string().$type<YesNo>().length(1),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type BookingKeyEntity = InferEntity<typeof BookingKey>;

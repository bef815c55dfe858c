import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { YesNo } from '@rian/proto-contracts/enums';

/**
 * Orders' copy of a catalog product (from `catalog.product.changed`): what checkout needs to sell
 * it with catalog down. That event has no revision, so `changedAt` (catalog's updatedAt, written
 * under a row lock) and then the event id (UUIDv7, time-ordered) decide which copy is newer.
 */
export const SellableProduct = defineEntity({
  name: 'SellableProduct',
  tableName: 'sellable_products',
  properties: {
    productId: p.uuid().primary(),
    url: p.string().length(120),
    title: p.string().length(200),
    price: p.bigint('number'),
    disable: p.string().$type<YesNo>().length(1),
    book: p.string().$type<YesNo>().length(1),
    coinPay: p.string().$type<YesNo>().length(1),
    coursesId: p.string().length(64).nullable(),
    changedAt: p.datetime(),
    eventId: p.uuid(),
    updatedAt: p.datetime(),
  },
});
export type SellableProductEntity = InferEntity<typeof SellableProduct>;

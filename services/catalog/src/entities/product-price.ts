import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { YesNo } from '@rian/proto-contracts/enums';
import type { PriceType } from '@rian/proto-contracts/catalog-commerce';

/**
 * A price of a product (spec 02 §3 Product price) in satang, for one membership code and a window
 * of Asia/Bangkok days (null = open on that side). Removing only marks it (remove_by): orders keep
 * pointing at prices that were sold.
 */
export const ProductPrice = defineEntity({
  name: 'ProductPrice',
  tableName: 'product_prices',
  properties: {
    id: p.uuid().primary(),
    productId: p.uuid(),
    type: p.string().$type<PriceType>().length(3),
    member: p.string().length(8),
    value: p.bigint('number'),
    show: p.string().$type<YesNo>().length(1),
    start: p.date().fieldName('start_date').nullable(),
    to: p.date().fieldName('to_date').nullable(),
    title: p.string().length(200),
    detail: p.text().nullable(),
    fee: p.string().$type<YesNo>().length(1),
    removed: p.string().$type<YesNo>().length(1),
    removedAt: p.datetime().nullable(),
    removedBy: p.string().length(64).nullable(),
    revision: p.integer(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ProductPriceEntity = InferEntity<typeof ProductPrice>;

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { YesNo } from '@rian/proto-contracts/enums';
import type { PriceType } from '@rian/proto-contracts/catalog-commerce';

/** Orders' copy of a product price (from `catalog.price.changed`), kept at the highest revision seen. */
export const ProductPrice = defineEntity({
  name: 'ProductPrice',
  tableName: 'product_prices',
  properties: {
    priceId: p.uuid().primary(),
    productId: p.uuid(),
    type: p.string().$type<PriceType>().length(3),
    member: p.string().length(8),
    value: p.bigint('number'),
    show: p.string().$type<YesNo>().length(1),
    start: p.date().fieldName('start_date').nullable(),
    to: p.date().fieldName('to_date').nullable(),
    title: p.string().length(200),
    detail: p.text().nullable(),
    /** Y: the card fee is waived */
    fee: p.string().$type<YesNo>().length(1),
    removed: p.boolean(),
    revision: p.integer(),
    changedAt: p.datetime(),
  },
});
export type ProductPriceEntity = InferEntity<typeof ProductPrice>;

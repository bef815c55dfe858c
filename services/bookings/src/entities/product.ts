import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { YesNo } from '@rian/proto-contracts/enums';

/** Catalog's product as last heard (`catalog.product.changed` / `.deleted`); newest changedAt wins. */
export const Product = defineEntity({
  name: 'Product',
  tableName: 'products',
  properties: {
    id: p.uuid().primary().fieldName('product_id'),
    title: p.text(),
    book: p.string().$type<YesNo>().length(1),
    coursesId: p.text().nullable(),
    disable: p.string().$type<YesNo>().length(1),
    deleted: p.boolean(),
    changedAt: p.datetime(),
    eventId: p.uuid(),
    updatedAt: p.datetime(),
  },
});
export type ProductEntity = InferEntity<typeof Product>;

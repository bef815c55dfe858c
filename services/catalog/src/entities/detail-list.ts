import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One item of a product page tab (spec 02 §3 Product detail list), ordered by `item`. */
export const DetailList = defineEntity({
  name: 'DetailList',
  tableName: 'product_detail_lists',
  properties: {
    id: p.uuid().primary(),
    productId: p.uuid(),
    typeId: p.uuid(),
    title: p.string().length(300),
    detail: p.text().nullable(),
    item: p.integer(),
    file: p.string().length(300).nullable(),
    img: p.string().length(300).nullable(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type DetailListEntity = InferEntity<typeof DetailList>;

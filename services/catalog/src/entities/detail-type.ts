import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A tab of the product page (spec 02 §3 Product detail type: product_detail_tab_name), ordered by `item`. */
export const DetailType = defineEntity({
  name: 'DetailType',
  tableName: 'product_detail_types',
  properties: {
    id: p.uuid().primary(),
    tabName: p.string().length(100),
    item: p.integer(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type DetailTypeEntity = InferEntity<typeof DetailType>;

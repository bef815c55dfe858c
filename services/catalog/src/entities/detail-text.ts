import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A text shared by every product page (spec 02 §3 Product detail text), in the order written. */
export const DetailText = defineEntity({
  name: 'DetailText',
  tableName: 'product_detail_texts',
  properties: {
    id: p.uuid().primary(),
    text: p.text().fieldName('detail_text'),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type DetailTextEntity = InferEntity<typeof DetailText>;

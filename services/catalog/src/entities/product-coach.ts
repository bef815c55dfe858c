import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A coach of a product (spec 02 §3 Product coach); unique per pair, removed with either side. */
export const ProductCoach = defineEntity({
  name: 'ProductCoach',
  tableName: 'product_coaches',
  properties: {
    id: p.uuid().primary(),
    productId: p.uuid(),
    coachId: p.uuid(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ProductCoachEntity = InferEntity<typeof ProductCoach>;

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A member group (Facebook / Line, owned by learning) that buyers of a product join
 * (spec 02 §3 Product group). The group id is not checked here: learning owns the groups.
 */
export const ProductGroup = defineEntity({
  name: 'ProductGroup',
  tableName: 'product_groups',
  properties: {
    id: p.uuid().primary(),
    productId: p.uuid(),
    memberGroupId: p.uuid(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ProductGroupEntity = InferEntity<typeof ProductGroup>;

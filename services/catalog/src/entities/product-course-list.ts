import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The courses a product grants (spec 02 §3 Package product: product_id, courses_id), one ordered
 * list per product: staff edit it as a whole and `catalog.product-courses.changed` carries it whole.
 */
export const ProductCourseList = defineEntity({
  name: 'ProductCourseList',
  tableName: 'product_courses',
  properties: {
    productId: p.uuid().primary(),
    courseIds: p.json<string[]>(),
    revision: p.integer(),
    updatedBy: p.string().length(64).nullable(),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ProductCourseListEntity = InferEntity<typeof ProductCourseList>;

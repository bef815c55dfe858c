import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** The courses a product grants (from `catalog.product-courses.changed`), the whole list per product. */
export const ProductCourseList = defineEntity({
  name: 'ProductCourseList',
  tableName: 'product_courses',
  properties: {
    productId: p.uuid().primary(),
    courseIds: p.json<string[]>(),
    revision: p.integer(),
    changedAt: p.datetime(),
  },
});
export type ProductCourseListEntity = InferEntity<typeof ProductCourseList>;

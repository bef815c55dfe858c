import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Catalog's course list of a product (`catalog.product-courses.changed`), the highest revision kept. */
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

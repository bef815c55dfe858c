import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A paid order as `orders.order.paid` told it: the buyer, the product and the courses it granted
 * then. Staff grant a product's courses linked later to these buyers (grant-missing).
 */
export const PaidOrder = defineEntity({
  name: 'PaidOrder',
  tableName: 'paid_orders',
  properties: {
    orderId: p.uuid().primary(),
    userId: p.string().length(64),
    productId: p.uuid(),
    courseIds: p.json<string[]>(),
    paidAt: p.datetime(),
  },
});
export type PaidOrderEntity = InferEntity<typeof PaidOrder>;

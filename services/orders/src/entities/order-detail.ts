import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** What an order bought (spec 02 §3 Order detail): one product at one price, with its coupon. */
export const OrderDetail = defineEntity({
  name: 'OrderDetail',
  tableName: 'order_details',
  properties: {
    id: p.uuid().primary().fieldName('detail_id'),
    orderId: p.uuid(),
    productId: p.uuid(),
    priceId: p.uuid(),
    couponId: p.uuid().nullable(),
    price: p.bigint('number'),
    discount: p.bigint('number'),
    net: p.bigint('number'),
    /** coins credited by a Point coupon (orders_detail_coin) */
    coin: p.integer(),
  },
});
export type OrderDetailEntity = InferEntity<typeof OrderDetail>;

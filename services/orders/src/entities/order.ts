import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { YesNo } from '@rian/proto-contracts/enums';
import type { ReceiptRequest } from '@rian/proto-contracts/orders';
import type { OrderStatus } from '../domain/order-status.js';

export type { OrderStatus };

/** An order (spec 02 §3 Order); amounts in satang as checkout computed them. */
export const Order = defineEntity({
  name: 'Order',
  tableName: 'orders',
  properties: {
    id: p.uuid().primary().fieldName('order_id'),
    orderNo: p.bigint('number'),
    reference: p.string().length(14),
    userId: p.string().length(64),
    userEmail: p.string().length(254).nullable(),
    paymentType: p.smallint(),
    status: p.string().$type<OrderStatus>().length(8),
    total: p.bigint('number'),
    discount: p.bigint('number'),
    vat: p.bigint('number'),
    fee: p.bigint('number'),
    withholding: p.bigint('number'),
    net: p.bigint('number'),
    receipt: p.string().$type<YesNo>().length(1),
    receiptType: p.string().$type<'person' | 'company'>().length(8),
    receiptInfo: p.json<ReceiptRequest>().nullable(),
    couponId: p.uuid().nullable(),
    /** the referrer (orders_invite), as the product page's address gave it */
    invite: p.string().length(64).nullable(),
    idempotencyKey: p.string().length(100),
    requestHash: p.string().length(64),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type OrderEntity = InferEntity<typeof Order>;

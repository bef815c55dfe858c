import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { AttemptStatus } from '@rian/proto-contracts/payments';

/** What is due on an order, or on one instalment of it (spec 02 §3 Order transfer, payments' side). */
export const PaymentAttempt = defineEntity({
  name: 'PaymentAttempt',
  tableName: 'payment_attempts',
  properties: {
    id: p.uuid().primary().fieldName('attempt_id'),
    orderId: p.uuid(),
    orderNo: p.bigint('number'),
    reference: p.string().length(14),
    userId: p.string().length(64),
    userEmail: p.string().length(254).nullable(),
    productId: p.uuid(),
    paymentType: p.smallint(),
    orderNet: p.bigint('number'),
    installment: p.boolean(),
    period: p.integer(),
    dueDate: p.date().nullable(),
    amount: p.bigint('number'),
    status: p.string().$type<AttemptStatus>().length(8),
    paidAt: p.datetime().nullable(),
    /** slip, card, unionpay or qr */
    paidMethod: p.string().length(16).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type PaymentAttemptEntity = InferEntity<typeof PaymentAttempt>;

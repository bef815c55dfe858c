import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One instalment of an order paid in instalments (spec 02 §3 Order transfer). */
export const OrderTransfer = defineEntity({
  name: 'OrderTransfer',
  tableName: 'order_transfers',
  properties: {
    id: p.uuid().primary().fieldName('transfer_id'),
    orderId: p.uuid(),
    period: p.integer(),
    dueDate: p.date(),
    amount: p.bigint('number'),
    status: p.string().length(8),
  },
});
export type OrderTransferEntity = InferEntity<typeof OrderTransfer>;

import { on } from '@rian/kit/consumer';
import { OrderCreated } from '@rian/proto-contracts/orders';
import { PAYMENT_TYPE } from '@rian/proto-contracts/payment-types';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { PaymentAttempt } from '../../entities/payment-attempt.js';

/**
 * An order was placed: open what is due on it, for the amounts in the event (never the browser's):
 * one attempt for the order's net, or one per instalment of the schedule (payment type 8). The inbox
 * skips a redelivered event; the periods already there are skipped for the same order sent as a new
 * event (and `unique (order_id, period)` refuses a racing copy, whose retry then skips).
 */
export const onOrdersOrderCreated = on(OrderCreated, async (event, { em }) => {
  const o = event.data;
  const installment = o.paymentType === PAYMENT_TYPE.installments && o.schedule.length > 0;
  const rows = installment
    ? o.schedule.map((s) => ({ period: s.period, dueDate: s.dueDate as string | null, amount: s.amount }))
    : [{ period: 1, dueDate: null, amount: o.net }];
  const known = new Set(
    (await em.find(PaymentAttempt, { orderId: o.orderId }, { fields: ['period'] })).map((a) => a.period),
  );
  const now = new Date();
  for (const r of rows) {
    if (known.has(r.period)) continue;
    em.create(PaymentAttempt, {
      id: uuidv7(),
      orderId: o.orderId,
      orderNo: o.orderNo,
      reference: o.reference,
      userId: o.userId,
      userEmail: o.userEmail ?? null,
      productId: o.productId,
      paymentType: o.paymentType,
      orderNet: o.net,
      installment,
      period: r.period,
      dueDate: r.dueDate,
      amount: r.amount,
      status: 'create',
      createdAt: now,
      updatedAt: now,
    });
  }
  await em.flush();
});

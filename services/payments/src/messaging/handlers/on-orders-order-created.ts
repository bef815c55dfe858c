import { on } from '@rian/kit/consumer';
import { OrderCreated } from '@rian/proto-contracts/orders';
import { uuidv7 } from '@rian/proto-contracts/uuid';

/**
 * An order was placed: open what is due on it, for the amounts in the event (never the browser's):
 * one attempt for the order's net, or one per instalment of the schedule (payment type 8). The inbox
 * skips a redelivered event; `unique (order_id, period)` skips the same order sent as a new event.
 */
export const onOrdersOrderCreated = on(OrderCreated, async (event, { em }) => {
  const o = event.data;
  const installment = o.paymentType === 8 && o.schedule.length > 0;
  const rows = installment
    ? o.schedule.map((s) => ({ period: s.period, dueDate: s.dueDate as string | null, amount: s.amount }))
    : [{ period: 1, dueDate: null, amount: o.net }];
  for (const r of rows) {
    await em.execute(
      `insert into payment_attempts (attempt_id, order_id, order_no, reference, user_id, user_email,
                                     product_id, payment_type, order_net, installment, period, due_date,
                                     amount, status, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'create', now(), now())
       on conflict (order_id, period) do nothing`,
      [
        uuidv7(),
        o.orderId,
        o.orderNo,
        o.reference,
        o.userId,
        o.userEmail ?? null,
        o.productId,
        o.paymentType,
        o.net,
        installment,
        r.period,
        r.dueDate,
        r.amount,
      ] as never[],
    );
  }
});

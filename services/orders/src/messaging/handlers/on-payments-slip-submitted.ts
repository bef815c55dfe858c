import { on } from '@rian/kit/consumer';
import { SlipSubmitted } from '@rian/proto-contracts/payments';

/**
 * A buyer sent a slip: while staff have not decided, the order does not expire (`slip_pending`),
 * and the instalment it pays is `wait` (waiting for confirmation, spec 02 §4). Setting the same
 * values again changes nothing, so a redelivery is harmless even past the inbox.
 */
export const onPaymentsSlipSubmitted = on(SlipSubmitted, async (event, { em }) => {
  const { orderId, period } = event.data;
  await em.execute(`update orders set slip_pending = true where order_id = ? and status = 'wait'`, [orderId]);
  if (period !== null) {
    await em.execute(
      `update order_transfers set status = 'wait' where order_id = ? and period = ? and status in ('create', 'approve')`,
      [orderId, period],
    );
  }
});

import { on } from '@rian/kit/consumer';
import { SlipSubmitted } from '@rian/proto-contracts/payments';
import { INSTALLMENT_SLIP_SENT, WAITING } from '../../domain/order-status.js';
import { moveInstallments } from '../../plugins/app/order-lifecycle.js';

/**
 * A buyer sent a slip: while staff have not decided, the order does not expire (`slip_pending`),
 * and the instalment it pays is `wait` (waiting for confirmation, spec 02 §4). Setting the same
 * values again changes nothing, so a redelivery is harmless even past the inbox.
 */
export const onPaymentsSlipSubmitted = on(SlipSubmitted, async (event, { em }) => {
  const { orderId, period } = event.data;
  await em.execute(`update orders set slip_pending = true where order_id = ? and status = ?`, [
    orderId,
    WAITING,
  ]);
  if (period !== null) await moveInstallments(em, orderId, period, INSTALLMENT_SLIP_SENT);
});

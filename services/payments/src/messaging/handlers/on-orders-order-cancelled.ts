import { on } from '@rian/kit/consumer';
import { OrderCancelled } from '@rian/proto-contracts/orders-admin';
import { PaymentAttempt } from '../../entities/payment-attempt.js';
import { ATTEMPT_OPEN, ATTEMPT_TRANSITIONS, nextStatus } from '../../domain/status-transitions.js';

/**
 * An order still waiting was cancelled: nothing is due on it any more. Attempts not yet paid close
 * (not); a slip still waiting can then no longer be approved (409), only rejected. Paid attempts
 * stay paid (a redelivery finds nothing open: the guard on state).
 */
export const onOrdersOrderCancelled = on(OrderCancelled, async (event, { em }) => {
  const open = await em.find(PaymentAttempt, {
    orderId: event.data.orderId,
    status: { $in: [...ATTEMPT_OPEN] },
  });
  const now = new Date();
  for (const a of open) {
    a.status = nextStatus('attempt', ATTEMPT_TRANSITIONS, a.status, 'not');
    a.updatedAt = now;
  }
  await em.flush();
});

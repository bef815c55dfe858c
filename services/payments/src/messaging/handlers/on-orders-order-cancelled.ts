import { on } from '@rian/kit/consumer';
import { OrderCancelled } from '@rian/proto-contracts/orders-admin';

/**
 * An order still waiting was cancelled: nothing is due on it any more. Attempts not yet paid close
 * (not); a slip still waiting can then no longer be approved (409), only rejected.
 */
export const onOrdersOrderCancelled = on(OrderCancelled, async (event, { em }) => {
  await em.execute(
    `update payment_attempts set status = 'not', updated_at = now()
      where order_id = ? and status in ('create', 'wait')`,
    [event.data.orderId],
  );
});

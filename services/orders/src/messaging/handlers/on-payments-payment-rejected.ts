import { on } from '@rian/kit/consumer';
import { PaymentRejected } from '@rian/proto-contracts/payments';

/**
 * Staff rejected a slip: the buyer may send another, so an order still waiting gets a new full
 * deadline counted from the rejection, and the instalment is waiting to pay again (`create`).
 */
export const onPaymentsPaymentRejected = (deadlineHours: number) =>
  on(PaymentRejected, async (event, { em }) => {
    const { orderId, period, rejectedAt } = event.data;
    const due = new Date(new Date(rejectedAt).getTime() + deadlineHours * 3_600_000);
    await em.execute(
      `update orders set slip_pending = false, due_at = ? where order_id = ? and status = 'wait'`,
      [due, orderId] as never[],
    );
    if (period !== null) {
      await em.execute(
        `update order_transfers set status = 'create' where order_id = ? and period = ? and status = 'wait'`,
        [orderId, period],
      );
    }
  });

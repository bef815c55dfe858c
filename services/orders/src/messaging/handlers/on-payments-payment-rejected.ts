import { on } from '@rian/kit/consumer';
import { PaymentRejected } from '@rian/proto-contracts/payments';
import { INSTALLMENT_NEW, WAITING } from '../../domain/order-status.js';
import { moveInstallments } from '../../plugins/app/order-lifecycle.js';

/**
 * Staff rejected a slip: the buyer may send another, so an order still waiting gets a new full
 * deadline counted from the rejection, and the instalment is waiting to pay again (`create`).
 */
export const onPaymentsPaymentRejected = (deadlineHours: number) =>
  on(PaymentRejected, async (event, { em }) => {
    const { orderId, period, rejectedAt } = event.data;
    const due = new Date(new Date(rejectedAt).getTime() + deadlineHours * 3_600_000);
    await em.execute(`update orders set slip_pending = false, due_at = ? where order_id = ? and status = ?`, [
      due,
      orderId,
      WAITING,
    ] as never[]);
    if (period !== null) await moveInstallments(em, orderId, period, INSTALLMENT_NEW);
  });

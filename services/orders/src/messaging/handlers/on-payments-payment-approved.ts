import { on } from '@rian/kit/consumer';
import type { Outbox } from '@rian/kit/outbox';
import { PaymentApproved } from '@rian/proto-contracts/payments';
import { markOrderPaid } from '../order-paid.js';

/** Staff approved a slip: the order (or instalment) is paid — the path shared with provider payments. */
export const onPaymentsPaymentApproved = (outbox: Outbox) =>
  on(PaymentApproved, async (event, { em, logger }) => {
    const { orderId, period, approvedBy, approvedAt } = event.data;
    await markOrderPaid(em, outbox, logger, { orderId, period, approvedBy, paidAt: approvedAt });
  });

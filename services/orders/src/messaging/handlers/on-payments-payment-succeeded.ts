import { on } from '@rian/kit/consumer';
import type { Outbox } from '@rian/kit/outbox';
import { PaymentSucceeded } from '@rian/proto-contracts/payments';
import { markOrderPaid } from '../order-paid.js';

/**
 * A provider confirmed a card, UnionPay or QR payment: handled exactly like a staff approval
 * (`markOrderPaid`); approve_by records the provider and the method (e.g. "2c2p:card").
 */
export const onPaymentsPaymentSucceeded = (outbox: Outbox) =>
  on(PaymentSucceeded, async (event, { em, logger }) => {
    const { orderId, period, provider, method, succeededAt } = event.data;
    await markOrderPaid(em, outbox, logger, {
      orderId,
      period,
      approvedBy: `${provider}:${method}`,
      paidAt: succeededAt,
    });
  });

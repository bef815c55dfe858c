import { on } from '@rian/kit/consumer';
import { PaymentRejected } from '@rian/proto-contracts/payments';
import type { Config } from '../../config.js';
import { PAYMENT_REJECTED_TEMPLATE, paymentRejectedEmail } from '../../domain/order-templates.js';
import { enqueueDelivery } from '../../plugins/app/delivery-log.js';
import { contactOf, rememberContact } from '../../plugins/app/user-contacts.js';

/**
 * Staff rejected a transfer slip: the buyer gets an e-mail with the staff's note (once per event).
 * The address comes with the event (from the order), else from the user directory kept from
 * auth.user.registered; in the buyer's language (Thai when unknown).
 */
export const onPaymentsPaymentRejected = (config: Config) =>
  on(PaymentRejected, async (event, { em, logger }) => {
    const { userId, reference, amount, note, userEmail } = event.data;
    if (userEmail) await rememberContact(em, userId, userEmail);
    const contact = await contactOf(em, userId);
    const to = userEmail ?? contact?.email;
    const locale = contact?.locale ?? 'th';
    if (!to) {
      logger.warn(
        { userId, orderId: event.data.orderId },
        'no e-mail address known for the buyer; no e-mail',
      );
      return;
    }
    await enqueueDelivery(em, {
      channel: 'email',
      to,
      template: PAYMENT_REJECTED_TEMPLATE,
      locale,
      message: paymentRejectedEmail({ reference, amount, note, siteUrl: config.SITE_URL, locale }),
      eventId: event.id,
    });
  });

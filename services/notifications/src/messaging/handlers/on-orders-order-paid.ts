import { on } from '@rian/kit/consumer';
import { OrderPaid } from '@rian/proto-contracts/orders';
import type { Config } from '../../config.js';
import {
  ORDER_CONFIRMED_TEMPLATE,
  orderConfirmedEmail,
  staffChatText,
} from '../../domain/order-templates.js';
import { enqueueDelivery } from '../../plugins/app/delivery-log.js';
import { enqueueStaffChat, staffChatTargets } from '../../plugins/app/staff-chat.js';
import { contactEmail, rememberContact } from '../../plugins/app/user-contacts.js';

/**
 * An order was paid: the buyer gets the order-confirmed e-mail with the group-joining steps (spec 02
 * §9), and staff a chat message. Thai: notifications does not know users' languages yet. Once per
 * event: unique (event id, template) in the delivery log, besides the kit's inbox.
 */
export const onOrdersOrderPaid = (config: Config) =>
  on(OrderPaid, async (event, { em, logger }) => {
    const { userId, reference, net, userEmail, productTitle } = event.data;
    if (userEmail) await rememberContact(em, userId, userEmail);
    const to = userEmail ?? (await contactEmail(em, userId));
    if (to) {
      const added = await enqueueDelivery(em, {
        channel: 'email',
        to,
        template: ORDER_CONFIRMED_TEMPLATE,
        locale: 'th',
        message: orderConfirmedEmail({
          reference,
          productTitle: productTitle ?? null,
          net,
          siteUrl: config.SITE_URL,
          locale: 'th',
        }),
        eventId: event.id,
      });
      if (!added) logger.info('order-confirmed e-mail already recorded for this event');
    } else {
      logger.warn(
        { userId, orderId: event.data.orderId },
        'no e-mail address known for the buyer; no e-mail',
      );
    }
    await enqueueStaffChat(em, staffChatTargets(config), {
      eventId: event.id,
      template: 'staff-chat.order-paid',
      text: staffChatText('order-paid', reference, net),
    });
  });

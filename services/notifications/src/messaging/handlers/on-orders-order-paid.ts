import { on } from '@rian/kit/consumer';
import { OrderPaid } from '@rian/proto-contracts/orders';
import { PAYMENT_TYPE, paysBySlip } from '@rian/proto-contracts/payment-types';
import type { Config } from '../../config.js';
import {
  ORDER_CONFIRMED_TEMPLATE,
  ORDER_IMAGE_TEMPLATE,
  orderConfirmedEmail,
  orderImageWords,
  staffChatText,
} from '../../domain/order-templates.js';
import { enqueueDelivery } from '../../plugins/app/delivery-log.js';
import {
  enqueueStaffChat,
  NO_PRODUCT_CHAT_TARGET,
  productChatTargets,
  staffChatTargets,
} from '../../plugins/app/staff-chat.js';
import { renderOrderImage, storeChatImage } from '../../plugins/app/order-image.js';
import { productChannels } from '../../plugins/app/product-channels.js';

import { contactOf, rememberContact } from '../../plugins/app/user-contacts.js';

/**
 * An order was paid: the buyer gets the order-confirmed e-mail with the group-joining steps (spec 02
 * §9), and staff a chat message — for payment types 4 and 8 with the order picture, also to the
 * product's own channel. In the buyer's language (kept from auth's events; Thai when unknown). Once per
 * event: unique (event id, template) in the delivery log, besides the kit's inbox.
 */
export const onOrdersOrderPaid = (config: Config) =>
  on(OrderPaid, async (event, { em, logger }) => {
    const { userId, reference, net, userEmail, productTitle } = event.data;
    if (userEmail) await rememberContact(em, userId, userEmail);
    const contact = await contactOf(em, userId);
    const to = userEmail ?? contact?.email;
    const locale = contact?.locale ?? 'th';
    if (to) {
      const added = await enqueueDelivery(em, {
        channel: 'email',
        to,
        template: ORDER_CONFIRMED_TEMPLATE,
        locale,
        message: orderConfirmedEmail({
          reference,
          productTitle: productTitle ?? null,
          net,
          siteUrl: config.SITE_URL,
          locale,
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
    const text = staffChatText('order-paid', reference, net);
    // orders paid by slip (transfer, instalments) are announced with the order picture; others in text
    if (!paysBySlip(event.data.paymentType)) {
      await enqueueStaffChat(em, staffChatTargets(config), {
        eventId: event.id,
        template: 'staff-chat.order-paid',
        text,
      });
      return;
    }
    // spec 02 §7: transfer and instalment orders get the order picture, to the default channel
    // and to the product's own channel
    const png = await renderOrderImage({
      ...orderImageWords(event.data.paymentType === PAYMENT_TYPE.installments, reference),
      orderNo: event.data.orderNo,
      net,
      productTitle: productTitle ?? null,
    });
    const imageId = await storeChatImage(em, png);
    await enqueueStaffChat(em, staffChatTargets(config), {
      eventId: event.id,
      template: ORDER_IMAGE_TEMPLATE,
      text,
      imageId,
    });
    const own = productChatTargets(config, await productChannels(em, event.data.productId));
    await enqueueStaffChat(em, own, {
      eventId: event.id,
      template: `${ORDER_IMAGE_TEMPLATE}.product`,
      text,
      imageId,
      noTarget: NO_PRODUCT_CHAT_TARGET,
    });
  });

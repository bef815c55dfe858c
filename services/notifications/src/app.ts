import { buildService, type ServiceApp } from '@rian/kit/service';
import type { KeySource } from '@rian/kit/tokens';
import type { Logger } from '@rian/kit/logger';
import type { Config } from './config.js';
import { Delivery } from './entities/delivery.js';
import { UserContact } from './entities/user-contact.js';
import { migrations } from './migrations/index.js';
import { deliveryRoutes } from './routes/deliveries/index.js';
import { chatImageRoutes } from './routes/chat-images/index.js';
import { templateRoutes } from './routes/templates/index.js';
import { onAuthEmailCodeRequested } from './messaging/handlers/on-auth-email-code-requested.js';
import { onAuthEmailCodesLocked } from './messaging/handlers/on-auth-email-codes-locked.js';
import { onAuthPasswordChanged } from './messaging/handlers/on-auth-password-changed.js';
import { onAuthUserRegistered } from './messaging/handlers/on-auth-user-registered.js';
import { onAuthUserLocaleChanged } from './messaging/handlers/on-auth-user-locale-changed.js';
import { onOrdersOrderPaid } from './messaging/handlers/on-orders-order-paid.js';
import { onCatalogProductChatChannelsChanged } from './messaging/handlers/on-catalog-product-chat-channels-changed.js';
import { onPaymentsPaymentRejected } from './messaging/handlers/on-payments-payment-rejected.js';
import { onPaymentsSlipSubmitted } from './messaging/handlers/on-payments-slip-submitted.js';
import { onLearningLiveChanged } from './messaging/handlers/on-learning-live-changed.js';
import { onLearningGroupRequestApproved } from './messaging/handlers/on-learning-group-request-approved.js';
import { onBookingsBookingMailRequested } from './messaging/handlers/on-bookings-booking-mail-requested.js';
import { DeliveryLog } from './plugins/app/delivery-log.js';
import { DeliverySender } from './plugins/app/delivery-sender.js';
import { createSmtpTransport } from './plugins/app/mail-transport.js';
import { createChatTransport } from './plugins/app/chat-transport.js';
import { createMemberLineTransport } from './plugins/app/member-line-transport.js';
import { ReminderScheduler } from './plugins/app/reminder-scheduler.js';
import { onAuthUserLineLinked } from './messaging/handlers/on-auth-user-line-linked.js';
import {
  onLearningEnrolmentChanged,
  onLearningEnrolmentGranted,
} from './messaging/handlers/on-learning-enrolments.js';
import {
  onLearningSessionChanged,
  onLearningSessionDeleted,
} from './messaging/handlers/on-learning-sessions.js';
import { onLearningCheckInRecorded } from './messaging/handlers/on-learning-check-in-recorded.js';

/** Where LINE fetches a chat picture; none without a public base. */
function chatImageUrl(base: string): ((id: string) => string | undefined) | undefined {
  const trimmed = base.replace(/\/+$/, '');
  return trimmed ? (id) => `${trimmed}/chat-images/${id}.png` : undefined;
}

/**
 * Builds the notifications app (never listens): the delivery log, its staff API, the event handlers,
 * the sender and — where member LINE is configured — the session reminder scheduler. `clock` is
 * now for the scheduler and the live-start alert's lateness (a test sets it).
 */
export async function buildApp(
  config: Config,
  opts: { tokenKeys?: KeySource; logger?: Logger; clock?: () => Date } = {},
): Promise<ServiceApp> {
  const memberLine = config.LINE_MEMBER_CHANNEL_TOKEN !== '';
  return buildService({
    name: 'notifications',
    description: "E-mail, staff chat and members' LINE deliveries, and their log",
    config,
    ...(opts.tokenKeys ? { tokenKeys: opts.tokenKeys } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    entities: [Delivery, UserContact],
    migrations,
    routes: async (app) => {
      await app.register(deliveryRoutes, { deliveries: new DeliveryLog(app.kit.orm) });
      await app.register(chatImageRoutes);
      await app.register(templateRoutes, {
        ctx: { siteUrl: config.SITE_URL, staffContact: config.MAIL_STAFF_CONTACT },
      });
    },
    consumers: () => [
      onAuthEmailCodeRequested,
      onAuthEmailCodesLocked,
      onAuthPasswordChanged(config),
      onAuthUserRegistered(config),
      onAuthUserLocaleChanged,
      onOrdersOrderPaid(config),
      onPaymentsPaymentRejected(config),
      onPaymentsSlipSubmitted(config),
      onCatalogProductChatChannelsChanged,
      onLearningLiveChanged(config, opts.clock),
      onLearningGroupRequestApproved(config),
      onBookingsBookingMailRequested(config),
      onAuthUserLineLinked,
      onLearningEnrolmentGranted,
      onLearningEnrolmentChanged,
      onLearningSessionChanged,
      onLearningSessionDeleted,
      onLearningCheckInRecorded(config),
    ],
    background: (kit) => [
      new DeliverySender({
        orm: kit.orm,
        outbox: kit.outbox,
        logger: kit.logger,
        transport: config.SMTP_URL
          ? createSmtpTransport({ url: config.SMTP_URL, from: config.MAIL_FROM, logger: kit.logger })
          : undefined,
        chat: createChatTransport({
          logger: kit.logger,
          line: config.LINE_CHANNEL_TOKEN
            ? { token: config.LINE_CHANNEL_TOKEN, apiUrl: config.LINE_API_URL }
            : undefined,
          telegram: config.TELEGRAM_BOT_TOKEN
            ? { token: config.TELEGRAM_BOT_TOKEN, apiUrl: config.TELEGRAM_API_URL }
            : undefined,
        }),
        memberLine: memberLine
          ? createMemberLineTransport({
              logger: kit.logger,
              token: config.LINE_MEMBER_CHANNEL_TOKEN,
              apiUrl: config.LINE_MEMBER_API_URL,
            })
          : undefined,
        chatImageUrl: chatImageUrl(config.CHAT_IMAGE_PUBLIC_URL),
        maxAttempts: config.MAIL_MAX_ATTEMPTS,
        retryBaseMs: config.MAIL_RETRY_BASE_MS,
      }),
      // member LINE off: no reminders are looked for (the read models are still kept)
      ...(memberLine
        ? [
            new ReminderScheduler({
              orm: kit.orm,
              logger: kit.logger,
              siteUrl: config.SITE_URL,
              ...(opts.clock ? { clock: opts.clock } : {}),
            }),
          ]
        : []),
    ],
  });
}

import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { LocaleSchema } from './enums.js';

export const DeliveryStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('sent'),
  Type.Literal('logged'),
  Type.Literal('failed'),
  /** a chat message with no channel token configured: kept in the log, never sent */
  Type.Literal('skipped'),
]);

/** One message we sent (or only logged, when no SMTP/chat credentials are configured). */
export const Delivery = Type.Object(
  {
    id: Uuid(),
    channel: Type.Union([Type.Literal('email'), Type.Literal('line'), Type.Literal('telegram')]),
    to: Type.String(),
    template: Type.String(),
    locale: LocaleSchema,
    subject: Type.String(),
    text: Type.String(),
    status: DeliveryStatusSchema,
    attempts: Type.Integer(),
    error: Type.Union([Type.String(), Type.Null()]),
    eventId: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    sentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** how often staff sent it again after it failed (issue 20), and the last time */
    resentCount: Type.Optional(Type.Integer({ minimum: 0 })),
    resentAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  },
  { $id: 'Delivery' },
);
export type Delivery = Static<typeof Delivery>;

export const DeliveryListQuery = Type.Object({
  to: Type.Optional(Type.String({ maxLength: 254 })),
  /** a template name, or its start: `orders.` finds every orders e-mail (the mail's type) */
  template: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(DeliveryStatusSchema),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

export const DeliveryFailed = defineEvent(
  'notifications.delivery.failed',
  1,
  Type.Object({
    deliveryId: Uuid(),
    channel: Type.String(),
    to: Type.String(),
    template: Type.String(),
    error: Type.String(),
    attempts: Type.Integer(),
  }),
);

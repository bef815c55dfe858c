import type { EventContract } from './envelope.js';
import { EmailCodeRequested, EmailCodesLocked, UserLocaleChanged, UserRegistered } from './auth.js';
import { PasswordChanged } from './auth-password.js';
import { UserLineLinked } from './auth-social.js';
import { UserMembershipChanged, UserStatusChanged } from './auth-admin.js';
import { ProductChanged, ProductChatChannelsChanged, ProductDeleted } from './catalog.js';
import { CATALOG_CONTENT_EVENTS } from './catalog-content.js';
import { CATALOG_COMMERCE_EVENTS } from './catalog-commerce.js';
import { DeliveryFailed } from './notifications.js';
import { FileStored } from './media.js';
import { MEDIA_ASSET_EVENTS } from './media-assets.js';
import { ORDERS_EVENTS } from './orders.js';
import { ORDERS_ADMIN_EVENTS } from './orders-admin.js';
import { PAYMENTS_EVENTS } from './payments.js';
import { LEARNING_EVENTS } from './learning.js';
import { LEARNING_ENROLMENT_EVENTS } from './learning-enrolments.js';
import { LEARNING_CONTENT_EVENTS } from './learning-content.js';
import { LEARNING_LIVE_EVENTS } from './learning-live.js';
import { LEARNING_GROUP_EVENTS } from './learning-groups.js';
import { BOOKINGS_EVENTS } from './bookings.js';
import { LEARNING_CHECKIN_EVENTS } from './learning-checkin.js';
import { LEARNING_WATCH_EVENTS } from './learning-watch.js';

/** Every event contract, keyed by `type@version`: how a consumer finds the schema of what it receives. */
export const EVENT_CONTRACTS: Record<string, EventContract> = Object.fromEntries(
  [
    EmailCodeRequested,
    EmailCodesLocked,
    UserRegistered,
    UserLocaleChanged,
    PasswordChanged,
    UserStatusChanged,
    UserMembershipChanged,
    UserLineLinked,
    ProductChanged,
    ProductDeleted,
    ProductChatChannelsChanged,
    ...CATALOG_CONTENT_EVENTS,
    ...CATALOG_COMMERCE_EVENTS,
    DeliveryFailed,
    FileStored,
    ...MEDIA_ASSET_EVENTS,
    ...ORDERS_EVENTS,
    ...ORDERS_ADMIN_EVENTS,
    ...PAYMENTS_EVENTS,
    ...LEARNING_EVENTS,
    ...LEARNING_ENROLMENT_EVENTS,
    ...LEARNING_CONTENT_EVENTS,
    ...LEARNING_LIVE_EVENTS,
    ...LEARNING_GROUP_EVENTS,
    ...LEARNING_CHECKIN_EVENTS,
    ...LEARNING_WATCH_EVENTS,
    ...BOOKINGS_EVENTS,
  ].map((c) => [`${c.type}@${c.version}`, c]),
);

/** The JetStream stream that holds a producer's events (one per producing service). */
export const STREAMS = {
  auth: 'AUTH',
  catalog: 'CATALOG',
  orders: 'ORDERS',
  payments: 'PAYMENTS',
  bookings: 'BOOKINGS',
  learning: 'LEARNING',
  notifications: 'NOTIFICATIONS',
  media: 'MEDIA',
} as const;
export type Producer = keyof typeof STREAMS;

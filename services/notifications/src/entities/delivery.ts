import { defineEntity, p } from '@mikro-orm/core';
import type { Locale } from '@rian/proto-contracts/enums';

export type DeliveryStatus = 'pending' | 'sent' | 'logged' | 'failed' | 'skipped';
export type DeliveryChannel = 'email' | 'line' | 'telegram';

/**
 * One message to one recipient, recorded whether or not it went out. An event yields at most one
 * delivery per template (unique event_id + template), so a replayed event cannot send twice.
 */
export const Delivery = defineEntity({
  name: 'Delivery',
  tableName: 'deliveries',
  properties: {
    id: p.uuid().primary(),
    channel: p.string().$type<DeliveryChannel>(),
    to: p.string().length(254),
    template: p.string().length(100),
    locale: p.string().$type<Locale>(),
    subject: p.string().length(255),
    text: p.text(),
    html: p.text().nullable(),
    status: p.string().$type<DeliveryStatus>().default('pending'),
    attempts: p.integer().default(0),
    error: p.text().nullable(),
    eventId: p.uuid().nullable(),
    /** a chat message's picture (chat_images.id), sent with the text as caption */
    imageId: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    sentAt: p.datetime().nullable(),
    nextAttemptAt: p.datetime().onCreate(() => new Date()),
    /** staff sent it again after it failed (issue 20): how often, when last, and who */
    resentCount: p.integer().default(0),
    resentAt: p.datetime().nullable(),
    resentBy: p.string().length(64).nullable(),
  },
});

import type { EntityManager } from '@rian/kit/db';
import type { Config } from '../../config.js';
import type { ChatChannel } from './chat-transport.js';
import { enqueueDelivery } from './delivery-log.js';

/** Where staff chat messages go: the default LINE and/or Telegram channel, when configured. */
export type StaffChatTargets = Partial<Record<ChatChannel, string>>;

export function staffChatTargets(config: Config): StaffChatTargets {
  const targets: StaffChatTargets = {};
  if (config.LINE_CHANNEL_TOKEN && config.LINE_TO) targets.line = config.LINE_TO;
  if (config.TELEGRAM_BOT_TOKEN && config.TELEGRAM_CHAT_ID) targets.telegram = config.TELEGRAM_CHAT_ID;
  return targets;
}

/**
 * Where a product's own channel messages go (D25): the product's LINE target / Telegram chat id
 * (from catalog), pushed to by this service's bot — so only on platforms whose token is configured.
 */
export function productChatTargets(
  config: Config,
  channels: { lineTo: string | null; telegramChatId: string | null },
): StaffChatTargets {
  const targets: StaffChatTargets = {};
  if (config.LINE_CHANNEL_TOKEN && channels.lineTo) targets.line = channels.lineTo;
  if (config.TELEGRAM_BOT_TOKEN && channels.telegramChatId) targets.telegram = channels.telegramChatId;
  return targets;
}

/** Shown as the recipient of a chat message that had nowhere to go. */
export const NO_CHAT_TARGET = 'default channel';
export const NO_PRODUCT_CHAT_TARGET = 'product channel';

/**
 * Records one staff chat message per configured channel (pending; the sender pushes it), once per
 * event: template `<template>.<channel>`, unique with the event id. With no channel configured, one
 * `skipped` row ("no token") keeps the message in the log.
 */
export async function enqueueStaffChat(
  em: EntityManager,
  targets: StaffChatTargets,
  m: {
    eventId: string;
    template: string;
    text: string;
    /** a picture sent with the text (chat_images.id) */
    imageId?: string;
    /** the recipient shown on the `skipped` row (default: the default channel) */
    noTarget?: string;
  },
): Promise<number> {
  const image = m.imageId ? { imageId: m.imageId } : {};
  const message = { subject: m.text.split('\n')[0] ?? m.template, text: m.text, html: '' };
  const entries = Object.entries(targets) as [ChatChannel, string][];
  if (entries.length === 0) {
    const added = await enqueueDelivery(em, {
      channel: 'line',
      to: m.noTarget ?? NO_CHAT_TARGET,
      template: `${m.template}.line`,
      locale: 'th',
      message,
      eventId: m.eventId,
      skipped: 'no token',
      ...image,
    });
    return added ? 1 : 0;
  }
  let added = 0;
  for (const [channel, to] of entries) {
    const ok = await enqueueDelivery(em, {
      channel,
      to,
      template: `${m.template}.${channel}`,
      locale: 'th',
      message,
      eventId: m.eventId,
      ...image,
    });
    if (ok) added++;
  }
  return added;
}

import type { EntityManager } from '@rian/kit/db';

/** A product's own staff chat channel (D25): targets of notifications' own LINE/Telegram bot. */
export interface ProductChannels {
  lineTo: string | null;
  telegramChatId: string | null;
}

/**
 * Keeps the newest channel settings of a product: a later `changedAt` (then a later UUIDv7 event
 * id) wins, so a late or replayed event never undoes a newer one. The values are never logged.
 */
export async function rememberProductChannels(
  em: EntityManager,
  productId: string,
  channels: ProductChannels,
  changedAt: string,
  eventId: string,
): Promise<void> {
  await em.execute(
    `insert into product_chat_channels (product_id, line_to, telegram_chat_id, changed_at, event_id)
     values (?, ?, ?, ?, ?)
     on conflict (product_id) do update
       set line_to = excluded.line_to, telegram_chat_id = excluded.telegram_chat_id,
           changed_at = excluded.changed_at, event_id = excluded.event_id
     where (product_chat_channels.changed_at, product_chat_channels.event_id)
           < (excluded.changed_at, excluded.event_id)`,
    [productId, channels.lineTo, channels.telegramChatId, changedAt, eventId],
  );
}

export async function productChannels(em: EntityManager, productId: string): Promise<ProductChannels> {
  const [row] = (await em.execute(
    `select line_to, telegram_chat_id from product_chat_channels where product_id = ?`,
    [productId],
  )) as { line_to: string | null; telegram_chat_id: string | null }[];
  return { lineTo: row?.line_to ?? null, telegramChatId: row?.telegram_chat_id ?? null };
}

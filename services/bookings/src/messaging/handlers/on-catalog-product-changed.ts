import type { EntityManager } from '@rian/kit/db';
import { on } from '@rian/kit/consumer';
import type { EventData } from '@rian/proto-contracts/envelope';
import { ProductChanged } from '@rian/proto-contracts/catalog';
import { openWaitingForProduct } from '../../plugins/app/book-deliveries.js';

/** Runs in the handler's transaction after a product was written (the demo key's seed). */
export type OnProductApplied = (em: EntityManager, product: EventData<typeof ProductChanged>) => Promise<void>;

/**
 * A product was created or changed: our copy (id, title, book, coursesId, disable) is replaced only
 * by a later (changedAt, event id) — event ids are UUIDv7, so a tie of milliseconds still orders —
 * and a product known to be deleted stays deleted. The same event twice changes nothing.
 */
export const onCatalogProductChanged = (applied?: OnProductApplied) =>
  on(ProductChanged, async (event, { em, logger }) => {
    const d = event.data;
    const rows = (await em.execute(
      `insert into products (product_id, title, book, courses_id, disable, deleted, changed_at, event_id, updated_at)
       values (?, ?, ?, ?, ?, false, ?::timestamptz, ?::uuid, now())
       on conflict (product_id) do update set
         title = excluded.title, book = excluded.book, courses_id = excluded.courses_id,
         disable = excluded.disable, changed_at = excluded.changed_at, event_id = excluded.event_id,
         updated_at = now()
        where not products.deleted
          and (products.changed_at, products.event_id) < (excluded.changed_at, excluded.event_id)
       returning product_id`,
      [d.productId, d.title, d.book, d.coursesId, d.disable, d.changedAt, event.id],
      'all',
    )) as unknown[];
    // book delivery: paid orders that came before their product (D97), whether or not this event was newer
    await openWaitingForProduct(em, d.productId, logger);
    if (!rows.length) {
      logger.info({ productId: d.productId }, 'older or deleted product: event ignored');
      return;
    }
    await applied?.(em, d);
  });

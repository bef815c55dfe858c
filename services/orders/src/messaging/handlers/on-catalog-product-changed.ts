import { on } from '@rian/kit/consumer';
import { ProductChanged } from '@rian/proto-contracts/catalog';
import { lockProduct, PRODUCT_NOT_DELETED, wrote } from '../catalog-feed.js';

/**
 * A product was created or changed. The event has no revision: a copy replaces ours only when its
 * (changedAt, event id) is later — event ids are UUIDv7, so a tie of milliseconds still orders.
 * A product known to be deleted stays deleted.
 */
export const onCatalogProductChanged = on(ProductChanged, async (event, { em, logger }) => {
  const d = event.data;
  await lockProduct(em, d.productId);
  const applied = await wrote(
    em,
    `insert into sellable_products
       (product_id, url, title, price, disable, book, coin_pay, courses_id, changed_at, event_id, updated_at)
     select ?::uuid, ?, ?, ?::bigint, ?, ?, ?, ?, ?::timestamptz, ?::uuid, now()
      where ${PRODUCT_NOT_DELETED}
     on conflict (product_id) do update set
       url = excluded.url, title = excluded.title, price = excluded.price, disable = excluded.disable,
       book = excluded.book, coin_pay = excluded.coin_pay, courses_id = excluded.courses_id,
       changed_at = excluded.changed_at, event_id = excluded.event_id, updated_at = now()
      where (sellable_products.changed_at, sellable_products.event_id) < (excluded.changed_at, excluded.event_id)
     returning product_id`,
    [
      d.productId,
      d.url,
      d.title,
      d.price,
      d.disable,
      d.book,
      d.coinPay,
      d.coursesId,
      d.changedAt,
      event.id,
      d.productId,
    ],
  );
  if (!applied) logger.info({ productId: d.productId }, 'older or deleted product: event ignored');
});

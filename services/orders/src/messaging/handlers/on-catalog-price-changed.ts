import { on } from '@rian/kit/consumer';
import { PriceChanged } from '@rian/proto-contracts/catalog-commerce';
import { lockProduct, PRODUCT_NOT_DELETED, wrote } from '../catalog-feed.js';

/**
 * A price was added, changed, removed or restored: the whole row. Kept only when its revision is
 * higher than ours, so a late or replayed event never undoes a newer one.
 */
export const onCatalogPriceChanged = on(PriceChanged, async (event, { em, logger }) => {
  const d = event.data;
  await lockProduct(em, d.productId);
  const applied = await wrote(
    em,
    `insert into product_prices
       (price_id, product_id, type, member, value, show, start_date, to_date, title, detail, fee, removed,
        revision, changed_at)
     select ?::uuid, ?::uuid, ?, ?, ?::bigint, ?, ?::date, ?::date, ?, ?, ?, ?::boolean, ?::int, ?::timestamptz
      where ${PRODUCT_NOT_DELETED}
     on conflict (price_id) do update set
       product_id = excluded.product_id, type = excluded.type, member = excluded.member,
       value = excluded.value, show = excluded.show, start_date = excluded.start_date,
       to_date = excluded.to_date, title = excluded.title, detail = excluded.detail, fee = excluded.fee,
       removed = excluded.removed, revision = excluded.revision, changed_at = excluded.changed_at
      where product_prices.revision < excluded.revision
     returning price_id`,
    [
      d.priceId,
      d.productId,
      d.type,
      d.member,
      d.value,
      d.show,
      d.start,
      d.to,
      d.title,
      d.detail,
      d.fee,
      d.removed,
      d.revision,
      d.changedAt,
      d.productId,
    ],
  );
  if (!applied) {
    logger.info(
      { priceId: d.priceId, revision: d.revision },
      'older price or deleted product: event ignored',
    );
  }
});

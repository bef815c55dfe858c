import { on } from '@rian/kit/consumer';
import { ProductDeleted } from '@rian/proto-contracts/catalog';

/**
 * A product was deleted: the row stays (keys and bookings name it) marked deleted, so a late
 * `catalog.product.changed` cannot bring it back; a deletion heard before the product itself
 * leaves a deleted row with an empty title. Its keys stop taking bookings (an unknown product).
 */
export const onCatalogProductDeleted = on(ProductDeleted, async (event, { em }) => {
  const { productId, deletedAt } = event.data;
  await em.execute(
    `insert into products (product_id, title, book, courses_id, disable, deleted, changed_at, event_id, updated_at)
     values (?, '', 'N', null, 'Y', true, ?::timestamptz, ?::uuid, now())
     on conflict (product_id) do update set deleted = true, updated_at = now()`,
    [productId, deletedAt, event.id],
  );
});

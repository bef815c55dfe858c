import { on } from '@rian/kit/consumer';
import { ProductDeleted } from '@rian/proto-contracts/catalog';
import { lockProduct } from '../catalog-feed.js';

/**
 * A product was deleted. Catalog deletes its prices, course list and plans with it and sends no
 * event for each (catalog README "Cascade"), so we do the same, and remember the deletion: any
 * event of the product that comes later is older than this one.
 */
export const onCatalogProductDeleted = on(ProductDeleted, async (event, { em }) => {
  const { productId, deletedAt } = event.data;
  await lockProduct(em, productId);
  await em.execute(
    `insert into catalog_tombstones (kind, id, deleted_at) values ('product', ?, ?)
     on conflict do nothing`,
    [productId, deletedAt],
  );
  await em.execute('delete from sellable_products where product_id = ?', [productId]);
  await em.execute('delete from product_prices where product_id = ?', [productId]);
  await em.execute('delete from product_courses where product_id = ?', [productId]);
  // the plans' e-mails go with them (on delete cascade)
  await em.execute('delete from installment_plans where product_id = ?', [productId]);
});

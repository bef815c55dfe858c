import type { EntityManager } from '@rian/kit/db';

/**
 * What every catalog handler shares. All of a product's events (the product, its prices, course
 * list and plans) take the same transaction-scoped advisory lock, so a deletion and a late change
 * of the same product never interleave: whichever commits second sees the first.
 */
export async function lockProduct(em: EntityManager, productId: string): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`orders.catalog:${productId}`]);
}

/** SQL condition (one `?`: the product id): the product has not been deleted. */
export const PRODUCT_NOT_DELETED = `not exists (
  select 1 from catalog_tombstones t where t.kind = 'product' and t.id = ?::uuid)`;

/** SQL condition (one `?`: the plan id): the plan has not been deleted. */
export const PLAN_NOT_DELETED = `not exists (
  select 1 from catalog_tombstones t where t.kind = 'installment-plan' and t.id = ?::uuid)`;

/** Runs an insert/update that ends in `returning`, and says whether it wrote a row. */
export async function wrote(em: EntityManager, sql: string, params: unknown[]): Promise<boolean> {
  const rows = (await em.execute(sql, params as never[], 'all')) as unknown[];
  return rows.length > 0;
}

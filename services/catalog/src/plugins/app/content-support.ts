import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import { ProblemError } from '@rian/kit/errors';
import type { FieldProblem, StaffDeps } from '@rian/kit/staff-crud';
import { Product, type ProductEntity } from '../../entities/product.js';
import type { CatalogCache } from './cache.js';

/** What the content services (coaches, instructors, details, groups, bank accounts) share. */

/** A content service: the kit, and the cache of public reads its writes invalidate. */
export interface ContentDeps {
  readonly kit: Kit;
  readonly cache: CatalogCache;
}

/**
 * A content service as the kit's staff deps: its writes invalidate the public read cache once
 * committed. `kit` is read when a write runs: the services make their StaffCrud in a field
 * initialiser, before the constructor has set `kit`.
 */
export function staffDeps(deps: ContentDeps): StaffDeps {
  return {
    get kit() {
      return deps.kit;
    },
    afterCommit: () => deps.cache.invalidate(),
  };
}

/**
 * A public read through the catalog's cache (plugins/app/cache.ts): kept until the next committed
 * catalog change or the cache's TTL. Only successful answers are kept; a 404 is read again.
 */
export function cached<T>(deps: ContentDeps, key: string, load: () => Promise<T>): Promise<T> {
  return deps.cache.json(`content:${key}`, load);
}

/**
 * Checks a product a body refers to, and keeps it from being deleted until the transaction ends
 * (a shared row lock), so the new row never points at a product deleted meanwhile.
 */
export async function referencedProduct(
  em: EntityManager,
  productId: string,
  field = 'productId',
): Promise<FieldProblem[]> {
  const found = await em.findOne(Product, { id: productId }, { lockMode: LockMode.PESSIMISTIC_READ });
  return found ? [] : [{ field, code: 'catalog.product_not_found' }];
}

/** The enabled product a public read is about; unknown or disabled → 404, like /products/by-url. */
export async function shopProduct(em: EntityManager, productId: string): Promise<ProductEntity> {
  const p = await em.findOne(Product, { id: productId, disable: 'N' });
  if (!p) throw new ProblemError('catalog.product_not_found');
  return p;
}

/** Any product, disabled too (staff reads); unknown → 404. */
export async function anyProduct(em: EntityManager, productId: string): Promise<ProductEntity> {
  const p = await em.findOne(Product, { id: productId });
  if (!p) throw new ProblemError('catalog.product_not_found');
  return p;
}

import {
  ForeignKeyConstraintViolationException,
  LockMode,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import { fieldError, ProblemError, validationProblem, type ErrorCode } from '@rian/kit/errors';
import { Product, type ProductEntity } from '../../entities/product.js';
import type { FieldProblem } from '../../domain/field-rules.js';
import type { Paged } from './products.js';
import type { CatalogCache } from './cache.js';

/** What the content services (coaches, instructors, details, groups, bank accounts) share. */

/** A content service: the kit, and the cache of public reads its writes invalidate. */
export interface ContentDeps {
  readonly kit: Kit;
  readonly cache: CatalogCache;
}

/**
 * A public read through the catalog's cache (plugins/app/cache.ts): kept until the next committed
 * catalog change or the cache's TTL. Only successful answers are kept; a 404 is read again.
 */
export function cached<T>(deps: ContentDeps, key: string, load: () => Promise<T>): Promise<T> {
  return deps.cache.json(`content:${key}`, load);
}

export interface Paging {
  page: number;
  pageSize: number;
}

export function window(q: Paging): { limit: number; offset: number } {
  return { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
}

export function paged<T>(items: T[], total: number, q: Paging): Paged<T> {
  return { items, page: q.page, pageSize: q.pageSize, total };
}

/** Answers 400 with one entry per broken field, or returns when there is none. */
export function assertNoProblems(problems: readonly FieldProblem[]): void {
  if (problems.length) throw validationProblem(problems.map((p) => fieldError(p.field, p.code)));
}

/**
 * Runs a staff write in one transaction (the change and its outbox events), then invalidates the
 * public read cache. A unique constraint named in `conflicts` becomes its 409; a foreign key named
 * there its problem (e.g. a detail type deleted while still in use). Anything else fails as it is.
 */
export async function write<T>(
  deps: ContentDeps,
  work: (em: EntityManager) => Promise<T>,
  conflicts: Record<string, ErrorCode> = {},
): Promise<T> {
  let result: T;
  try {
    result = await deps.kit.orm.em.fork().transactional(work);
  } catch (err) {
    if (
      err instanceof UniqueConstraintViolationException ||
      err instanceof ForeignKeyConstraintViolationException
    ) {
      const code = conflicts[(err as { constraint?: string }).constraint ?? ''];
      if (code) throw new ProblemError(code);
    }
    throw err;
  }
  // committed: every cached public read may now be stale
  await deps.cache.invalidate();
  return result;
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

/** A row of the given entity locked for the write, or the not-found problem. */
export function found<T>(row: T | null, code: ErrorCode): T {
  if (!row) throw new ProblemError(code);
  return row;
}

export const FOR_UPDATE = { lockMode: LockMode.PESSIMISTIC_WRITE } as const;
export const FOR_SHARE = { lockMode: LockMode.PESSIMISTIC_READ } as const;

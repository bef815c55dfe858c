import type { ProductSort } from '@rian/proto-contracts/catalog';

/**
 * A list's `sort` (a field, `-` first for descending) as a MikroORM order; the id breaks ties so
 * pages never overlap. Without a sort: newest first.
 */
export function listOrder(sort: ProductSort | undefined): Record<string, 'asc' | 'desc'>[] {
  const s = sort ?? '-createdAt';
  const desc = s.startsWith('-');
  const field = desc ? s.slice(1) : s;
  const dir = desc ? 'desc' : 'asc';
  return [{ [field]: dir }, { id: dir }];
}

import type { AffiliateRow } from '@rian/proto-contracts/orders-admin';
import type { ListParams } from '@/hooks/use-list-params';
import { staffApi } from '@/lib/staff-api';
import type { Page } from '@/types/api';
import { useOrdersQuery } from './orders-query';

/** One order only (most orders first): no sort to choose. */
export const AFFILIATE_SORTS = ['-orders'] as const;
export const AFFILIATE_FILTERS = ['from', 'to'] as const;
export type AffiliateFilters = Record<(typeof AFFILIATE_FILTERS)[number], string>;

/** GET /api/orders/admin/affiliates — referrers with their orders (not cancelled) and amounts. */
export function getAffiliates(
  params: ListParams<string>,
  filters: AffiliateFilters,
  signal?: AbortSignal,
): Promise<Page<AffiliateRow>> {
  return staffApi<Page<AffiliateRow>>('/orders/admin/affiliates', {
    query: {
      from: filters.from || undefined,
      to: filters.to || undefined,
      q: params.q.trim() || undefined,
      page: params.page,
      pageSize: params.pageSize,
    },
    signal,
  });
}

export function useAffiliates(
  params: ListParams<string>,
  filters: AffiliateFilters,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useOrdersQuery(['affiliates', params, filters], (signal) => getAffiliates(params, filters, signal), {
    enabled,
  });
}

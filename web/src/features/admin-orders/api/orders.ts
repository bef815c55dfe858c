import type { AdminOrderRow, AdminOrdersQuery } from '@rian/proto-contracts/orders-admin';
import type { ListParams } from '@/hooks/use-list-params';
import { staffApi } from '@/lib/staff-api';
import type { Page } from '@/types/api';
import { useOrdersQuery } from './orders-query';

export type OrderSort = AdminOrdersQuery['sort'];
/** the contract's sorts (types only reach the browser, so the list is spelled here), newest first by default */
export const ORDER_SORTS = [
  '-createdAt',
  'createdAt',
  'orderNo',
  '-orderNo',
  'net',
  '-net',
] as const satisfies readonly OrderSort[];

/** The list's filters as the address keeps them ('' = not filtered). */
export const ORDER_FILTERS = ['status', 'from', 'to', 'productId', 'invite', 'book'] as const;
export type OrderFilters = Record<(typeof ORDER_FILTERS)[number], string>;

/**
 * GET /api/orders/admin/orders — by status, Asia/Bangkok days ordered (both included), product,
 * referrer (`invite`, exactly), books to send (`book=toSend`) and a search text (reference, e-mail, tracking or order number).
 */
export function getAdminOrders(
  params: ListParams<OrderSort>,
  filters: OrderFilters,
  signal?: AbortSignal,
): Promise<Page<AdminOrderRow>> {
  return staffApi<Page<AdminOrderRow>>('/orders/admin/orders', {
    query: {
      status: filters.status || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
      productId: filters.productId || undefined,
      invite: filters.invite || undefined,
      book: filters.book || undefined,
      q: params.q.trim() || undefined,
      page: params.page,
      pageSize: params.pageSize,
      sort: params.sort,
    },
    signal,
  });
}

export function useAdminOrders(
  params: ListParams<OrderSort>,
  filters: OrderFilters,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useOrdersQuery(['list', params, filters], (signal) => getAdminOrders(params, filters, signal), {
    enabled,
  });
}

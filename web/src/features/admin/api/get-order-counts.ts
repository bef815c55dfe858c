import { useQuery } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import type { AdminOrderCounts } from '@rian/proto-contracts/orders-admin';
import { staffApi } from '@/lib/staff-api';
import { useStaffStore } from '@/stores/staff-store';

export type OrderCounts = Static<typeof AdminOrderCounts>;

/** How often the top bar asks again (live updates over SSE arrive with payments, issue 6). */
export const ORDER_COUNTS_REFRESH_MS = 60_000;

/** GET /api/orders/admin/orders/counts — orders per status; `wait` = waiting for confirmation. */
export function getOrderCounts(signal?: AbortSignal): Promise<OrderCounts> {
  return staffApi<OrderCounts>('/orders/admin/orders/counts', { signal });
}

export function useOrderCounts() {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    // under ['admin', 'orders']: a change made in the orders back office refreshes the count too
    queryKey: ['admin', 'orders', 'counts', token],
    queryFn: ({ signal }) => getOrderCounts(signal),
    enabled: Boolean(token),
    refetchInterval: ORDER_COUNTS_REFRESH_MS,
  });
}

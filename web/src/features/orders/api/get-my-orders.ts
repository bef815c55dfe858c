import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderView } from '@rian/proto-contracts/orders';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import type { Page } from '@/types/api';

/** spec 02 §9 / orders: at most 50 a page */
export const MY_ORDERS_PAGE_SIZE = 50;

export const MY_ORDERS_KEY = ['orders', 'mine'] as const;

/** GET /api/orders/orders/mine — the signed-in member's own orders, newest first. */
export function getMyOrders(page: number, signal?: AbortSignal): Promise<Page<OrderView>> {
  return api<Page<OrderView>>('/orders/orders/mine', {
    query: { page, pageSize: MY_ORDERS_PAGE_SIZE },
    signal,
  });
}

export function useMyOrders(page: number) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    // keyed by the token: another member signing in on this browser never sees this one's orders
    queryKey: [...MY_ORDERS_KEY, page, token],
    queryFn: ({ signal }) => getMyOrders(page, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

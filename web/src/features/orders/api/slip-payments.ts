import { useQuery } from '@tanstack/react-query';
import type { OrderPaymentsView } from '@rian/proto-contracts/payments';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import { MY_ORDERS_KEY } from './get-my-orders';

/** Under the member's orders: whatever refreshes their orders refreshes what was paid on them. */
export const slipPaymentsKey = (orderId: string, token: string | null) =>
  [...MY_ORDERS_KEY, 'payments', orderId, token] as const;

/** GET /api/payments/payments/:orderId — what is due on the order and the slips sent, newest first. */
export function getSlipPayments(orderId: string, signal?: AbortSignal): Promise<OrderPaymentsView> {
  return api<OrderPaymentsView>(`/payments/payments/${encodeURIComponent(orderId)}`, { signal });
}

export function useSlipPayments(orderId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: slipPaymentsKey(orderId, token),
    queryFn: ({ signal }) => getSlipPayments(orderId, signal),
    enabled: Boolean(token) && enabled,
  });
}

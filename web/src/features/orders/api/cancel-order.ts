import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import type { CancelByCodeReply } from '@rian/proto-contracts/orders-admin';
import { api } from '@/lib/api-client';
import { MY_ORDERS_KEY } from './get-my-orders';

export type CancelReply = Static<typeof CancelByCodeReply>;

/** POST /api/orders/orders/cancel-by-code — the member cancels their own order still waiting. */
export function cancelOrder(reference: string): Promise<CancelReply> {
  return api<CancelReply>('/orders/orders/cancel-by-code', { method: 'POST', body: { code: reference } });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import type { CheckoutBody, CheckoutReply } from '@rian/proto-contracts/orders';
import { api } from '@/lib/api-client';

export type CheckoutResult = Static<typeof CheckoutReply>;

/**
 * POST /api/orders/checkout — places the order (status wait) with the amounts orders computes.
 * The same `Idempotency-Key` with the same body answers the first order (200), so a retry or a
 * double click never makes two; another body with a used key is 409.
 */
export function placeOrder({
  body,
  idempotencyKey,
}: {
  body: CheckoutBody;
  idempotencyKey: string;
}): Promise<CheckoutResult> {
  return api<CheckoutResult>('/orders/checkout', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // "my orders" (another feature) lists it next time; its key starts with ['orders', 'mine']
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders', 'mine'] }),
  });
}

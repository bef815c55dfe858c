import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CheckoutBody, CheckoutQuote } from '@rian/proto-contracts/orders';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';

/**
 * POST /api/orders/checkout/quote — checkout's body, checkout's rules, nothing placed: the total,
 * discount, VAT, card fee, withholding, net and instalment schedule orders would store now (or
 * checkout's problem, e.g. a coupon used up meanwhile).
 */
export function getCheckoutQuote(body: CheckoutBody, signal?: AbortSignal): Promise<CheckoutQuote> {
  return api<CheckoutQuote>('/orders/checkout/quote', { method: 'POST', body, signal });
}

/** Asked again whenever the body changes (payment type, plan, coupon, invoice); the last answer stays meanwhile. */
export function useCheckoutQuote(body: CheckoutBody) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  // the referrer does not change any amount
  const { invite: _invite, ...asked } = body;
  return useQuery({
    queryKey: ['checkout', 'quote', userId, asked],
    queryFn: ({ signal }) => getCheckoutQuote(asked, signal),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
}

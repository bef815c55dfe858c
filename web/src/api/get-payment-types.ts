import { useQuery } from '@tanstack/react-query';
import type { PaymentTypeView } from '@rian/proto-contracts/payments';
import { api } from '@/lib/api-client';

/**
 * The one cache entry of the payment types: checkout greys a disabled type from it, the back office's
 * switches read it and refresh it after a change (shared here because both features use it).
 */
export const paymentTypesQueryKey = ['payments', 'payment-types'] as const;

/** GET /api/payments/payment-types — public: the four types and whether staff switched one off. */
export function getPaymentTypes(signal?: AbortSignal): Promise<PaymentTypeView[]> {
  return api<PaymentTypeView[]>('/payments/payment-types', { signal, token: null });
}

export function usePaymentTypes() {
  return useQuery({
    queryKey: paymentTypesQueryKey,
    queryFn: ({ signal }) => getPaymentTypes(signal),
    staleTime: 60_000,
  });
}

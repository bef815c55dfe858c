import { useQuery } from '@tanstack/react-query';
import type { PaymentTypeView } from '@rian/proto-contracts/payments';
import { api } from '@/lib/api-client';

/** GET /api/payments/payment-types — public: the four types and whether staff switched one off. */
export function usePaymentTypes() {
  return useQuery({
    queryKey: ['checkout', 'payment-types'],
    queryFn: ({ signal }) => api<PaymentTypeView[]>('/payments/payment-types', { signal, token: null }),
    staleTime: 60_000,
  });
}

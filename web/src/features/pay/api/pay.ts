import { useMutation, useQuery } from '@tanstack/react-query';
import type { CardForm, PayView, QrPayment, UnionPayRedirect } from '@rian/proto-contracts/payments';
import { api } from '@/lib/api-client';

const base = (ref: string) => `/payments/pay/${encodeURIComponent(ref)}`;

export const payViewKey = (ref: string) => ['pay', ref] as const;

/**
 * GET /api/payments/pay/:ref — public: what the ref pays and its status. `poll`: ask again every
 * 2 s while the attempt is not paid (the browser is back from the provider, the notification may
 * still be on its way).
 */
export function usePayView(ref: string, { poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: payViewKey(ref),
    queryFn: ({ signal }) => api<PayView>(base(ref), { signal, token: null }),
    refetchInterval: (q) => (poll && q.state.data?.status !== 'finish' ? 2_000 : false),
  });
}

/** POST …/card — the hidden form for the card provider. */
export function useCardForm(ref: string) {
  return useMutation({
    mutationFn: (lang: 'th' | 'en') =>
      api<CardForm>(`${base(ref)}/card`, { method: 'POST', query: { lang }, token: null }),
  });
}

/** POST …/unionpay — the provider's page to send the browser to. */
export function useUnionPay(ref: string) {
  return useMutation({
    mutationFn: () => api<UnionPayRedirect>(`${base(ref)}/unionpay`, { method: 'POST', token: null }),
  });
}

/** POST …/qr — the PromptPay QR for the amount due (made once per visit). */
export function useQrPayment(ref: string, enabled: boolean) {
  return useQuery({
    queryKey: [...payViewKey(ref), 'qr'],
    queryFn: ({ signal }) => api<QrPayment>(`${base(ref)}/qr`, { method: 'POST', signal, token: null }),
    enabled,
    staleTime: Infinity,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { InstallmentPlansToday } from '@rian/proto-contracts/catalog-commerce';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';

/**
 * GET /api/catalog/products/:id/installment-plans/today — the plans open today (Asia/Bangkok) to the
 * signed-in member: type all, or type email listing their e-mail; fewest instalments first.
 */
export function getInstallmentPlans(productId: string, signal?: AbortSignal) {
  return api<InstallmentPlansToday>(
    `/catalog/products/${encodeURIComponent(productId)}/installment-plans/today`,
    { signal },
  );
}

export function useInstallmentPlans(productId: string) {
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery({
    // who asks decides which e-mail-only plans are open
    queryKey: ['checkout', 'installment-plans', productId, userId],
    queryFn: ({ signal }) => getInstallmentPlans(productId, signal),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

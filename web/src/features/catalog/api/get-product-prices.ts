import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import type { PriceLookup } from '@/types/api';
import { catalogPaths } from './endpoints';

/**
 * GET /api/catalog/products/:id/prices with the member's token: the prices of today (Asia/Bangkok)
 * whose membership code the member holds, SEB → EB → NL, and the one to preselect (spec 02 §4).
 */
export function getProductPrices(productId: string, signal?: AbortSignal) {
  return api<PriceLookup>(catalogPaths.productPrices(productId), { signal });
}

/** Only asked when signed in: an anonymous visitor has no member prices (the answer would be empty). */
export function useProductPrices(productId: string) {
  const token = useAuthStore((s) => s.token);
  const user = useAuthStore((s) => s.user);
  return useQuery({
    // the answer depends on who asks: a new sign-in (other codes) asks again
    queryKey: ['catalog', 'product-prices', productId, user?.id ?? null, user?.membershipCodes.join() ?? ''],
    queryFn: ({ signal }) => getProductPrices(productId, signal),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

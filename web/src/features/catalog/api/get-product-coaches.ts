import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Coach } from '@/types/api';
import { catalogPaths } from './endpoints';

/** GET /api/catalog/products/:id/coaches — in the order staff linked them. */
export function getProductCoaches(productId: string, signal?: AbortSignal) {
  return api<{ items: Coach[] }>(catalogPaths.productCoaches(productId), { signal });
}

export function useProductCoaches(productId: string) {
  return useQuery({
    queryKey: ['catalog', 'product-coaches', productId],
    queryFn: ({ signal }) => getProductCoaches(productId, signal),
    staleTime: 60_000,
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ProductDetails } from '@/types/api';
import { catalogPaths } from './endpoints';

/** GET /api/catalog/products/:id/details — the tabs that have items, each with its lists, in order. */
export function getProductDetails(productId: string, signal?: AbortSignal) {
  return api<ProductDetails>(catalogPaths.productDetails(productId), { signal });
}

export function useProductDetails(productId: string) {
  return useQuery({
    queryKey: ['catalog', 'product-details', productId],
    queryFn: ({ signal }) => getProductDetails(productId, signal),
    staleTime: 60_000,
  });
}

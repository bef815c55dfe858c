import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Product } from '@/types/api';
import { catalogPaths } from './endpoints';

/** GET /api/catalog/products/by-url/:url — 404 `catalog.product_not_found`. */
export function getProductByUrl(url: string, signal?: AbortSignal) {
  return api<Product>(catalogPaths.productByUrl(url), { signal });
}

export function useProductByUrl(url: string | undefined) {
  return useQuery({
    queryKey: ['catalog', 'product', url],
    queryFn: ({ signal }) => getProductByUrl(url as string, signal),
    enabled: Boolean(url),
    staleTime: 60_000,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Page, Product } from '@/types/api';
import { catalogPaths } from './endpoints';

export type ProductListParams = { q?: string; page?: number; pageSize?: number };

/** GET /api/catalog/products — the public list (disabled products are not in it). */
export function getProducts({ q, page = 1, pageSize = 20 }: ProductListParams, signal?: AbortSignal) {
  return api<Page<Product>>(catalogPaths.products(), {
    query: { q: q?.trim() || undefined, page, pageSize },
    signal,
  });
}

export const productsQueryKey = (params: ProductListParams) => ['catalog', 'products', params] as const;

export function useProducts(params: ProductListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: productsQueryKey(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // a staff view may carry the flag; never offer a disabled product
    select: (page) => ({ ...page, items: page.items.filter((p) => p.disable !== 'Y') }),
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ProductBankAccounts } from '@/types/api';
import { catalogPaths } from './endpoints';

/** GET /api/catalog/products/:id/bank-accounts — where a buyer of the product may transfer. */
export function getProductBankAccounts(productId: string, signal?: AbortSignal) {
  return api<ProductBankAccounts>(catalogPaths.productBankAccounts(productId), { signal });
}

export function useProductBankAccounts(productId: string) {
  return useQuery({
    queryKey: ['catalog', 'product-bank-accounts', productId],
    queryFn: ({ signal }) => getProductBankAccounts(productId, signal),
    staleTime: 60_000,
  });
}

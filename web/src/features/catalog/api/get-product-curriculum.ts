import { useQuery } from '@tanstack/react-query';
import type { ProductCurriculum } from '@rian/proto-contracts/learning-content';
import { api } from '@/lib/api-client';

/** GET /api/learning/products/:id/curriculum — titles, types and dates of the viewable sessions (no token). */
export function getProductCurriculum(productId: string, signal?: AbortSignal) {
  return api<ProductCurriculum>(`/learning/products/${encodeURIComponent(productId)}/curriculum`, {
    signal,
  });
}

export function useProductCurriculum(productId: string) {
  return useQuery({
    queryKey: ['learning', 'product-curriculum', productId],
    queryFn: ({ signal }) => getProductCurriculum(productId, signal),
    staleTime: 60_000,
  });
}

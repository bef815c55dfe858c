import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Coach, Page, Product } from '@/types/api';
import { catalogPaths } from './endpoints';

/** GET /api/catalog/coaches — hasProducts: only coaches with an enabled product (their list is not empty). */
export function getCoaches(
  q: { page?: number; pageSize?: number; hasProducts?: boolean },
  signal?: AbortSignal,
) {
  return api<Page<Coach>>(catalogPaths.coaches(), {
    query: { page: q.page ?? 1, pageSize: q.pageSize ?? 20, hasProducts: q.hasProducts },
    signal,
  });
}

export function useCoaches(q: { pageSize?: number; hasProducts?: boolean } = {}) {
  return useQuery({
    queryKey: ['catalog', 'coaches', q],
    queryFn: ({ signal }) => getCoaches(q, signal),
    staleTime: 60_000,
  });
}

export function useCoach(coachId: string | undefined) {
  return useQuery({
    queryKey: ['catalog', 'coach', coachId],
    queryFn: ({ signal }) => api<Coach>(catalogPaths.coach(coachId as string), { signal }),
    enabled: Boolean(coachId),
    staleTime: 60_000,
  });
}

/** GET /api/catalog/coaches/:id/products — the coach's enabled products, newest first. */
export function useCoachProducts(coachId: string | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['catalog', 'coach-products', coachId, page, pageSize],
    queryFn: ({ signal }) =>
      api<Page<Product>>(catalogPaths.coachProducts(coachId as string), {
        query: { page, pageSize },
        signal,
      }),
    enabled: Boolean(coachId),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { District } from '@/types/api';

/** GET /api/auth/reference/districts?provinceId= */
export function getDistricts(provinceId: number, signal?: AbortSignal): Promise<District[]> {
  return api<District[]>('/auth/reference/districts', { query: { provinceId }, token: null, signal });
}

export function useDistricts(provinceId: number | null) {
  return useQuery({
    queryKey: ['reference', 'districts', provinceId],
    queryFn: ({ signal }) => getDistricts(provinceId as number, signal),
    enabled: provinceId !== null,
    staleTime: Infinity,
  });
}

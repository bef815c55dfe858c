import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SubDistrict } from '@/types/api';

/** GET /api/auth/reference/sub-districts?districtId= — each with its zip. */
export function getSubDistricts(districtId: number, signal?: AbortSignal): Promise<SubDistrict[]> {
  return api<SubDistrict[]>('/auth/reference/sub-districts', { query: { districtId }, token: null, signal });
}

export function useSubDistricts(districtId: number | null) {
  return useQuery({
    queryKey: ['reference', 'sub-districts', districtId],
    queryFn: ({ signal }) => getSubDistricts(districtId as number, signal),
    enabled: districtId !== null,
    staleTime: Infinity,
  });
}

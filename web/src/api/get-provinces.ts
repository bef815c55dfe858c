import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Province } from '@/types/api';

/** GET /api/auth/reference/provinces — public, changes with the data package only. */
export function getProvinces(signal?: AbortSignal): Promise<Province[]> {
  return api<Province[]>('/auth/reference/provinces', { token: null, signal });
}

export function useProvinces() {
  return useQuery({
    queryKey: ['reference', 'provinces'],
    queryFn: ({ signal }) => getProvinces(signal),
    staleTime: Infinity,
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PublicConfig } from '@/types/api';

/** GET /api/auth/public-config — `facebook` is null when the social login is not configured. */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api<PublicConfig>('/auth/public-config', { token: null, signal });
}

export function usePublicConfig() {
  return useQuery({
    queryKey: ['auth', 'public-config'],
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
    retry: false,
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Address } from '@/types/api';
import { useAuthStore } from '@/stores/auth-store';

export const addressesQueryKey = (token: string | null) => ['addresses', token] as const;

/** GET /api/auth/addresses — the member's saved addresses (up to four slots). */
export function getAddresses(signal?: AbortSignal): Promise<Address[]> {
  return api<Address[]>('/auth/addresses', { signal });
}

export function useAddresses() {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: addressesQueryKey(token),
    queryFn: ({ signal }) => getAddresses(signal),
    enabled: Boolean(token),
  });
}

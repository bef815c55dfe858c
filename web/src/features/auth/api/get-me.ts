import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import type { MeReply } from '@/types/api';
import { useAuthStore } from '@/stores/auth-store';

export const meQueryKey = (token: string | null) => ['auth', 'me', token] as const;

/** GET /api/auth/me with the Bearer token: keeps the stored user (status!) fresh. */
export async function getMe(token: string): Promise<MeReply> {
  try {
    const reply = await api<MeReply>('/auth/me', { token });
    useAuthStore.getState().setUser(reply.user);
    return reply;
  } catch (error) {
    // an expired or revoked token: forget it (the header falls back to "log in")
    if (isApiError(error) && error.status === 401 && useAuthStore.getState().token === token) {
      useAuthStore.getState().clear();
    }
    throw error;
  }
}

export function useMe() {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: meQueryKey(token),
    queryFn: () => getMe(token as string),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

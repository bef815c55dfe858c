import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MeReply } from '@/types/api';
import { useAuthStore } from '@/stores/auth-store';

export const meQueryKey = (token: string | null) => ['auth', 'me', token] as const;

/** The session check (spec 01 §4 "Token check", the old loginPing): every 10 minutes while logged in. */
export const SESSION_CHECK_INTERVAL_MS = 600_000;

/**
 * GET /api/auth/me with the Bearer token: keeps the stored user (status!) fresh. A 401 goes through
 * the api client's unauthorized handler (refresh, else the session-expired dialog).
 */
export async function getMe(token: string): Promise<MeReply> {
  const reply = await api<MeReply>('/auth/me');
  if (useAuthStore.getState().token === token) useAuthStore.getState().setUser(reply.user);
  return reply;
}

export function useMe() {
  const token = useAuthStore((s) => s.token);
  const expired = useAuthStore((s) => s.expired);
  return useQuery({
    queryKey: meQueryKey(token),
    queryFn: () => getMe(token as string),
    enabled: Boolean(token) && !expired,
    staleTime: 60_000,
    refetchInterval: SESSION_CHECK_INTERVAL_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

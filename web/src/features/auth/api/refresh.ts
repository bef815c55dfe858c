import { api } from '@/lib/api-client';
import type { LoginReply } from '@/types/api';
import { useAuthStore } from '@/stores/auth-store';

let attempt: Promise<boolean> | null = null;

/** POST /api/auth/refresh with the httpOnly cookie, once per page load, silently. */
export function refreshSessionOnce(): Promise<boolean> {
  attempt ??= api<LoginReply>('/auth/refresh', { method: 'POST', token: null })
    .then((reply) => {
      useAuthStore.getState().setSession(reply.token, reply.user);
      return true;
    })
    .catch(() => false)
    .finally(() => useAuthStore.getState().markReady());
  return attempt;
}

/** for tests */
export function resetRefreshAttempt(): void {
  attempt = null;
}

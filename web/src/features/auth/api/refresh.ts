import { api } from '@/lib/api-client';
import type { LoginReply, StaffLoginReply } from '@/types/api';
import { dropSessionHint, hasSessionHint, useAuthStore } from '@/stores/auth-store';

let startup: Promise<boolean> | null = null;
let inFlight: Promise<boolean> | null = null;

/**
 * POST /api/auth/refresh with the httpOnly cookie: a new access token and the fresh user (its status
 * may have changed). Concurrent callers share one call, so a burst of 401s rotates the cookie once.
 * The cookie may belong to a staff sign-in (same cookie): that answer is not a member session.
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= api<LoginReply | StaffLoginReply>('/auth/refresh', { method: 'POST', token: null })
    .then((reply) => {
      if (!('user' in reply)) return false;
      useAuthStore.getState().setSession(reply.token, reply.user);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * On start, without a token: try the refresh cookie once per page load, silently — only when this
 * browser signed a member in and did not sign out (the hint); an anonymous visit asks nothing. A
 * cookie that no longer works drops the hint, so the next load does not ask again.
 */
export function refreshSessionOnce(): Promise<boolean> {
  startup ??= (hasSessionHint() ? refreshSession() : Promise.resolve(false))
    .then((ok) => {
      if (!ok) dropSessionHint();
      return ok;
    })
    .finally(() => useAuthStore.getState().markReady());
  return startup;
}

/** for tests */
export function resetRefreshAttempt(): void {
  startup = null;
  inFlight = null;
}

import { useAuthStore } from '@/stores/auth-store';
import { refreshSession } from '../api/refresh';

/**
 * A call with the member's token answered 401 (expired, revoked after a password change, ...):
 * try the refresh cookie once; when that fails too, open the session-expired dialog (contract §D).
 */
export async function handleSessionRefused(): Promise<void> {
  const { token, expired } = useAuthStore.getState();
  if (!token || expired) return;
  const renewed = await refreshSession();
  // a newer session (another tab, a login meanwhile) is not the one that was refused
  if (!renewed && useAuthStore.getState().token === token) useAuthStore.getState().markExpired();
}

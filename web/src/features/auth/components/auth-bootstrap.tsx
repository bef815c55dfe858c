import { useEffect } from 'react';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import { refreshSessionOnce } from '../api/refresh';
import { useMe } from '../api/get-me';
import { handleSessionRefused } from '../lib/session';

/**
 * The member session's life: on start without a token, try the refresh cookie once, silently; with a
 * token, check it with /api/auth/me now, every 10 minutes and when the window regains focus. A 401 on
 * any call made with the token tries a refresh, then opens the session-expired dialog.
 */
export function AuthBootstrap() {
  useEffect(() => {
    if (!useAuthStore.getState().token) void refreshSessionOnce();
  }, []);
  useEffect(() => {
    setUnauthorizedHandler(() => void handleSessionRefused());
    return () => setUnauthorizedHandler(() => {});
  }, []);
  useMe();
  return null;
}

import { useEffect } from 'react';
import { useAuthStore } from '@/stores/auth-store';
import { refreshSessionOnce } from '../api/refresh';
import { useMe } from '../api/get-me';

/**
 * On start: without a token, try the refresh cookie once, silently; with a token, load the user
 * from /api/auth/me (status may have changed since the last visit).
 */
export function AuthBootstrap() {
  useEffect(() => {
    if (!useAuthStore.getState().token) void refreshSessionOnce();
  }, []);
  useMe();
  return null;
}

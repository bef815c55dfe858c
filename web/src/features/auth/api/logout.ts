import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';

/**
 * POST /api/auth/logout with the Bearer token (its jti is revoked) and the refresh cookie. A token the
 * server no longer accepts must not keep the cookie alive: then the call is repeated without it.
 * The local session ends even if the call fails.
 */
export async function logout(): Promise<void> {
  const token = useAuthStore.getState().token;
  try {
    await api<void>('/auth/logout', { method: 'POST', token });
  } catch (error) {
    if (token && isApiError(error) && error.status === 401) {
      await api<void>('/auth/logout', { method: 'POST', token: null }).catch(() => undefined);
    } else {
      throw error;
    }
  } finally {
    useAuthStore.getState().clear();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.removeQueries({ queryKey: ['auth'] }),
  });
}

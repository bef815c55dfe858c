import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LoginReply } from '@/types/api';
import { useAuthStore } from '@/stores/auth-store';
import { meQueryKey } from './get-me';

/** POST /api/auth/login — sets the refresh cookie too; 401 `auth.invalid_credentials`. */
export function login(input: { email: string; password: string }): Promise<LoginReply> {
  return api<LoginReply>('/auth/login', { method: 'POST', body: input, token: null });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (reply) => {
      useAuthStore.getState().setSession(reply.token, reply.user);
      queryClient.setQueryData(meQueryKey(reply.token), { user: reply.user });
    },
  });
}

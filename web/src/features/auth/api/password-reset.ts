import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type PasswordResetInput = { email: string; code: string; password: string; passwordConfirm: string };

/**
 * POST /api/auth/password/reset — 200 {changed}; 400 `auth.code_mismatch`, `auth.code_expired`,
 * `validation.failed`. Every session of the user ends on the server.
 */
export function resetPassword(input: PasswordResetInput): Promise<{ changed: true }> {
  return api<{ changed: true }>('/auth/password/reset', { method: 'POST', body: input, token: null });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

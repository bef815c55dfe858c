import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CheckEmailReply = { email: string; registered: boolean };

/** POST /api/auth/register/check-email — 409 `auth.email_registered` when taken. */
export function checkEmail(email: string): Promise<CheckEmailReply> {
  return api<CheckEmailReply>('/auth/register/check-email', { method: 'POST', body: { email }, token: null });
}

export function useCheckEmail() {
  return useMutation({ mutationFn: checkEmail });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type PasswordCheckEmailReply = { email: string; registered: true };

/** POST /api/auth/password/check-email — 404 `auth.email_unknown` "ไม่มี Email ในระบบ" (nothing sent). */
export function passwordCheckEmail(email: string): Promise<PasswordCheckEmailReply> {
  return api<PasswordCheckEmailReply>('/auth/password/check-email', {
    method: 'POST',
    body: { email },
    token: null,
  });
}

export function usePasswordCheckEmail() {
  return useMutation({ mutationFn: passwordCheckEmail });
}

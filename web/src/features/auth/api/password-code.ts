import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Language } from '@/types/api';

export type PasswordCodeReply = { sent: true; expiresInSeconds: number };

/** POST /api/auth/password/code — e-mails a 4-digit password-reset code (202); 404 for an unknown e-mail. */
export function requestPasswordCode(input: { email: string; locale: Language }): Promise<PasswordCodeReply> {
  return api<PasswordCodeReply>('/auth/password/code', { method: 'POST', body: input, token: null });
}

export function useRequestPasswordCode() {
  return useMutation({ mutationFn: requestPasswordCode });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Language } from '@/types/api';

export type RequestCodeReply = { sent: boolean; expiresInSeconds: number };

/** POST /api/auth/register/code — e-mails a 4-digit code (202); 429 when asked too often. */
export function requestCode(input: { email: string; locale: Language }): Promise<RequestCodeReply> {
  return api<RequestCodeReply>('/auth/register/code', { method: 'POST', body: input, token: null });
}

export function useRequestCode() {
  return useMutation({ mutationFn: requestCode });
}

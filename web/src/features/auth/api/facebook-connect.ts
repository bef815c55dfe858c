import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SocialLoggedIn } from '@/types/api';

/**
 * POST /api/auth/facebook/connect — links the Facebook account (to the signed-in member when there is
 * one: the member's token goes along) and logs in; 409 `auth.social_email_mismatch` / `auth.social_already_linked`.
 */
export function facebookConnect(accessToken: string): Promise<SocialLoggedIn> {
  return api<SocialLoggedIn>('/auth/facebook/connect', { method: 'POST', body: { accessToken } });
}

export function useFacebookConnect() {
  return useMutation({ mutationFn: facebookConnect });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { FacebookLoginReply } from '@/types/api';

/**
 * POST /api/auth/facebook/login — the server verifies the token with the Graph API and answers one
 * outcome: logged-in (refresh cookie set), confirm-connect or register; 401 `auth.social_token_invalid`.
 */
export function facebookLogin(accessToken: string): Promise<FacebookLoginReply> {
  return api<FacebookLoginReply>('/auth/facebook/login', {
    method: 'POST',
    body: { accessToken },
    token: null,
  });
}

export function useFacebookLogin() {
  return useMutation({ mutationFn: facebookLogin });
}

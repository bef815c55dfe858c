import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from '@/types/api';

export type RegisterInput = {
  email: string;
  code: string;
  password: string;
  passwordConfirm: string;
  firstName: string;
  lastName: string;
  nickname?: string;
  phone: string;
  /** from a Facebook sign-in that found nobody: the new user is linked to that Facebook account */
  facebookAccessToken?: string;
};

/** POST /api/auth/register — 201 {user}; 400 `validation.failed`, `auth.code_mismatch`, `auth.code_expired`. */
export function registerUser(input: RegisterInput): Promise<{ user: User }> {
  return api<{ user: User }>('/auth/register', { method: 'POST', body: input, token: null });
}

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MeReply, ProfilePatch } from '@/types/api';
import { useAuthStore } from '@/stores/auth-store';

/** PATCH /api/auth/me — the member's nickname (null clears it) and phone; 400 with field errors. */
export function updateProfile(input: ProfilePatch): Promise<MeReply> {
  return api<MeReply>('/auth/me', { method: 'PATCH', body: input });
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (reply) => useAuthStore.getState().setUser(reply.user),
  });
}

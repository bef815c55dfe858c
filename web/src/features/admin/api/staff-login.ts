import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { StaffLoginReply } from '@/types/api';
import { useStaffStore } from '@/stores/staff-store';

/** POST /api/auth/staff/login — 401 `auth.staff_invalid_credentials`. */
export function staffLogin(input: { username: string; password: string }): Promise<StaffLoginReply> {
  return api<StaffLoginReply>('/auth/staff/login', { method: 'POST', body: input, token: null });
}

export function useStaffLogin() {
  return useMutation({
    mutationFn: staffLogin,
    onSuccess: (reply) => useStaffStore.getState().setSession(reply.token, reply.staff),
  });
}

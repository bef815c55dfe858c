import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDetail, AdminUserPatch, User } from '@/types/api';
import { staffApi } from '@/lib/staff-api';
import { adminUserKey } from './get-user';

/** PATCH /api/auth/admin/users/:id — only the fields given change; each change is recorded. */
export function updateUser({ id, patch }: { id: string; patch: AdminUserPatch }): Promise<{ user: User }> {
  return staffApi<{ user: User }>(`/auth/admin/users/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: patch,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: ({ user }) => {
      queryClient.setQueryData<AdminUserDetail>(adminUserKey(user.id), (detail) =>
        detail ? { ...detail, user } : detail,
      );
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users', 'changes', user.id] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '@/lib/staff-api';

/** DELETE /api/auth/admin/personnel/:id — disables the account; 409 `auth.last_admin`. */
export function deletePersonnel(id: string): Promise<void> {
  return staffApi<void>(`/auth/admin/personnel/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePersonnel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePersonnel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'personnel'] }),
  });
}

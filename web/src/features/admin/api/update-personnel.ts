import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Personnel, PersonnelUpdate } from '@/types/api';
import { staffApi } from '@/lib/staff-api';

/** PUT /api/auth/admin/personnel/:id — the password changes only when given. */
export function updatePersonnel({ id, body }: { id: string; body: PersonnelUpdate }): Promise<Personnel> {
  return staffApi<Personnel>(`/auth/admin/personnel/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdatePersonnel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePersonnel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'personnel'] }),
  });
}

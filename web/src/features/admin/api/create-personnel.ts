import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Personnel, PersonnelCreate } from '@/types/api';
import { staffApi } from '@/lib/staff-api';

/** POST /api/auth/admin/personnel — 409 `auth.username_taken`. */
export function createPersonnel(body: PersonnelCreate): Promise<Personnel> {
  return staffApi<Personnel>('/auth/admin/personnel', { method: 'POST', body });
}

export function useCreatePersonnel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPersonnel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'personnel'] }),
  });
}

import { useQuery } from '@tanstack/react-query';
import type { AdminUserDetail } from '@/types/api';
import { useStaffStore } from '@/stores/staff-store';
import { staffApi } from '@/lib/staff-api';

export const adminUserKey = (id: string) => ['admin', 'users', 'detail', id] as const;

/** GET /api/auth/admin/users/:id — the user with their addresses. */
export function getUser(id: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  return staffApi<AdminUserDetail>(`/auth/admin/users/${encodeURIComponent(id)}`, { signal });
}

export function useUser(id: string) {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: adminUserKey(id),
    queryFn: ({ signal }) => getUser(id, signal),
    enabled: Boolean(token),
  });
}

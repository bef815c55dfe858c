import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, UserChange } from '@/types/api';
import { useStaffStore } from '@/stores/staff-store';
import { staffApi } from '@/lib/staff-api';

/** GET /api/auth/admin/users/:id/changes — who changed what and when, newest first. */
export function getUserChanges(id: string, page: number, pageSize: number, signal?: AbortSignal) {
  return staffApi<Page<UserChange>>(`/auth/admin/users/${encodeURIComponent(id)}/changes`, {
    query: { page, pageSize },
    signal,
  });
}

export function useUserChanges(id: string, page: number, pageSize: number) {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: ['admin', 'users', 'changes', id, page, pageSize],
    queryFn: ({ signal }) => getUserChanges(id, page, pageSize, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

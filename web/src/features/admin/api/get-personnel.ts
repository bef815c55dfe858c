import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, Personnel } from '@/types/api';
import { useStaffStore } from '@/stores/staff-store';
import { staffApi } from '@/lib/staff-api';

export type PersonnelParams = { q: string; page: number; pageSize: number };

/** GET /api/auth/admin/personnel (admin only) — staff accounts, passwords never included. */
export function getPersonnel(params: PersonnelParams, signal?: AbortSignal): Promise<Page<Personnel>> {
  return staffApi<Page<Personnel>>('/auth/admin/personnel', {
    query: { q: params.q.trim() || undefined, page: params.page, pageSize: params.pageSize },
    signal,
  });
}

export function usePersonnel(params: PersonnelParams, { enabled = true } = {}) {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: ['admin', 'personnel', params, token],
    queryFn: ({ signal }) => getPersonnel(params, signal),
    enabled: Boolean(token) && enabled,
    placeholderData: keepPreviousData,
  });
}

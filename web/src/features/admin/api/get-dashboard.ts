import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardAnswer, InsightBucket } from '@rian/proto-contracts/insights';
import { useStaffStore } from '@/stores/staff-store';
import { staffApi } from '@/lib/staff-api';

export type DashboardParams = { from: string; to: string; bucket: InsightBucket };

/** GET /api/insights/admin/dashboard — the staff dashboard's figures for Bangkok days from..to. */
export function getDashboard(params: DashboardParams, signal?: AbortSignal): Promise<DashboardAnswer> {
  return staffApi<DashboardAnswer>('/insights/admin/dashboard', { query: params, signal });
}

export function useDashboard(params: DashboardParams) {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: ['admin', 'insights', 'dashboard', params, token],
    queryFn: ({ signal }) => getDashboard(params, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { DeviceFlagList, MemberWatchDetail } from '@rian/proto-contracts/learning-watch';
import { staffApi } from '@/lib/staff-api';
import { useStaffStore } from '@/stores/staff-store';

const KEY = ['admin', 'watch'] as const;

/** GET /api/learning/admin/stats/members/{userId} — DetailByUser: per video, per day, the playbacks. */
export function useMemberWatch(userId: string) {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: [...KEY, 'member', userId],
    queryFn: ({ signal }) =>
      staffApi<MemberWatchDetail>(`/learning/admin/stats/members/${encodeURIComponent(userId)}`, { signal }),
    enabled: Boolean(token && userId),
  });
}

/** GET /api/learning/admin/stats/devices — today's (Bangkok) accounts on many devices or addresses. */
export function useDeviceFlags() {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: [...KEY, 'devices'],
    queryFn: ({ signal }) => staffApi<DeviceFlagList>('/learning/admin/stats/devices', { signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { LiveViewersNow } from '@rian/proto-contracts/learning-live';
import { staffApi } from '@/lib/staff-api';
import { useStaffStore } from '@/stores/staff-store';

/** How often the dashboard asks learning again while it is open (the figure is read at request time). */
export const LIVE_VIEWERS_REFRESH_MS = 30_000;

/** GET /api/learning/admin/live-streams/viewers-now — members watching a live stream now (staff). */
export function getLiveViewersNow(signal?: AbortSignal): Promise<LiveViewersNow> {
  return staffApi<LiveViewersNow>('/learning/admin/live-streams/viewers-now', { signal });
}

/**
 * Learning's live viewers now, every 30 s while the page is open (not in the background: a hidden tab
 * asks again when it is shown). One try per read: a failed read shows "–" until the next one answers.
 */
export function useLiveViewersNow() {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: ['admin', 'learning', 'live-viewers-now', token],
    queryFn: ({ signal }) => getLiveViewersNow(signal),
    enabled: Boolean(token),
    refetchInterval: LIVE_VIEWERS_REFRESH_MS,
    retry: false,
  });
}

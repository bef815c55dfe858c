import { useQuery } from '@tanstack/react-query';
import type { VideoAudience } from '@rian/proto-contracts/learning-watch';
import { staffApi } from '@/lib/staff-api';
import { useStaffStore } from '@/stores/staff-store';
import { LEARNING_KEY } from './courses';

/** GET /api/learning/admin/stats/videos/{id} — viewers, average coverage, drop-off by twentieths. */
export function useVideoAudience(videoId: string) {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: [...LEARNING_KEY, 'audience', videoId],
    queryFn: ({ signal }) =>
      staffApi<VideoAudience>(`/learning/admin/stats/videos/${encodeURIComponent(videoId)}`, { signal }),
    enabled: Boolean(token && videoId),
  });
}

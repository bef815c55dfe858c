import { useQuery } from '@tanstack/react-query';
import type {
  Beat,
  BeatResult,
  PlaybackElsewhere,
  PlaybackStart,
  PlaybackStarted,
  VideoProgressList,
} from '@rian/proto-contracts/learning-watch';
import { api, buildUrl, isApiError } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import { MEMBER_KEY } from './my-enrolments';

// types only from the contract: TypeBox stays out of the member chunks
export const WATCH_KEY = [...MEMBER_KEY, 'watch'] as const;
const playbacks = '/learning/member/playbacks';

/** POST /api/learning/member/playbacks — opens a lesson's playback (where to start, how to beat). */
export function startPlayback(body: PlaybackStart): Promise<PlaybackStarted> {
  return api<PlaybackStarted>(playbacks, { method: 'POST', body });
}

/** POST …/playbacks/{id}/beats — one heartbeat; 409 learning.playback_taken_over when another device took over. */
export function sendBeat(playbackId: string, beat: Beat): Promise<BeatResult> {
  return api<BeatResult>(`${playbacks}/${encodeURIComponent(playbackId)}/beats`, {
    method: 'POST',
    body: beat,
  });
}

/** The beacon address (no Authorization: the body carries the playback's beatToken). */
export function beaconUrl(playbackId: string): string {
  return buildUrl(`${playbacks}/${encodeURIComponent(playbackId)}/beacon`);
}

/** The other device of a 409 learning.playback_elsewhere (null for any other failure). */
export function elsewhereOf(error: unknown): PlaybackElsewhere | null {
  if (!isApiError(error) || error.code !== 'learning.playback_elsewhere') return null;
  const elsewhere = (error.problem as { elsewhere?: PlaybackElsewhere }).elsewhere;
  return elsewhere ?? { device: null, videoName: null, since: new Date().toISOString() };
}

export const isTakenOver = (error: unknown) =>
  isApiError(error) && error.code === 'learning.playback_taken_over';

function useMemberRead<T>(
  key: readonly unknown[],
  path: string,
  query: Record<string, string | undefined>,
  enabled = true,
) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: [...WATCH_KEY, ...key, token, query],
    queryFn: ({ signal }) => api<T>(path, { query, signal }),
    enabled: Boolean(token) && enabled,
  });
}

/** GET /member/stats/videos — the member's progress per lesson of the course. */
export const useVideoProgress = (courseId?: string) =>
  useMemberRead<VideoProgressList>(['videos'], '/learning/member/stats/videos', { courseId });

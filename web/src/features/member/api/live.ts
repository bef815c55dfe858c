import { useQuery } from '@tanstack/react-query';
import type {
  LiveComment,
  LiveCommentList,
  LiveCommentReplay,
  LiveStreamMemberList,
  LiveWatch,
} from '@rian/proto-contracts/learning-live';
import { api, API_BASE } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import { MEMBER_KEY } from './my-enrolments';

/** The gateway's server-sent events of one stream (comments, calls, hidden, pinned, live, status). */
export const liveEventsPath = (streamId: string) => `${API_BASE}/live/streams/${streamId}`;

const LIVE_KEY = [...MEMBER_KEY, 'live'] as const;

/** GET /member/live/streams — the streams the member may watch now. */
export function useLiveStreams(enabled = true) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: [...LIVE_KEY, 'streams', token],
    queryFn: ({ signal }) => api<LiveStreamMemberList>('/learning/member/live/streams', { signal }),
    enabled: Boolean(token) && enabled,
  });
}

/** The longest wait a timer takes (a longer one fires at once: Node and browsers overflow to 1 ms). */
const MAX_TIMER_MS = 2_147_483_647;

/** Milliseconds until learning wants to be asked again for a fresh playback URL (false: no URL). */
export function refreshDelay(watch: LiveWatch | undefined, now = Date.now()): number | false {
  if (!watch?.refreshAt) return false;
  return Math.min(MAX_TIMER_MS, Math.max(5_000, Date.parse(watch.refreshAt) - now));
}

/**
 * GET /member/live/:streamId — the stream and, while it is on air, a signed short-lived playback
 * URL; asked again at `refreshAt` so the player always has a URL that opens. 404 when the member
 * may not watch it now.
 */
export function useLiveWatch(streamId: string | undefined) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: [...LIVE_KEY, 'watch', streamId, token],
    queryFn: ({ signal }) => api<LiveWatch>(`/learning/member/live/${streamId}`, { signal }),
    enabled: Boolean(token && streamId),
    refetchInterval: (query) => refreshDelay(query.state.data),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

export function getLiveReplay(streamId: string, after: number | undefined, signal?: AbortSignal) {
  return api<LiveCommentReplay>(`/learning/member/live/${streamId}/comments`, {
    query: { after, limit: 200 },
    signal,
  });
}

export function getTradeCalls(streamId: string, signal?: AbortSignal) {
  return api<LiveCommentList>(`/learning/member/live/${streamId}/calls`, { signal });
}

export function postLiveComment(streamId: string, text: string) {
  return api<LiveComment>(`/learning/member/live/${streamId}/comments`, { method: 'POST', body: { text } });
}

import type {
  LiveBroadcastsPage,
  LiveComment,
  LiveCommentStaffList,
  LiveStreamCreateBody,
  LiveStreamStaff,
  LiveStreamUpdateBody,
  LiveStreamWithKey,
  TradeCallInput,
} from '@rian/proto-contracts/learning-live';
import type { ListParams } from '@/hooks/use-list-params';
import type { Page } from '@/types/api';
import { staffApi } from '@/lib/staff-api';
import { crud, staffQueries } from '@/lib/staff-crud';
import { LEARNING_KEY } from './courses';

const { useStaffQuery, useStaffMutation } = staffQueries(LEARNING_KEY);

/** proto-contracts learning-live LIVE_STREAM_SORTS (kept here: a value import would bring TypeBox in) */
export const LIVE_STREAM_SORTS = ['-createdAt', 'createdAt', 'name', '-name'] as const;
export type LiveStreamSort = (typeof LIVE_STREAM_SORTS)[number];

const PATH = '/learning/admin/live-streams';
const at = (id: string, rest = '') => `${PATH}/${encodeURIComponent(id)}${rest}`;
export const liveStreams = crud<LiveStreamStaff, LiveStreamCreateBody | LiveStreamUpdateBody>(PATH);

export function useLiveStreams(params: ListParams<LiveStreamSort>) {
  return useStaffQuery(['live-streams', params], (signal) =>
    liveStreams.list(
      { q: params.q.trim() || undefined, page: params.page, pageSize: params.pageSize, sort: params.sort },
      signal,
    ),
  );
}

/** Create answers the stream with its key (shown once); an edit answers it without. */
export const useSaveLiveStream = () =>
  useStaffMutation(
    (v: { id: string | null; body: LiveStreamCreateBody | LiveStreamUpdateBody }) =>
      liveStreams.save(v) as Promise<LiveStreamStaff | LiveStreamWithKey>,
  );
export const useDeleteLiveStream = () => useStaffMutation(liveStreams.remove);
export const useRotateStreamKey = () =>
  useStaffMutation((id: string) => staffApi<LiveStreamWithKey>(at(id, '/rotate-key'), { method: 'POST' }));
export const useSetLive = () =>
  useStaffMutation(({ id, live }: { id: string; live: 'Y' | 'N' }) =>
    staffApi<LiveStreamStaff>(at(id), { method: 'PUT', body: { live } }),
  );

/**
 * The stream's latest comments and calls, hidden ones too (read when the dialog opens and after each
 * change staff make; what happens meanwhile comes over the stream: live-comments-feed.ts).
 */
export function useStaffComments(id: string) {
  return useStaffQuery(
    ['live-comments', id],
    (signal) => staffApi<LiveCommentStaffList>(at(id, '/comments'), { query: { limit: 100 }, signal }),
    { keepPrevious: false },
  );
}
export const useHideComment = () =>
  useStaffMutation(({ id, seq }: { id: string; seq: number }) =>
    staffApi<LiveComment>(at(id, `/comments/${seq}/hide`), { method: 'POST' }),
  );
export const usePinComment = () =>
  useStaffMutation(({ id, seq }: { id: string; seq: number }) =>
    staffApi<LiveComment>(at(id, `/comments/${seq}/pin`), { method: 'POST' }),
  );
export const useUnpin = () =>
  useStaffMutation((id: string) => staffApi<void>(at(id, '/pin'), { method: 'DELETE' }));
export const usePostTradeCall = () =>
  useStaffMutation(({ id, body }: { id: string; body: TradeCallInput }) =>
    staffApi<LiveComment>(at(id, '/calls'), { method: 'POST', body }),
  );
export const usePostStaffComment = () =>
  useStaffMutation(({ id, text }: { id: string; text: string }) =>
    staffApi<LiveComment>(at(id, '/comments'), { method: 'POST', body: { text } }),
  );

/** Every stream by name (a select's options: a video's recording). */
export function useLiveStreamOptions(enabled = true) {
  return useStaffQuery(
    ['live-stream-options'],
    (signal) => staffApi<Page<LiveStreamStaff>>(PATH, { query: { pageSize: 100, sort: 'name' }, signal }),
    { enabled, staleTime: 60_000 },
  );
}

/** GET /admin/live-streams/:id/broadcasts — each time the stream was on air, newest first. */
export function useBroadcasts(streamId: string) {
  return useStaffQuery(
    ['live-broadcasts', streamId],
    (signal) =>
      staffApi<LiveBroadcastsPage>(at(streamId, '/broadcasts'), { query: { pageSize: 100 }, signal }),
    { enabled: Boolean(streamId), keepPrevious: false },
  );
}

import type {
  VideoCreateBody,
  VideoSort,
  VideoSource,
  VideoStaff,
  VideoStatus,
  VideoUpdateBody,
} from '@rian/proto-contracts/learning-content';
import type { VideoAssetStatus, VideoPlayback } from '@rian/proto-contracts/media-assets';
import type { ListParams } from '@/hooks/use-list-params';
import { staffApi } from '@/lib/staff-api';
import { crud, staffQueries } from '@/lib/staff-crud';
import type { Page } from '@/types/api';
import { LEARNING_KEY } from './courses';

/** proto-contracts learning-content VIDEO_SORTS / VIDEO_SOURCES / VIDEO_STATUSES (no TypeBox in the chunk) */
export const VIDEO_SORTS: readonly VideoSort[] = [
  'item',
  '-item',
  'name',
  '-name',
  'createdAt',
  '-createdAt',
];
export const VIDEO_SOURCES: readonly VideoSource[] = ['vimeo', 'hls', 'embed', 'iframe', 'upload'];
export const VIDEO_STATUSES: readonly VideoStatus[] = ['create', 'show', 'hide'];

/** An uploaded video's asset still on its way (the list polls while one is). */
const BUSY: readonly VideoAssetStatus[] = ['uploading', 'queued', 'transcoding'];
export const POLL_MS = 3_000;

export function isAssetBusy(video: VideoStaff): boolean {
  if (video.source !== 'upload' || !video.assetId) return false;
  // media has not told learning of it yet: it will
  return !video.asset || BUSY.includes(video.asset.status);
}

/** every answered page with a busy asset asks again; none busy, polling stops */
export const pollWhileBusy = (page: Page<VideoStaff> | undefined): number | false =>
  page?.items.some(isAssetBusy) ? POLL_MS : false;

const { useStaffQuery, useStaffMutation } = staffQueries(LEARNING_KEY);

/** GET/POST/PUT/DELETE /api/learning/admin/videos (spec videos family; the SPA's /admin/video). */
export const videos = crud<VideoStaff, VideoCreateBody | VideoUpdateBody>('/learning/admin/videos');

/** q matches name or detail; courseId '' = every course. Polls while an upload is on its way. */
export function useVideos(params: ListParams<VideoSort>, courseId: string) {
  return useStaffQuery(
    ['videos', params, courseId],
    (signal) =>
      videos.list(
        {
          q: params.q.trim() || undefined,
          courseId: courseId || undefined,
          page: params.page,
          pageSize: params.pageSize,
          sort: params.sort,
        },
        signal,
      ),
    { refetchInterval: pollWhileBusy },
  );
}

export const useSaveVideo = () => useStaffMutation(videos.save);
export const useDeleteVideo = () => useStaffMutation(videos.remove);

/** GET /api/media/admin/videos/:id/playback — a short-lived signed HLS address of a ready asset. */
export function useVideoPlayback(assetId: string) {
  return useStaffQuery(
    ['video-playback', assetId],
    (signal) =>
      staffApi<VideoPlayback>(`/media/admin/videos/${encodeURIComponent(assetId)}/playback`, { signal }),
    { keepPrevious: false },
  );
}

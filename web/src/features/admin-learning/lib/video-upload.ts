import type { DetailedError, PreviousUpload, Upload } from 'tus-js-client';
import { currentLanguage } from '@/lib/i18n';
import { useStaffStore } from '@/stores/staff-store';
import type { Language, Problem } from '@/types/api';

/** media's tus endpoint through the gateway (tus 1.0.0: creation, termination; staff only). */
export const UPLOAD_PATH = '/api/media/videos/uploads';
const endpoint = () => new URL(UPLOAD_PATH, window.location.origin).href;

/** 8 MiB a PATCH: progress and a pause lose at most one chunk's worth of sending. */
export const CHUNK_SIZE = 8 * 1024 * 1024;

export type UploadHandlers = {
  onProgress: (sent: number, total: number) => void;
  /** the upload is complete: media's asset id (the last segment of its address) */
  onSuccess: (assetId: string) => void;
  onError: (error: Error) => void;
};

/** The asset id is the last segment of the upload's address (media: `/videos/uploads/<id>`). */
export function assetIdOf(uploadUrl: string): string {
  return new URL(uploadUrl, window.location.origin).pathname.split('/').filter(Boolean).pop() ?? '';
}

/** tus-js-client is loaded with the first upload (its own chunk), not with the videos list. */
const tusClient = () => import('tus-js-client');

/**
 * One resumable upload of a lesson file. tus-js-client keeps the upload's address in localStorage
 * under the file's fingerprint (name, type, size, modified time, endpoint), so choosing the same
 * file again — after a pause, a lost connection or a reload — continues from what media has.
 * Every request carries the staff token as it is then (a new login's token is used at once).
 */
export function videoUpload(file: File, handlers: UploadHandlers) {
  let upload: Upload | null = null;
  // paused (or the dialog closed) before tus-js-client had loaded: it does not start then
  let stopped = false;
  const create = async () => {
    const { Upload } = await tusClient();
    const created: Upload = new Upload(file, {
      endpoint: endpoint(),
      chunkSize: CHUNK_SIZE,
      retryDelays: [0, 1000, 3000, 5000],
      metadata: { filename: file.name, filetype: file.type },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (req) => {
        const token = useStaffStore.getState().token;
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
        req.setHeader('Accept-Language', currentLanguage());
      },
      onProgress: handlers.onProgress,
      onSuccess: () => handlers.onSuccess(assetIdOf(created.url ?? '')),
      onError: (error) => {
        if (statusOf(error) === 401) useStaffStore.getState().clear();
        handlers.onError(error);
      },
    });
    return created;
  };

  return {
    /** starts, continuing an earlier upload of the same file when media still has it; true when it does */
    async start(): Promise<boolean> {
      const created = await create();
      upload = created;
      const previous = await created.findPreviousUploads();
      const newest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (newest) created.resumeFromPreviousUpload(newest);
      if (!stopped) created.start();
      return Boolean(newest);
    },
    /** stops sending; media keeps what it has */
    pause: async () => {
      stopped = true;
      await upload?.abort(false);
    },
    /** goes on from media's offset */
    resume: () => {
      stopped = false;
      upload?.start();
    },
    /** abandons it: media deletes what it has (tus termination) */
    cancel: async () => upload?.abort(true),
  };
}

export type VideoUpload = ReturnType<typeof videoUpload>;

/** Unfinished uploads this browser remembers (to say "choose the same file to continue"). */
export async function unfinishedUploads(): Promise<PreviousUpload[]> {
  const { defaultOptions } = await tusClient();
  const all = await defaultOptions.urlStorage.findAllUploads().catch(() => []);
  return all.filter((u) => u.uploadUrl?.includes(UPLOAD_PATH) ?? false);
}

function statusOf(error: Error): number | undefined {
  return (error as Partial<DetailedError>).originalResponse?.getStatus();
}

/** What to tell staff about a failed upload: media's own message (problem+json) when it gave one. */
export function uploadErrorText(error: Error, language: Language, fallback: string): string {
  const response = (error as Partial<DetailedError>).originalResponse;
  if (!response) return fallback;
  try {
    const problem = JSON.parse(response.getBody()) as Partial<Problem>;
    return problem.messages?.[language] ?? problem.detail ?? fallback;
  } catch {
    return fallback;
  }
}

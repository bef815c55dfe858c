import type { FileRef } from '../storage/file-store.js';

/** Where a lesson video's files live in the file store (all private; read through signed URLs). */

/** The original, kept once its upload is complete. */
export const originalRef = (assetId: string): FileRef => ({
  visibility: 'private',
  kind: 'video-original',
  folder: assetId,
  filename: 'original',
});

/** Its HLS renditions, playlists and poster: the signed scope `hls/<assetId>`. */
export const hlsRef = (assetId: string, filename: string): FileRef => ({
  visibility: 'private',
  kind: 'hls',
  folder: assetId,
  filename,
});

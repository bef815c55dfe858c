import type { FileRef } from '../storage/file-store.js';

/**
 * A live stream's rolling HLS files in media's store (issue 15): `private/live/<streamId>/`, read
 * through the signed route with the scope `live/<streamId>`. In development and tests the local live
 * source (deploy/local/live-source.mjs: ffmpeg's test pattern) writes them; in production the
 * streams come from the streaming server (LEARNING_LIVE_ORIGIN) and nothing is written here.
 */
export const LIVE_KIND = 'live';
export const LIVE_PLAYLIST = 'index.m3u8';

export const liveRef = (streamId: string, filename: string): FileRef => ({
  visibility: 'private',
  kind: LIVE_KIND,
  folder: streamId,
  filename,
});

/** Content type of a live folder's file; null for a name the live source never writes. */
export function liveContentType(file: string): string | null {
  if (/^[A-Za-z0-9-]+\.m3u8$/.test(file)) return 'application/vnd.apple.mpegurl';
  if (/^[A-Za-z0-9-]+_\d{1,12}\.ts$/.test(file)) return 'video/mp2t';
  return null;
}

/**
 * How long a browser may keep a live file: a playlist changes every segment, so never; a segment
 * never changes, but is deleted a few segments later, so a minute at most (and never past the link).
 */
export function liveCacheControl(file: string, linkSecondsLeft: number): string {
  if (file.endsWith('.m3u8')) return 'no-cache, no-store';
  return `private, max-age=${Math.max(0, Math.min(60, linkSecondsLeft))}`;
}

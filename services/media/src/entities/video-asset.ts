import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { VideoAssetStatus } from '@rian/proto-contracts/media-assets';

/**
 * A lesson video: its resumable upload, then its transcode into HLS. The original is kept privately
 * (`private/video-original/<id>`); the renditions live under `private/hls/<id>/` and are served only
 * through signed URLs once `ready`.
 */
export const VideoAsset = defineEntity({
  name: 'VideoAsset',
  tableName: 'video_assets',
  properties: {
    id: p.uuid().primary(),
    status: p.string().$type<VideoAssetStatus>().length(16),
    progress: p.integer(),
    originalName: p.string().length(255),
    /** Upload-Length: the original's size */
    bytes: p.bigint('number'),
    durationSeconds: p.double().$type<number>().nullable(),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    /** the rendition names, e.g. ["360p", "720p"] */
    renditions: p.json<string[]>(),
    error: p.text().nullable(),
    createdBy: p.string().length(64).nullable(),
    /** when the transcode job went onto the work queue (null: still to publish) */
    jobPublishedAt: p.datetime().nullable(),
    /** the delivery of the transcode job a worker is on (JetStream's count; 0: none began) */
    transcodeAttempt: p.integer().default(0),
    /** when that worker last showed it was alive (at the start, then every heartbeat) */
    transcodeSeenAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type VideoAssetEntity = InferEntity<typeof VideoAsset>;

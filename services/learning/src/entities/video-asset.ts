import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { VideoAssetStatus } from '@rian/proto-contracts/media-assets';

/** Media's lesson-video assets as learning last heard them (`media.video.changed`), newest kept. */
export const VideoAsset = defineEntity({
  name: 'VideoAsset',
  tableName: 'video_assets',
  properties: {
    assetId: p.uuid().primary(),
    status: p.string().$type<VideoAssetStatus>().length(12),
    progress: p.integer(),
    durationSeconds: p.double().$type<number>().runtimeType('number').nullable(),
    playlist: p.string().length(300).nullable(),
    poster: p.string().length(300).nullable(),
    error: p.text().nullable(),
    originalName: p.string().length(300),
    bytes: p.bigint('number'),
    changedAt: p.datetime(),
  },
});
export type VideoAssetEntity = InferEntity<typeof VideoAsset>;

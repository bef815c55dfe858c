import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import { VideoAssetChanged, type VideoAssetStatus } from '@rian/proto-contracts/media-assets';
import { VideoAsset, type VideoAssetEntity } from '../../entities/video-asset.js';
import { MASTER_PLAYLIST, POSTER } from '../../domain/hls.js';

export type VideoFields = Partial<
  Pick<
    VideoAssetEntity,
    | 'status'
    | 'progress'
    | 'bytes'
    | 'durationSeconds'
    | 'width'
    | 'height'
    | 'renditions'
    | 'error'
    | 'jobPublishedAt'
    | 'transcodeAttempt'
    | 'transcodeSeenAt'
  >
>;

/** Writes `media.video.changed` for the asset as it now is, in `em`'s transaction. */
export function announceVideo(kit: Kit, em: EntityManager, asset: VideoAssetEntity): void {
  const ready = asset.status === 'ready';
  kit.outbox.add(em, VideoAssetChanged, {
    assetId: asset.id,
    status: asset.status,
    progress: ready ? 100 : asset.progress,
    originalName: asset.originalName,
    bytes: asset.bytes,
    durationSeconds: asset.durationSeconds ?? null,
    playlist: ready ? MASTER_PLAYLIST : null,
    poster: ready ? POSTER : null,
    error: asset.status === 'failed' ? (asset.error ?? 'failed') : null,
    createdBy: asset.createdBy ?? null,
    changedAt: new Date().toISOString(),
  });
}

/**
 * Moves an asset from one of `from` to new values, with its event, in one transaction (the row
 * locked, so two replicas never both move it). Answers the changed row, or undefined when the asset
 * was not in one of `from` (someone else moved it). `announce: false` for bookkeeping only.
 */
export async function changeVideo(
  kit: Kit,
  id: string,
  from: readonly VideoAssetStatus[],
  fields: VideoFields,
  opts: { announce?: boolean } = {},
): Promise<VideoAssetEntity | undefined> {
  return kit.orm.em.fork().transactional(async (em) => {
    const asset = await em.findOne(VideoAsset, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!asset || !from.includes(asset.status)) return undefined;
    em.assign(asset, { ...fields, updatedAt: new Date() });
    if (fields.status === 'queued') {
      // a new job: published again, its deliveries counted afresh
      asset.jobPublishedAt = null;
      asset.transcodeAttempt = 0;
      asset.transcodeSeenAt = null;
    }
    if (fields.status && fields.status !== 'failed') asset.error = null;
    if (opts.announce ?? true) announceVideo(kit, em, asset);
    return asset;
  });
}

import { on } from '@rian/kit/consumer';
import type { Outbox } from '@rian/kit/outbox';
import { VideoAssetChanged } from '@rian/proto-contracts/media-assets';
import { VideoChanged } from '@rian/proto-contracts/learning-content';
import { Video } from '../../entities/video.js';
import { videoRecord } from '../../domain/content-views.js';

/**
 * A lesson video's asset changed in media (upload finished, progress, ready, failed): learning
 * keeps the newest state (staff see it on /admin/video). When it is ready with a duration, the
 * uploaded videos using it take that duration, each with its `learning.video.changed`.
 */
export const onMediaVideoChanged = (outbox: Outbox) =>
  on(VideoAssetChanged, async (event, { em, logger }) => {
    const d = event.data;
    const rows = (await em.execute(
      `insert into video_assets (asset_id, status, progress, duration_seconds, playlist, poster, error,
                                 original_name, bytes, changed_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz)
       on conflict (asset_id) do update set
         status = excluded.status, progress = excluded.progress, duration_seconds = excluded.duration_seconds,
         playlist = excluded.playlist, poster = excluded.poster, error = excluded.error,
         original_name = excluded.original_name, bytes = excluded.bytes, changed_at = excluded.changed_at
        where video_assets.changed_at <= excluded.changed_at
       returning asset_id`,
      [
        d.assetId,
        d.status,
        d.progress,
        d.durationSeconds,
        d.playlist,
        d.poster,
        d.error,
        d.originalName,
        d.bytes,
        d.changedAt,
      ],
      'all',
    )) as unknown[];
    if (!rows.length) {
      logger.info({ assetId: d.assetId, status: d.status }, 'older asset state: ignored');
      return;
    }
    if (d.status !== 'ready' || d.durationSeconds === null) return;
    const seconds = Math.round(d.durationSeconds);
    const videos = await em.find(Video, { assetId: d.assetId, source: 'upload' });
    const now = new Date();
    for (const v of videos) {
      if (v.durationSeconds === seconds) continue;
      v.durationSeconds = seconds;
      v.updatedAt = now;
      outbox.add(em, VideoChanged, videoRecord(v));
    }
    await em.flush();
  });

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { YesNo } from '@rian/proto-contracts/enums';
import type { VideoSource, VideoStatus } from '@rian/proto-contracts/learning-content';

/**
 * A lesson video of a course (spec 01 §3 "Video"). Only the field of its `source` is set: a Vimeo
 * id, an https HLS playlist, an allowed player URL (embed / iframe) or media's asset id (upload).
 */
export const Video = defineEntity({
  name: 'Video',
  tableName: 'videos',
  properties: {
    id: p.uuid().primary().fieldName('video_id'),
    courseId: p.uuid(),
    source: p.string().$type<VideoSource>().length(8),
    vimeoId: p.string().length(20).nullable(),
    hlsUrl: p.string().length(500).nullable(),
    embedUrl: p.string().length(500).nullable(),
    assetId: p.uuid().nullable(),
    name: p.string().length(200),
    detail: p.text().nullable(),
    item: p.integer(),
    status: p.string().$type<VideoStatus>().length(8),
    /** Y: a free preview visitors may play on /course/video/{id} while the course is on sale */
    preview: p.string().$type<YesNo>().length(1).default('N'),
    durationSeconds: p.integer().nullable(),
    /** issue 15: the broadcast this video records (its trade calls replay over it), or null */
    recordingBroadcastId: p.uuid().nullable(),
    /** the video's 0 is the broadcast's second N (seconds) */
    recordingOffsetS: p.integer().default(0),
    path: p.string().length(300).nullable(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type VideoEntity = InferEntity<typeof Video>;

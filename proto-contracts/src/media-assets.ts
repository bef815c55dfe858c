import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './common.js';
import { defineEvent } from './envelope.js';

/**
 * Lesson videos and private documents kept by media (issue 12). Staff upload a lesson file (tus,
 * resumable); media keeps the original privately, a worker transcodes it to HLS renditions, and the
 * asset moves through these states. Learning keeps a read model of them (its videos show progress,
 * duration and poster; a member's playback URL is signed only for a `ready` asset).
 */
export const VIDEO_ASSET_STATUSES = ['uploading', 'queued', 'transcoding', 'ready', 'failed'] as const;
export type VideoAssetStatus = (typeof VIDEO_ASSET_STATUSES)[number];
export const VideoAssetStatusSchema = Type.Union(
  VIDEO_ASSET_STATUSES.map((s) => Type.Literal(s)),
  { description: 'uploading, queued, transcoding, ready or failed' },
);

/** Every change of a lesson video's asset (upload finished, progress, ready, failed). */
export const VideoAssetChanged = defineEvent(
  'media.video.changed',
  1,
  Type.Object({
    assetId: Uuid(),
    status: VideoAssetStatusSchema,
    /** 0–100: transcoding progress (100 when ready) */
    progress: Type.Integer({ minimum: 0, maximum: 100 }),
    originalName: Type.String({ description: "the uploaded file's name, as staff see it" }),
    bytes: Type.Integer({ minimum: 0, description: 'size of the original' }),
    durationSeconds: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
    /** the HLS master playlist and poster, relative to the asset's signed scope `hls/<assetId>` */
    playlist: Type.Union([Type.String(), Type.Null()]),
    poster: Type.Union([Type.String(), Type.Null()]),
    /** why it failed, for staff (English); null unless failed */
    error: Type.Union([Type.String(), Type.Null()]),
    createdBy: Type.Union([Type.String(), Type.Null()]),
    changedAt: Type.String({ format: 'date-time' }),
  }),
);
export type VideoAssetChangedData = Static<typeof VideoAssetChanged.schema>;

export const MEDIA_ASSET_EVENTS = [VideoAssetChanged] as const;

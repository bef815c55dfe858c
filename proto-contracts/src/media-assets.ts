import { Type, type Static } from '@sinclair/typebox';
import { AdminListQuery, Page, Uuid } from './common.js';
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

// ---------- back office (/admin/video) and documents ----------

/** A lesson video's asset as staff see it on /admin/video. */
export const VideoAssetView = Type.Object(
  {
    id: Uuid(),
    status: VideoAssetStatusSchema,
    progress: Type.Integer({ minimum: 0, maximum: 100 }),
    originalName: Type.String(),
    bytes: Type.Integer({ minimum: 0 }),
    durationSeconds: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
    width: Type.Union([Type.Integer(), Type.Null()]),
    height: Type.Union([Type.Integer(), Type.Null()]),
    renditions: Type.Array(Type.String(), { description: 'e.g. ["360p", "720p"] once ready' }),
    error: Type.Union([Type.String(), Type.Null()]),
    createdBy: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'VideoAssetView' },
);
export type VideoAssetView = Static<typeof VideoAssetView>;

export const VideoAssetPage = Page(VideoAssetView);

export const VIDEO_ASSET_SORTS = [
  '-createdAt',
  'createdAt',
  'originalName',
  '-originalName',
  'status',
  '-status',
] as const;
export const VideoAssetListQuery = AdminListQuery(
  VIDEO_ASSET_SORTS,
  '-createdAt',
  { status: Type.Optional(VideoAssetStatusSchema) },
  { search: "matches the uploaded file's name" },
);
export type VideoAssetListQuery = Static<typeof VideoAssetListQuery>;

/** A signed, short-lived playback address (staff preview; learning signs members' own the same way). */
export const VideoPlayback = Type.Object(
  {
    playlistUrl: Type.String({ description: 'the HLS master playlist' }),
    posterUrl: Type.String(),
    expiresAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'VideoPlayback' },
);
export type VideoPlayback = Static<typeof VideoPlayback>;

/** What a private document upload answers. */
export const DocumentStored = Type.Object(
  {
    fileId: Uuid(),
    filename: Type.String({
      description: 'the stored name: the `file` part of its signed URL (scope document/<fileId>)',
    }),
    originalName: Type.String({ description: 'as uploaded; served as the download name' }),
    contentType: Type.String(),
    bytes: Type.Integer({ minimum: 0 }),
    url: Type.String({ description: 'a signed URL for the uploader, valid for a short while' }),
    expiresAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'DocumentStored' },
);
export type DocumentStored = Static<typeof DocumentStored>;

import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { RequiredText, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { YesNoSchema } from './enums.js';
import { X_ERROR } from './errors.js';
import { VideoAssetStatusSchema } from './media-assets.js';

/**
 * What a course is made of (issue 12; spec 02 §3 "Course session", "Document", "Document list",
 * "Zoom"; spec 01 §3 "Video", "Zoom", "Course detail time"): sessions (courses detail time), videos,
 * Zoom rooms, documents and the lists tying a document to a video, a session or a course. Staff keep
 * them under /admin/...; members read them through the access rule (learning's domain), visitors read
 * a course's curriculum (session titles only).
 *
 * JSON names are camelCase; docs/api-map.md maps them to the spec's (courses_detail_time_close →
 * close, video_formath → source, zoom_meetingid → meetingId...). Every change is published as
 * `learning.<aggregate>.changed` with the stored record (never a Zoom passcode), every removal as
 * `learning.<aggregate>.deleted`.
 */

const NullableText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);
const OptionalText = (maxLength: number) => Type.Optional(NullableText(maxLength));
const ReadText = () => Type.Union([Type.String(), Type.Null()]);
const ReadDate = () => Type.String({ format: 'date', description: 'yyyy-mm-dd (Asia/Bangkok day)' });
const DateOnly = () =>
  Type.String({
    format: 'date',
    description: 'yyyy-mm-dd (Asia/Bangkok day)',
    [X_ERROR]: 'validation.format',
  });
/** 24-hour HH:mm, Asia/Bangkok (spec 02 §9: "times 24-hour"). */
const TimeOfDay = () =>
  Type.String({
    pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
    description: 'HH:mm (24-hour, Asia/Bangkok)',
    [X_ERROR]: 'validation.format',
  });
/** Display order: smaller first, 1 when not given (spec 02 §9 "Item default 1"). */
const Item = () =>
  Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    description: 'order, smaller first (default 1)',
    [X_ERROR]: 'validation.format',
  });
const ImageRef = () =>
  Type.Optional(
    Type.Union([
      Type.String({
        maxLength: 300,
        description: 'file name or URL returned by the media service',
        [X_ERROR]: 'validation.too_long',
      }),
      Type.Null(),
    ]),
  );
/** An https web address (Zoom links, HLS playlists): http, javascript: and the like are refused. */
const HttpsUrl = (opts: { description?: string } = {}) =>
  Type.String({
    minLength: 1,
    maxLength: 500,
    pattern: '^[Hh][Tt][Tt][Pp][Ss]://[^\\s]+$',
    [X_ERROR]: {
      minLength: 'validation.required',
      maxLength: 'validation.too_long',
      pattern: 'validation.https_url',
    },
    ...opts,
  });
const Meta = {
  createdBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
};
const Paging = {
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
};
const Search = Type.Optional(Type.String({ maxLength: 100 }));
const sortOf = <const S extends readonly string[]>(sorts: S, fallback: S[number]) =>
  Type.Union(
    sorts.map((s) => Type.Literal(s)),
    { default: fallback, description: 'a leading "-" sorts descending' },
  );
const Deleted = <P extends Record<string, TSchema>>(props: P) =>
  Type.Object({ id: Uuid(), ...props, deletedAt: Type.String({ format: 'date-time' }) });
const NullableUuid = () => Type.Union([Uuid(), Type.Null()]);

// ---------- instructors (learning's read model of catalog's) ----------

/** An instructor as learning knows it from `catalog.instructor.changed`. */
export const InstructorSummary = Type.Object({
  id: Uuid(),
  name: Type.String(),
  img: ReadText(),
});
export type InstructorSummary = Static<typeof InstructorSummary>;

// ---------- sessions (spec 02 §3 "Course session (courses detail time)") ----------

/**
 * courses_detail_time_type: video (a lesson video), real (on site; check-in possible), meeting
 * (Zoom) or live (a live stream); video by default.
 */
export const SESSION_TYPES = ['video', 'real', 'meeting', 'live'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];
export const SessionTypeSchema = Type.Union(
  SESSION_TYPES.map((t) => Type.Literal(t)),
  { description: 'video, real (on site), meeting (Zoom) or live', [X_ERROR]: 'validation.format' },
);

/** courses_detail_time_close: `unlimit` (never closes, the default) or the last day it opens. */
export const SESSION_UNLIMITED = 'unlimit';
export const SessionClose = () =>
  Type.Union([Type.Literal(SESSION_UNLIMITED), DateOnly()], {
    description: '"unlimit" (default) or the close date yyyy-mm-dd (not before the session date)',
    [X_ERROR]: 'validation.format',
  });

/** courses_rating: 1 (default) to 5. */
export const SessionRating = () =>
  Type.Integer({ minimum: 1, maximum: 5, description: '1 to 5 (default 1)', [X_ERROR]: 'validation.format' });

const sessionWritable = {
  type: Type.Optional(SessionTypeSchema),
  item: Type.Optional(Item()),
  title: RequiredText(200, { description: 'courses_detail_time_title' }),
  detail: OptionalText(20_000),
  date: DateOnly(),
  start: Type.Optional(Type.Union([TimeOfDay(), Type.Null()])),
  to: Type.Optional(Type.Union([TimeOfDay(), Type.Null()])),
  close: Type.Optional(SessionClose()),
  view: Type.Optional(YesNoSchema),
  checkin: Type.Optional(YesNoSchema),
  special: Type.Optional(YesNoSchema),
  rating: Type.Optional(SessionRating()),
  pdf: OptionalText(300),
  videoId: Type.Optional(NullableUuid()),
  zoomRoomId: Type.Optional(NullableUuid()),
  instructorId: Type.Optional(NullableUuid()),
  /** a live stream's id (issue 15: /admin/live-streams); one that does not exist → 400 learning.live_stream_unknown */
  liveStreamId: Type.Optional(NullableUuid()),
};

/** A session as stored: what `learning.session.changed` carries. */
export const SessionRecord = Type.Object({
  id: Uuid(),
  courseId: Uuid(),
  type: SessionTypeSchema,
  item: Type.Integer(),
  title: Type.String(),
  detail: ReadText(),
  date: ReadDate(),
  start: ReadText(),
  to: ReadText(),
  close: Type.String({ description: '"unlimit" or yyyy-mm-dd' }),
  view: YesNoSchema,
  checkin: YesNoSchema,
  special: YesNoSchema,
  rating: Type.Integer(),
  pdf: ReadText(),
  videoId: NullableUuid(),
  zoomRoomId: NullableUuid(),
  instructorId: NullableUuid(),
  liveStreamId: NullableUuid(),
  ...Meta,
});
export type SessionRecord = Static<typeof SessionRecord>;

/** A document listed on a session, a video or a course, as a list shows it. */
export const ListedDocument = Type.Object({
  documentListId: Uuid(),
  documentId: Uuid(),
  name: Type.String(),
  type: ReadText(),
});
export type ListedDocument = Static<typeof ListedDocument>;

/** The staff view: the record with what it links to, for /admin/coursesdetail/{id}. */
export const SessionStaff = Type.Composite(
  [
    SessionRecord,
    Type.Object({
      video: Type.Union([Type.Object({ id: Uuid(), name: Type.String() }), Type.Null()]),
      zoomRoom: Type.Union([Type.Object({ id: Uuid(), title: Type.String() }), Type.Null()]),
      /** null when no instructor, or when catalog's instructor was deleted since */
      instructor: Type.Union([InstructorSummary, Type.Null()]),
      documents: Type.Array(ListedDocument),
    }),
  ],
  { $id: 'SessionStaff' },
);
export type SessionStaff = Static<typeof SessionStaff>;

/** What an enrolled member reads of a session they may open (the access rule decides). */
export const SessionMember = Type.Object({
  id: Uuid(),
  courseId: Uuid(),
  type: SessionTypeSchema,
  item: Type.Integer(),
  title: Type.String(),
  detail: ReadText(),
  date: ReadDate(),
  start: ReadText(),
  to: ReadText(),
  close: Type.String(),
  checkin: YesNoSchema,
  special: YesNoSchema,
  rating: Type.Integer(),
  pdf: ReadText(),
  videoId: NullableUuid(),
  zoomRoomId: NullableUuid(),
  liveStreamId: NullableUuid(),
  instructor: Type.Union([InstructorSummary, Type.Null()]),
});
export type SessionMember = Static<typeof SessionMember>;

/** Create: title and date required; the spec's defaults for the rest (spec 02 §9). */
export const SessionCreateBody = Type.Object(sessionWritable);
export type SessionCreateBody = Static<typeof SessionCreateBody>;
/** Update: absent keeps, null clears (zoomRoomId: null removes the room from the session). */
export const SessionUpdateBody = Type.Partial(SessionCreateBody);
export type SessionUpdateBody = Static<typeof SessionUpdateBody>;

/** A course's sessions for staff: by date, then item (not paged beyond 500). */
export const SessionAdminQuery = Type.Object({
  q: Search,
  type: Type.Optional(SessionTypeSchema),
  from: Type.Optional(DateOnly()),
  to: Type.Optional(DateOnly()),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 200 }),
});
export type SessionAdminQuery = Static<typeof SessionAdminQuery>;
export const SessionsPage = Type.Object({
  items: Type.Array(SessionStaff),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export type SessionsPage = Static<typeof SessionsPage>;

/** Reorder: the course's sessions in their new order; each gets item = its place (1, 2, ...). */
export const SessionReorderBody = Type.Object({
  ids: Type.Array(Uuid(), { minItems: 1, maxItems: 500, uniqueItems: true, [X_ERROR]: 'validation.format' }),
});
export type SessionReorderBody = Static<typeof SessionReorderBody>;

// ---------- curriculum (public: a course's or a product's session titles) ----------

export const CurriculumItem = Type.Object({
  title: Type.String(),
  type: SessionTypeSchema,
  date: ReadDate(),
});
export type CurriculumItem = Static<typeof CurriculumItem>;

export const CourseCurriculum = Type.Object(
  { courseId: Uuid(), title: Type.String(), items: Type.Array(CurriculumItem) },
  { $id: 'CourseCurriculum' },
);
export type CourseCurriculum = Static<typeof CourseCurriculum>;

/** A product's courses (as catalog last told learning) with their curricula, in the product's order. */
export const ProductCurriculum = Type.Object(
  { productId: Uuid(), courses: Type.Array(CourseCurriculum) },
  { $id: 'ProductCurriculum' },
);
export type ProductCurriculum = Static<typeof ProductCurriculum>;

// ---------- videos (spec 01 §3 "Video") ----------

/**
 * video_formath: vimeo (a Vimeo id; the default), hls (an https playlist URL), embed (a player URL)
 * or iframe (a player's <iframe> code: its src is kept), upload (a lesson file uploaded to media).
 * Embeds and iframes are kept as a player URL from an allow-list (Vimeo's player, YouTube's embed):
 * no HTML is stored or rendered.
 */
export const VIDEO_SOURCES = ['vimeo', 'hls', 'embed', 'iframe', 'upload'] as const;
export type VideoSource = (typeof VIDEO_SOURCES)[number];
export const VideoSourceSchema = Type.Union(
  VIDEO_SOURCES.map((s) => Type.Literal(s)),
  { description: 'vimeo (default), hls, embed, iframe or upload', [X_ERROR]: 'validation.format' },
);

/** video_status: create (new, the default: not shown to members yet), show, hide. */
export const VIDEO_STATUSES = ['create', 'show', 'hide'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
export const VideoStatusSchema = Type.Union(
  VIDEO_STATUSES.map((s) => Type.Literal(s)),
  { description: 'create (default), show or hide', [X_ERROR]: 'validation.format' },
);

const videoWritable = {
  courseId: Uuid(),
  source: Type.Optional(VideoSourceSchema),
  vimeoId: Type.Optional(
    Type.Union([
      Type.String({
        pattern: '^[0-9]{1,20}$',
        description: 'the number in vimeo.com/{id}',
        [X_ERROR]: 'validation.format',
      }),
      Type.Null(),
    ]),
  ),
  hlsUrl: Type.Optional(Type.Union([HttpsUrl({ description: 'an https .m3u8 playlist' }), Type.Null()])),
  embedCode: Type.Optional(
    Type.Union([
      Type.String({
        maxLength: 4000,
        description: 'a Vimeo / YouTube player URL or its <iframe> code; only the player URL is kept',
        [X_ERROR]: 'validation.too_long',
      }),
      Type.Null(),
    ]),
  ),
  /** source upload: media's asset id (tus upload, media.video.changed) */
  assetId: Type.Optional(NullableUuid()),
  name: RequiredText(200, { description: 'video_name' }),
  detail: OptionalText(20_000),
  item: Type.Optional(Item()),
  status: Type.Optional(VideoStatusSchema),
  /** for Vimeo / HLS / embeds: staff may enter it; for uploads media's duration is copied when ready */
  durationSeconds: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0, maximum: 360_000, [X_ERROR]: 'validation.format' }), Type.Null()]),
  ),
  path: OptionalText(300),
  /** Y: a free preview visitors may play on /course/video/{id} while its course is on sale (default N) */
  preview: Type.Optional(YesNoSchema),
  /**
   * issue 15: the live broadcast this video is the recording of (its trade calls replay over it on
   * the lesson page); must exist (400 `learning.live_broadcast_unknown`); null: not a recording
   */
  recordingBroadcastId: Type.Optional(NullableUuid()),
  /** the video's 0 is the broadcast's second N (default 0); a call shows at streamTime − N */
  recordingOffsetS: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 360_000, [X_ERROR]: 'validation.format' }),
  ),
};

/** A video as stored: what `learning.video.changed` carries. */
export const VideoRecord = Type.Object({
  id: Uuid(),
  courseId: Uuid(),
  source: VideoSourceSchema,
  vimeoId: ReadText(),
  hlsUrl: ReadText(),
  /** the allowed player URL taken from an embed or iframe code */
  embedUrl: ReadText(),
  assetId: NullableUuid(),
  name: Type.String(),
  detail: ReadText(),
  item: Type.Integer(),
  status: VideoStatusSchema,
  durationSeconds: Type.Union([Type.Integer(), Type.Null()]),
  path: ReadText(),
  /** Y: a free preview (issue 13, the public course pages) */
  preview: YesNoSchema,
  /** issue 15: the live broadcast it records, or null */
  recordingBroadcastId: NullableUuid(),
  /** the video's 0 is the broadcast's second N */
  recordingOffsetS: Type.Integer({ minimum: 0 }),
  ...Meta,
});
export type VideoRecord = Static<typeof VideoRecord>;

/** The broadcast a video records, as the staff video view names it (issue 15). */
export const RecordingBroadcast = Type.Object({
  id: Uuid(),
  streamId: Uuid(),
  streamName: Type.String(),
  startedAt: Type.String({ format: 'date-time' }),
  /** null: still on air */
  endedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type RecordingBroadcast = Static<typeof RecordingBroadcast>;

/** An uploaded video's asset as learning last heard it from media (`media.video.changed`). */
export const VideoAssetView = Type.Object({
  status: VideoAssetStatusSchema,
  progress: Type.Integer(),
  error: ReadText(),
  durationSeconds: Type.Union([Type.Number(), Type.Null()]),
  poster: ReadText(),
  originalName: Type.String(),
});
export type VideoAssetView = Static<typeof VideoAssetView>;

export const VideoStaff = Type.Composite(
  [
    VideoRecord,
    Type.Object({
      /** source upload: the asset's state; null when media has not told learning of it yet */
      asset: Type.Union([VideoAssetView, Type.Null()]),
      documents: Type.Array(ListedDocument),
      /** the broadcast it records (recordingBroadcastId) with its stream, or null */
      recording: Type.Union([RecordingBroadcast, Type.Null()]),
    }),
  ],
  { $id: 'VideoStaff' },
);
export type VideoStaff = Static<typeof VideoStaff>;

/** What an enrolled member reads of a video (playback URLs for uploads are signed separately). */
export const VideoMember = Type.Object({
  id: Uuid(),
  courseId: Uuid(),
  source: VideoSourceSchema,
  vimeoId: ReadText(),
  hlsUrl: ReadText(),
  embedUrl: ReadText(),
  assetId: NullableUuid(),
  name: Type.String(),
  detail: ReadText(),
  item: Type.Integer(),
  durationSeconds: Type.Union([Type.Integer(), Type.Null()]),
});
export type VideoMember = Static<typeof VideoMember>;

export const VideoCreateBody = Type.Object(videoWritable);
export type VideoCreateBody = Static<typeof VideoCreateBody>;
/** Update: absent keeps, null clears; the course does not change. */
export const VideoUpdateBody = Type.Partial(Type.Omit(VideoCreateBody, ['courseId']));
export type VideoUpdateBody = Static<typeof VideoUpdateBody>;

export const VIDEO_SORTS = ['item', '-item', 'name', '-name', 'createdAt', '-createdAt'] as const;
export type VideoSort = (typeof VIDEO_SORTS)[number];
export const VideoAdminQuery = Type.Object({
  q: Search,
  courseId: Type.Optional(Uuid()),
  source: Type.Optional(VideoSourceSchema),
  status: Type.Optional(VideoStatusSchema),
  preview: Type.Optional(YesNoSchema),
  ...Paging,
  sort: sortOf(VIDEO_SORTS, 'item'),
});
export type VideoAdminQuery = Static<typeof VideoAdminQuery>;
export const VideosPage = Type.Object({
  items: Type.Array(VideoStaff),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export type VideosPage = Static<typeof VideosPage>;

// ---------- Zoom rooms (spec 02 §3 "Zoom") ----------

const zoomWritable = {
  title: RequiredText(200, { description: 'zoom_title' }),
  url: HttpsUrl({ description: 'zoom_url: the meeting link (https)' }),
  meetingId: Type.Optional(
    Type.Union([
      Type.String({
        pattern: '^[0-9][0-9 ]{7,14}[0-9]$',
        description: 'zoom_meetingid: 9 to 13 digits, spaces allowed (kept without them)',
        [X_ERROR]: 'validation.format',
      }),
      Type.Null(),
    ]),
  ),
  /** encrypted at rest (AES-256-GCM, LEARNING_SECRET_KEY); never in an event */
  passcode: Type.Optional(
    Type.Union([Type.String({ maxLength: 40, [X_ERROR]: 'validation.too_long' }), Type.Null()]),
  ),
};

/** A Zoom room as other services may know it: no passcode. What `learning.zoom-room.changed` carries. */
export const ZoomRoomRecord = Type.Object({
  id: Uuid(),
  title: Type.String(),
  url: Type.String(),
  meetingId: ReadText(),
  hasPasscode: Type.Boolean(),
  ...Meta,
});
export type ZoomRoomRecord = Static<typeof ZoomRoomRecord>;

/** Staff see the passcode. */
export const ZoomRoomStaff = Type.Composite([ZoomRoomRecord, Type.Object({ passcode: ReadText() })], {
  $id: 'ZoomRoomStaff',
});
export type ZoomRoomStaff = Static<typeof ZoomRoomStaff>;

/** A member enrolled in a session that uses the room, inside its window, reads this. */
export const ZoomRoomMember = Type.Object({
  id: Uuid(),
  title: Type.String(),
  url: Type.String(),
  meetingId: ReadText(),
  passcode: ReadText(),
});
export type ZoomRoomMember = Static<typeof ZoomRoomMember>;

export const ZoomRoomCreateBody = Type.Object(zoomWritable);
export type ZoomRoomCreateBody = Static<typeof ZoomRoomCreateBody>;
export const ZoomRoomUpdateBody = Type.Partial(ZoomRoomCreateBody);
export type ZoomRoomUpdateBody = Static<typeof ZoomRoomUpdateBody>;

export const ZOOM_ROOM_SORTS = ['title', '-title', 'createdAt', '-createdAt'] as const;
export const ZoomRoomAdminQuery = Type.Object({
  q: Search,
  ...Paging,
  sort: sortOf(ZOOM_ROOM_SORTS, '-createdAt'),
});
export type ZoomRoomAdminQuery = Static<typeof ZoomRoomAdminQuery>;
export const ZoomRoomsPage = Type.Object({
  items: Type.Array(ZoomRoomStaff),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export type ZoomRoomsPage = Static<typeof ZoomRoomsPage>;

// ---------- documents (spec 02 §3 "Document") ----------

const documentWritable = {
  name: RequiredText(200, { description: 'document_name' }),
  detail: OptionalText(20_000),
  /** document_type: free text staff group documents by (e.g. pdf, sheet, slide) */
  type: OptionalText(40),
  /** document_position: display order, smaller first (default 1) */
  position: Type.Optional(Item()),
  /** a private file media stored (kind document): learning must have heard of it */
  fileId: Uuid(),
  img: ImageRef(),
};

/** The private file behind a document, as media announced it. */
export const DocumentFile = Type.Object({
  fileId: Uuid(),
  /** media's stored name (`<fileId>.pdf`): the `file` part of its signed URL */
  filename: Type.String(),
  /** the name as uploaded ("lesson-notes.pdf"), what a person sees; null when media did not say */
  originalName: Type.Union([Type.String(), Type.Null()]),
  contentType: Type.String(),
  bytes: Type.Integer(),
});
export type DocumentFile = Static<typeof DocumentFile>;

/** A document as stored: what `learning.document.changed` carries. */
export const DocumentRecord = Type.Object({
  id: Uuid(),
  name: Type.String(),
  detail: ReadText(),
  type: ReadText(),
  position: Type.Integer(),
  fileId: Uuid(),
  img: ReadText(),
  ...Meta,
});
export type DocumentRecord = Static<typeof DocumentRecord>;

export const DocumentStaff = Type.Composite(
  [DocumentRecord, Type.Object({ file: Type.Union([DocumentFile, Type.Null()]) })],
  { $id: 'DocumentStaff' },
);
export type DocumentStaff = Static<typeof DocumentStaff>;

/** What an enrolled member reads (the file's URL is signed separately, short-lived). */
export const DocumentMember = Type.Object({
  id: Uuid(),
  name: Type.String(),
  detail: ReadText(),
  type: ReadText(),
  position: Type.Integer(),
  img: ReadText(),
  file: Type.Union([DocumentFile, Type.Null()]),
});
export type DocumentMember = Static<typeof DocumentMember>;

/** A short-lived signed address of a document's file, for staff to open it (GET /admin/documents/{id}/url). */
export const DocumentUrl = Type.Object(
  {
    url: Type.String({ description: "media's signed URL of the file (scope document/<fileId>)" }),
    expiresAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'DocumentUrl' },
);
export type DocumentUrl = Static<typeof DocumentUrl>;

export const DocumentCreateBody = Type.Object(documentWritable);
export type DocumentCreateBody = Static<typeof DocumentCreateBody>;
export const DocumentUpdateBody = Type.Partial(DocumentCreateBody);
export type DocumentUpdateBody = Static<typeof DocumentUpdateBody>;

export const DOCUMENT_SORTS = ['position', '-position', 'name', '-name', 'createdAt', '-createdAt'] as const;
export const DocumentAdminQuery = Type.Object({
  q: Search,
  /** documents listed on the course, on one of its sessions or on one of its videos */
  courseId: Type.Optional(Uuid()),
  type: Type.Optional(Type.String({ maxLength: 40 })),
  ...Paging,
  sort: sortOf(DOCUMENT_SORTS, '-createdAt'),
});
export type DocumentAdminQuery = Static<typeof DocumentAdminQuery>;
export const DocumentsPage = Type.Object({
  items: Type.Array(DocumentStaff),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export type DocumentsPage = Static<typeof DocumentsPage>;

// ---------- document lists (spec 02 §3 "Document list") ----------

/** Ties a document to exactly one of a video, a session or a course. */
export const DocumentListCreateBody = Type.Object({
  documentId: Uuid(),
  videoId: Type.Optional(NullableUuid()),
  sessionId: Type.Optional(NullableUuid()),
  courseId: Type.Optional(NullableUuid()),
  item: Type.Optional(Item()),
});
export type DocumentListCreateBody = Static<typeof DocumentListCreateBody>;
/** Only the order changes: to move a document elsewhere, delete the entry and add another. */
export const DocumentListUpdateBody = Type.Object({ item: Type.Optional(Item()) });
export type DocumentListUpdateBody = Static<typeof DocumentListUpdateBody>;

/** A document list entry as stored: what `learning.document-list.changed` carries. */
export const DocumentListRecord = Type.Object({
  id: Uuid(),
  documentId: Uuid(),
  videoId: NullableUuid(),
  sessionId: NullableUuid(),
  courseId: NullableUuid(),
  item: Type.Integer(),
  ...Meta,
});
export type DocumentListRecord = Static<typeof DocumentListRecord>;

export const DocumentListStaff = Type.Composite(
  [
    DocumentListRecord,
    Type.Object({ document: Type.Object({ id: Uuid(), name: Type.String(), type: ReadText() }) }),
  ],
  { $id: 'DocumentListStaff' },
);
export type DocumentListStaff = Static<typeof DocumentListStaff>;

export const DOCUMENT_LIST_SORTS = ['item', '-item', 'createdAt', '-createdAt'] as const;
/** ByVideosId / ByCoursesDetailTimeId / ByCoursesId: the entries on that video, session or course. */
export const DocumentListAdminQuery = Type.Object({
  documentId: Type.Optional(Uuid()),
  videoId: Type.Optional(Uuid()),
  sessionId: Type.Optional(Uuid()),
  courseId: Type.Optional(Uuid()),
  ...Paging,
  sort: sortOf(DOCUMENT_LIST_SORTS, 'item'),
});
export type DocumentListAdminQuery = Static<typeof DocumentListAdminQuery>;
export const DocumentListsPage = Type.Object({
  items: Type.Array(DocumentListStaff),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export type DocumentListsPage = Static<typeof DocumentListsPage>;

// ---------- events ----------

export const SessionChanged = defineEvent('learning.session.changed', 1, SessionRecord);
export const SessionDeleted = defineEvent('learning.session.deleted', 1, Deleted({ courseId: Uuid() }));
export const VideoChanged = defineEvent('learning.video.changed', 1, VideoRecord);
export const VideoDeleted = defineEvent('learning.video.deleted', 1, Deleted({ courseId: Uuid() }));
export const ZoomRoomChanged = defineEvent('learning.zoom-room.changed', 1, ZoomRoomRecord);
export const ZoomRoomDeleted = defineEvent('learning.zoom-room.deleted', 1, Deleted({}));
export const DocumentChanged = defineEvent('learning.document.changed', 1, DocumentRecord);
export const DocumentDeleted = defineEvent('learning.document.deleted', 1, Deleted({}));
export const DocumentListChanged = defineEvent('learning.document-list.changed', 1, DocumentListRecord);
export const DocumentListDeleted = defineEvent(
  'learning.document-list.deleted',
  1,
  Deleted({
    documentId: Uuid(),
    videoId: NullableUuid(),
    sessionId: NullableUuid(),
    courseId: NullableUuid(),
  }),
);

export const LEARNING_CONTENT_EVENTS = [
  SessionChanged,
  SessionDeleted,
  VideoChanged,
  VideoDeleted,
  ZoomRoomChanged,
  ZoomRoomDeleted,
  DocumentChanged,
  DocumentDeleted,
  DocumentListChanged,
  DocumentListDeleted,
] as const;

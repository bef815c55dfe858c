import { Type, type Static } from '@sinclair/typebox';
import { Page, RequiredText, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { YesNoSchema } from './enums.js';
import { X_ERROR } from './errors.js';
import { SessionMember } from './learning-content.js';
import { CourseLiveImage } from './learning.js';

/**
 * Live streaming, live trade and live comments (issue 15; spec 01 §2 /member/livestreaming/{id},
 * /member/livetrade/{id}, /member/livetrader/{id}, /ovenplayerLiveStream; §7 liveStreamingComment
 * "Now" variants and create; spec 02 §3 "Live streaming" and "Live stream comment", §7 courses
 * UpdateLiveStreaming; ARCHITECTURE §9 "Live").
 *
 * Ids. A live stream's id is a UUID (learning's own, like every record); spec 01 §3's "id 3 is the
 * live traders stream" becomes `kind: 'trade'` (a stream whose page is /member/livetrade and whose
 * staff post trade calls). In the SPA routes, `{id}` of /member/livestreaming/{id},
 * /member/livetrade/{id} and /member/livetrader/{id} is the **live stream id**; without one the
 * page uses the selected course's `liveStreamingId` (livestreaming) or `liveTradeId` (livetrade);
 * GET /member/live/streams lists every stream the member may watch now.
 *
 * Who may watch (learning's access rule, domain/access.ts): a member may watch stream S now when
 *  - enrolled in a course (active, started, not ended) whose live streaming flag is Y and whose
 *    `liveStreamingId` (its channel) or `liveTradeId` (its live trade room) is S, or
 *  - they may open (canOpenSession) a session of today whose time is around now (from an hour
 *    before its start to its end) and that uses S: `liveStreamId` = S, or a `live` session without
 *    a stream of a course whose `liveStreamingId` is S.
 * Anything else answers 404 `learning.live_stream_not_found` (never 403), as does a stream with
 * status `hide`. Staff may read every stream.
 *
 * Learning routes (base /api/learning through the gateway):
 *   staff  GET/POST /admin/live-streams, GET/PUT/DELETE /admin/live-streams/:id
 *          POST /admin/live-streams/:id/rotate-key            → LiveStreamWithKey (the key, once)
 *          GET  /admin/live-streams/:id/comments?after&limit  → LiveCommentStaffList (hidden too)
 *          POST /admin/live-streams/:id/comments              → LiveComment (a staff text comment)
 *          POST /admin/live-streams/:id/calls                 → LiveComment (kind call; stream live only)
 *          GET  /admin/live-streams/:id/broadcasts            → LiveBroadcastsPage (each time on air, newest first)
 *          POST /admin/live-streams/:id/comments/:seq/hide    → LiveComment (event `hidden`)
 *          POST /admin/live-streams/:id/comments/:seq/pin     → LiveComment (event `pinned`)
 *          DELETE /admin/live-streams/:id/pin                 → 204 (event `pinned` with null)
 *          PUT  /admin/courses/:id/live-streaming             → CourseStaff (UpdateLiveStreaming)
 *   member GET  /member/live/streams                          → LiveStreamMemberList (watchable now)
 *          GET  /member/live/:streamId                        → LiveWatch (signed playback URL)
 *          GET  /member/live/:streamId/access                 → LiveAccess (the gateway asks at SSE connect)
 *          GET  /member/live/:streamId/comments?after&limit   → LiveCommentReplay
 *          POST /member/live/:streamId/comments               → 201 LiveComment
 *          GET  /member/live/:streamId/calls                  → LiveCommentList (the trade calls of the broadcast on air, else the latest; oldest first)
 *          GET  /member/live/comments/now?streamId|courseId|sessionId → LiveCommentList ("Now")
 *          GET  /member/sessions/:id/calls                    → ReplayCallList (a recording's calls)
 * Gateway: GET /api/live/streams/:streamId — server-sent events (below).
 *
 * Playback. With LEARNING_LIVE_ORIGIN set (OvenMediaEngine), `playbackUrl` is
 * `<origin>/<stream.url or "app/<streamId>">/llhls.m3u8?policy=…&signature=…` (OME SignedPolicy,
 * key LEARNING_LIVE_SIGNING_KEY; the signed text carries the origin's port even when it is the
 * scheme's default, as OME checks it). With LEARNING_LIVE_WEBRTC_ORIGIN also set, a `trade`
 * stream's answer carries `webrtcUrl` = `<webrtc origin>/<stream.url or "app/<streamId>">?policy=…
 * &signature=…` (OME's WebRTC signalling, same key and expiry). With LEARNING_LIVE_ORIGIN empty (development, tests) the stream plays from the
 * local dev source served by media under its signed scope `live/<streamId>`:
 *   `<MEDIA_PUBLIC_URL>/signed/<exp>/<sig>/live/<streamId>/index.m3u8`
 * (kit/signed-url.ts, MEDIA_URL_SECRET). The dev source (deploy/local, wp-liveweb) has ffmpeg
 * write a rolling playlist `index.m3u8` and its segments (`live_<N>.ts`, names matching media's
 * file-name rule) into `<MEDIA_DIR>/private/live/<streamId>/` — i.e. media's file store ref
 * `{ visibility: 'private', kind: 'live', folder: <streamId>, filename }` — for each id in
 * DEMO_LIVE_STREAM_IDS (proto-contracts/demo). Media serves kind `live` like `hls` but with
 * `cache-control: no-store` on playlists (they change every segment). The URL is short-lived
 * (LEARNING_LIVE_URL_TTL_S): the page asks again at `refreshAt` and gives the player the new URL.
 */

// ---------------------------------------------------------------- limits

/** A comment's text: at most this many characters (after trimming; blank is refused). */
export const LIVE_COMMENT_MAX_LENGTH = 500;
/** Per member and stream: at most one comment per this many milliseconds ... */
export const LIVE_COMMENT_MIN_INTERVAL_MS = 2_000;
/** ... and at most this many in any minute. Over either: 429 `learning.live_comment_too_fast`. */
export const LIVE_COMMENTS_PER_MINUTE = 20;
/** The "Now" reads and a replay without `after`: this many latest comments by default ... */
export const LIVE_COMMENTS_NOW_DEFAULT = 50;
/** ... and at most this many in one answer (a replay after a long gap pages with `after`). */
export const LIVE_COMMENTS_MAX_PAGE = 200;
/** The dev source's playlist inside media's signed scope `live/<streamId>`. */
export const LIVE_DEV_PLAYLIST = 'index.m3u8';
/** media's signed scope kind of the dev live source. */
export const LIVE_SCOPE_KIND = 'live';
/** The core-NATS topic of a stream's live messages (subject `<ns>.live.<streamId>.comments`). */
export const liveCommentsTopic = (streamId: string): string => `${streamId}.comments`;

/** Names of the server-sent events of GET /api/live/streams/:streamId. */
export const LIVE_SSE_EVENTS = {
  /** a member's or staff's text comment (LiveComment); the SSE `id:` is its `seq` */
  comment: 'comment',
  /** a trade call (LiveComment, kind call); the SSE `id:` is its `seq` */
  call: 'call',
  /** a comment was hidden by staff: remove it (LiveHidden) */
  hidden: 'hidden',
  /** the stream's pinned comment changed (LivePinned; comment null = unpinned); sent at connect too */
  pinned: 'pinned',
  /** the stream went live or stopped (LiveState); sent at connect too */
  live: 'live',
  /** the gateway hears core NATS or not (LiveFanout; false: comments arrive only after a reconnect) */
  status: 'status',
} as const;
export type LiveSseEvent = (typeof LIVE_SSE_EVENTS)[keyof typeof LIVE_SSE_EVENTS];

// ---------------------------------------------------------------- streams (spec 02 §3)

const NullableText = (maxLength: number) =>
  Type.Union([Type.String({ maxLength, [X_ERROR]: 'validation.too_long' }), Type.Null()]);
const ReadText = () => Type.Union([Type.String(), Type.Null()]);
const DateTime = () => Type.String({ format: 'date-time' });
const Meta = {
  createdBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: DateTime(),
  updatedAt: DateTime(),
};

/** stream: /member/livestreaming; trade: /member/livetrade, staff post trade calls (spec's id 3). */
export const LIVE_STREAM_KINDS = ['stream', 'trade'] as const;
export type LiveStreamKind = (typeof LIVE_STREAM_KINDS)[number];
export const LiveStreamKindSchema = Type.Union(
  LIVE_STREAM_KINDS.map((k) => Type.Literal(k)),
  { description: 'stream (default) or trade (live trade: trade calls)', [X_ERROR]: 'validation.format' },
);

/** live_streaming_status: show (members may watch it; the default) or hide (kept, never shown). */
export const LIVE_STREAM_STATUSES = ['show', 'hide'] as const;
export type LiveStreamStatus = (typeof LIVE_STREAM_STATUSES)[number];
export const LiveStreamStatusSchema = Type.Union(
  LIVE_STREAM_STATUSES.map((s) => Type.Literal(s)),
  { description: 'show (default) or hide', [X_ERROR]: 'validation.format' },
);

const liveStreamWritable = {
  name: RequiredText(200, { description: 'live_streaming_name' }),
  detail: Type.Optional(NullableText(20_000)),
  /**
   * live_streaming_url: the stream's path on the OvenMediaEngine origin ("app/trade"; letters,
   * digits, - _ / and .), playback `<LEARNING_LIVE_ORIGIN>/<url>/llhls.m3u8`; null = "app/<id>"
   */
  url: Type.Optional(
    Type.Union([
      Type.String({
        maxLength: 200,
        pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*(/[A-Za-z0-9][A-Za-z0-9._-]*)*$',
        [X_ERROR]: { maxLength: 'validation.too_long', pattern: 'validation.format' },
      }),
      Type.Null(),
    ]),
  ),
  /** live_streaming_server: the ingest address the broadcaster's encoder sends to (rtmp://, srt://) */
  server: Type.Optional(NullableText(300)),
  kind: Type.Optional(LiveStreamKindSchema),
  status: Type.Optional(LiveStreamStatusSchema),
  /** live_streaming_live: Y = on air now. Setting Y starts the stream time and announces it. */
  live: Type.Optional(YesNoSchema),
};

/**
 * A live stream as other services may know it: what `learning.live-stream.changed` carries. Never
 * the stream key (only `hasStreamKey`).
 */
export const LiveStreamRecord = Type.Object({
  id: Uuid(),
  name: Type.String(),
  detail: ReadText(),
  url: ReadText(),
  server: ReadText(),
  kind: LiveStreamKindSchema,
  status: LiveStreamStatusSchema,
  live: YesNoSchema,
  /** when it last went live (the origin of the stream time); null when it never did */
  liveSince: Type.Union([DateTime(), Type.Null()]),
  hasStreamKey: Type.Boolean(),
  /** when the key was made (create or rotate-key) */
  keyRotatedAt: DateTime(),
  ...Meta,
});
export type LiveStreamRecord = Static<typeof LiveStreamRecord>;

/** What uses the stream (spec 02: "which courses and sessions use it"). */
export const LiveStreamUsage = Type.Object({
  courses: Type.Array(Type.Object({ id: Uuid(), title: Type.String(), liveStreaming: YesNoSchema })),
  sessions: Type.Array(
    Type.Object({
      id: Uuid(),
      courseId: Uuid(),
      title: Type.String(),
      date: Type.String({ format: 'date' }),
    }),
  ),
});
export type LiveStreamUsage = Static<typeof LiveStreamUsage>;

/** The staff view: the record and what uses it. Still no key. */
export const LiveStreamStaff = Type.Composite([LiveStreamRecord, Type.Object({ usedBy: LiveStreamUsage })], {
  $id: 'LiveStreamStaff',
});
export type LiveStreamStaff = Static<typeof LiveStreamStaff>;

/**
 * The only answers that carry the stream key in clear: create (201) and rotate-key. It is stored
 * sealed (kit/secret-box, LEARNING_SECRET_KEY) and never shown again: lost → rotate.
 */
export const LiveStreamWithKey = Type.Composite(
  [LiveStreamStaff, Type.Object({ streamKey: Type.String({ description: 'shown once' }) })],
  { $id: 'LiveStreamWithKey' },
);
export type LiveStreamWithKey = Static<typeof LiveStreamWithKey>;

export const LiveStreamCreateBody = Type.Object(liveStreamWritable);
export type LiveStreamCreateBody = Static<typeof LiveStreamCreateBody>;
/** Update: absent keeps, null clears. The key changes only through rotate-key. */
export const LiveStreamUpdateBody = Type.Partial(LiveStreamCreateBody);
export type LiveStreamUpdateBody = Static<typeof LiveStreamUpdateBody>;

export const LIVE_STREAM_SORTS = ['name', '-name', 'createdAt', '-createdAt'] as const;
export const LiveStreamAdminQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100, description: 'matches name, url or server' })),
  kind: Type.Optional(LiveStreamKindSchema),
  live: Type.Optional(YesNoSchema),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  sort: Type.Union(
    LIVE_STREAM_SORTS.map((s) => Type.Literal(s)),
    { default: '-createdAt', description: 'a leading "-" sorts descending' },
  ),
});
export type LiveStreamAdminQuery = Static<typeof LiveStreamAdminQuery>;
export const LiveStreamsPage = Page(LiveStreamStaff);
export type LiveStreamsPage = Static<typeof LiveStreamsPage>;

/** Spec 02 §7 courses UpdateLiveStreaming: the course's live flag, its stream and the two images. */
export const CourseLiveStreamingBody = Type.Object({
  liveStreaming: YesNoSchema,
  /** must name an existing stream (400 `learning.live_stream_unknown`); null clears */
  liveStreamingId: Type.Union([Uuid(), Type.Null()]),
  /** upload CoursesLiveStreaming (media kind live-streaming): its stored name or URL; absent keeps, null clears */
  liveStreamingPath: CourseLiveImage('live-streaming', 'the poster of /member/livestreaming'),
  /** upload CoursesLiveTrade (media kind live-trade): its stored name or URL; absent keeps, null clears */
  liveTradePath: CourseLiveImage('live-trade', 'the poster of /member/livetrade'),
  /** the course's live trade stream (/member/livetrade); absent keeps, null clears; must exist */
  liveTradeId: Type.Optional(Type.Union([Uuid(), Type.Null()])),
});
export type CourseLiveStreamingBody = Static<typeof CourseLiveStreamingBody>;

// ---------------------------------------------------------------- member side

/** What a member reads of a stream (no url, server or key). */
export const LiveStreamMember = Type.Object({
  id: Uuid(),
  name: Type.String(),
  detail: ReadText(),
  kind: LiveStreamKindSchema,
  live: YesNoSchema,
  liveSince: Type.Union([DateTime(), Type.Null()]),
});
export type LiveStreamMember = Static<typeof LiveStreamMember>;

export const LiveStreamMemberList = Type.Object({ items: Type.Array(LiveStreamMember) });
export type LiveStreamMemberList = Static<typeof LiveStreamMemberList>;

export const LiveStreamParams = Type.Object({ streamId: Uuid() });
export type LiveStreamParams = Static<typeof LiveStreamParams>;

/** GET /member/live/:streamId/access: 200 when the member may watch now (else 404). */
export const LiveAccess = Type.Object({
  streamId: Uuid(),
  userId: Type.String(),
  /** how the member may watch: the course channel, or a session on now */
  courseId: Uuid(),
  sessionId: Type.Union([Uuid(), Type.Null()]),
});
export type LiveAccess = Static<typeof LiveAccess>;

// ---------------------------------------------------------------- comments (spec 02 §3 "Live stream comment")

/** comment: a text comment; call: a trade call staff post on a trade stream. */
export const LIVE_COMMENT_KINDS = ['comment', 'call'] as const;
export type LiveCommentKind = (typeof LIVE_COMMENT_KINDS)[number];

export const TRADE_SIDES = ['buy', 'sell'] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];

/** An instrument price as staff type it ("1.08345", "2385.5"): kept as text, never rounded. */
const Price = () =>
  Type.String({
    pattern: '^[0-9]{1,12}(\\.[0-9]{1,8})?$',
    description: 'a price, decimal point, up to 8 decimals',
    [X_ERROR]: 'validation.format',
  });

/** A trade call's data (issue 15: symbol, side, entry, stop, target, note). */
export const TradeCall = Type.Object({
  symbol: Type.String({
    minLength: 1,
    maxLength: 30,
    pattern: '^[A-Za-z0-9][A-Za-z0-9./:_-]*$',
    description: 'e.g. XAUUSD, EUR/USD, SET50',
    [X_ERROR]: {
      minLength: 'validation.required',
      maxLength: 'validation.too_long',
      pattern: 'validation.format',
    },
  }),
  side: Type.Union(
    TRADE_SIDES.map((s) => Type.Literal(s)),
    { [X_ERROR]: 'validation.format' },
  ),
  entry: Price(),
  stop: Type.Union([Price(), Type.Null()]),
  target: Type.Union([Price(), Type.Null()]),
  note: Type.Union([
    Type.String({ maxLength: LIVE_COMMENT_MAX_LENGTH, [X_ERROR]: 'validation.too_long' }),
    Type.Null(),
  ]),
});
export type TradeCall = Static<typeof TradeCall>;

/**
 * A comment or trade call as everyone reads it. `seq` numbers the stream's comments 1, 2, 3 …
 * with no gap (taken in the comment's transaction under the stream's row lock, so seq order is
 * commit order): the SSE `id:` and the `after=` of a replay, and how a gateway sees a lost message.
 */
export const LiveComment = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  streamId: Uuid(),
  kind: Type.Union(LIVE_COMMENT_KINDS.map((k) => Type.Literal(k))),
  /** the course / session through which a member could watch when posting (null for staff) */
  courseId: Type.Union([Uuid(), Type.Null()]),
  sessionId: Type.Union([Uuid(), Type.Null()]),
  author: Type.Object({
    kind: Type.Union([Type.Literal('member'), Type.Literal('staff')]),
    /** the member's nickname, else first name and last initial; staff: their name */
    name: Type.String(),
  }),
  /** the comment; for a call, its note ('' when none) */
  text: Type.String(),
  /** kind call only */
  call: Type.Union([TradeCall, Type.Null()]),
  /** seconds since the stream went live when posted (its `liveSince`); null when it was not live */
  streamTime: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** the broadcast (one time on air) it was posted in; null when the stream was not live */
  broadcastId: Type.Union([Uuid(), Type.Null()]),
  createdAt: DateTime(),
});
export type LiveComment = Static<typeof LiveComment>;

/** Staff also see what was hidden, and whether the comment is the pinned one. */
export const LiveCommentStaff = Type.Composite([
  LiveComment,
  Type.Object({
    userId: Type.Union([Type.String(), Type.Null()]),
    hiddenAt: Type.Union([DateTime(), Type.Null()]),
    hiddenBy: Type.Union([Type.String(), Type.Null()]),
    pinned: Type.Boolean(),
  }),
]);
export type LiveCommentStaff = Static<typeof LiveCommentStaff>;

export const LiveCommentList = Type.Object({ items: Type.Array(LiveComment) });
export type LiveCommentList = Static<typeof LiveCommentList>;
export const LiveCommentStaffList = Type.Object({ items: Type.Array(LiveCommentStaff) });
export type LiveCommentStaffList = Static<typeof LiveCommentStaffList>;

/** Member and staff: POST .../comments. Text is trimmed; blank → validation.required. */
export const LiveCommentInput = Type.Object({
  text: Type.String({
    minLength: 1,
    maxLength: LIVE_COMMENT_MAX_LENGTH,
    [X_ERROR]: { minLength: 'validation.required', maxLength: 'learning.live_comment_too_long' },
  }),
});
export type LiveCommentInput = Static<typeof LiveCommentInput>;

/** Staff: POST /admin/live-streams/:id/calls (a trade stream, while live). */
export const TradeCallInput = Type.Object({
  symbol: TradeCall.properties.symbol,
  side: TradeCall.properties.side,
  entry: Price(),
  stop: Type.Optional(Type.Union([Price(), Type.Null()])),
  target: Type.Optional(Type.Union([Price(), Type.Null()])),
  note: Type.Optional(TradeCall.properties.note),
});
export type TradeCallInput = Static<typeof TradeCallInput>;

/** ?after=<seq> (the last one the client has; absent = the latest `limit`) and limit. */
export const LiveCommentsQuery = Type.Object({
  after: Type.Optional(Type.Integer({ minimum: 0, [X_ERROR]: 'validation.format' })),
  limit: Type.Integer({
    minimum: 1,
    maximum: LIVE_COMMENTS_MAX_PAGE,
    default: LIVE_COMMENTS_NOW_DEFAULT,
    [X_ERROR]: 'validation.format',
  }),
});
export type LiveCommentsQuery = Static<typeof LiveCommentsQuery>;

/**
 * A replay (GET /member/live/:streamId/comments): the visible comments and calls with seq > after
 * (or the latest `limit`), oldest first; `more` when more follow (ask again with the last seq);
 * `hidden` the seqs hidden among the stream's latest LIVE_COMMENTS_MAX_PAGE (so a client that was
 * away removes them); `pinned` the pinned comment now.
 */
export const LiveCommentReplay = Type.Object(
  {
    items: Type.Array(LiveComment),
    more: Type.Boolean(),
    /** the stream's latest seq now (hidden ones count): where the next comment continues */
    lastSeq: Type.Integer({ minimum: 0 }),
    hidden: Type.Array(Type.Integer()),
    pinned: Type.Union([LiveComment, Type.Null()]),
    stream: LiveStreamMember,
  },
  { $id: 'LiveCommentReplay' },
);
export type LiveCommentReplay = Static<typeof LiveCommentReplay>;

/** spec 01 §7 liveStreamingComment "Now": exactly one of streamId, courseId, sessionId. */
export const LiveCommentsNowQuery = Type.Object({
  streamId: Type.Optional(Uuid()),
  courseId: Type.Optional(Uuid()),
  sessionId: Type.Optional(Uuid()),
  limit: Type.Integer({
    minimum: 1,
    maximum: LIVE_COMMENTS_MAX_PAGE,
    default: LIVE_COMMENTS_NOW_DEFAULT,
    [X_ERROR]: 'validation.format',
  }),
});
export type LiveCommentsNowQuery = Static<typeof LiveCommentsNowQuery>;

export const LiveCommentParams = Type.Object({ id: Uuid(), seq: Type.Integer({ minimum: 1 }) });
export type LiveCommentParams = Static<typeof LiveCommentParams>;

// ---------------------------------------------------------------- broadcasts and replay

/**
 * One time a stream was on air: opened when it goes live (live N → Y), ended when it stops. Its
 * comments and calls carry its id; staff mark a lesson video as its recording (the video's
 * `recordingBroadcastId`, `recordingOffsetS`).
 */
export const LiveBroadcast = Type.Object({
  id: Uuid(),
  streamId: Uuid(),
  startedAt: DateTime(),
  /** null while still on air */
  endedAt: Type.Union([DateTime(), Type.Null()]),
  /** its trade calls, hidden ones too */
  callCount: Type.Integer({ minimum: 0 }),
  /** how many lesson videos are its recording */
  recordingCount: Type.Integer({ minimum: 0 }),
});
export type LiveBroadcast = Static<typeof LiveBroadcast>;

/** GET /admin/live-streams/:id/broadcasts: newest first. */
export const LiveBroadcastQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});
export type LiveBroadcastQuery = Static<typeof LiveBroadcastQuery>;
export const LiveBroadcastsPage = Page(LiveBroadcast);
export type LiveBroadcastsPage = Static<typeof LiveBroadcastsPage>;

/** A trade call of a recording, placed in the video: `videoTime` = streamTime − the video's offset (≥ 0). */
export const ReplayCall = Type.Composite([
  LiveComment,
  Type.Object({
    /** seconds into the video when the call was made; a call made before the video's 0 shows at 0 */
    videoTime: Type.Integer({ minimum: 0 }),
  }),
]);
export type ReplayCall = Static<typeof ReplayCall>;

/**
 * GET /member/sessions/:id/calls: the visible trade calls of the broadcast the session's video
 * records, in video time then seq order; empty when the video records none. The session's access
 * rule decides, as for the session itself (404 `learning.session_not_found` otherwise).
 */
export const ReplayCallList = Type.Object(
  {
    broadcastId: Type.Union([Uuid(), Type.Null()]),
    offsetS: Type.Integer({ minimum: 0 }),
    items: Type.Array(ReplayCall),
  },
  { $id: 'ReplayCallList' },
);
export type ReplayCallList = Static<typeof ReplayCallList>;

// ---------------------------------------------------------------- playback

/**
 * GET /member/live/:streamId: the stream, the session that lets the member watch (null: the
 * course's channel), and — only while the stream is live — a signed short-lived playback URL.
 */
export const LiveWatch = Type.Object(
  {
    stream: LiveStreamMember,
    courseId: Uuid(),
    session: Type.Union([SessionMember, Type.Null()]),
    /** null while the stream is not live (listen for the SSE `live` event, then ask again) */
    playbackUrl: Type.Union([Type.String(), Type.Null()]),
    /**
     * OvenMediaEngine's WebRTC signalling URL (wss://…/<path>?policy=…&signature=…), signed like
     * playbackUrl and living as long: only a `trade` stream on air with LEARNING_LIVE_WEBRTC_ORIGIN
     * set; null (or absent, from an older learning) otherwise. The live trade pages then play it with
     * OvenPlayer, `playbackUrl` (LL-HLS) as its fallback source.
     */
    webrtcUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    /** origin: OvenMediaEngine LL-HLS; dev: the local HLS source through media */
    source: Type.Union([Type.Literal('origin'), Type.Literal('dev')]),
    /** when the URL stops opening; null with no URL */
    expiresAt: Type.Union([DateTime(), Type.Null()]),
    /** ask again for a fresh URL at this time (a minute or so before expiresAt) */
    refreshAt: Type.Union([DateTime(), Type.Null()]),
    /**
     * The pictures of the course the member watches through (`courseId`), as media named them:
     * the player's poster — `liveStreamingPath` on /member/livestreaming, `liveTradePath` on
     * /member/livetrade. Always sent; optional so earlier readers still type-check.
     */
    courseImages: Type.Optional(Type.Object({ liveStreamingPath: ReadText(), liveTradePath: ReadText() })),
  },
  { $id: 'LiveWatch' },
);
export type LiveWatch = Static<typeof LiveWatch>;

// ---------------------------------------------------------------- server-sent events and the bus

/** SSE `hidden`, bus `hidden`. */
export const LiveHidden = Type.Object({ streamId: Uuid(), seq: Type.Integer() });
export type LiveHidden = Static<typeof LiveHidden>;
/** SSE `pinned`, bus `pinned`: the pinned comment now (null = none). */
export const LivePinned = Type.Object({ streamId: Uuid(), comment: Type.Union([LiveComment, Type.Null()]) });
export type LivePinned = Static<typeof LivePinned>;
/** SSE `live`, bus `live`. */
export const LiveState = Type.Object({
  streamId: Uuid(),
  live: YesNoSchema,
  liveSince: Type.Union([DateTime(), Type.Null()]),
});
export type LiveState = Static<typeof LiveState>;
/** SSE `status`: whether this gateway hears core NATS. */
export const LiveFanout = Type.Object({ fanout: Type.Boolean() });
export type LiveFanout = Static<typeof LiveFanout>;

/**
 * One message on core NATS `<ns>.live.<streamId>.comments` (learning publishes after commit; the
 * gateway subscribes once per stream per process and fans out). Lost messages are read again from
 * learning (the record): a gateway that reconnects replays from the last seq it forwarded.
 */
export const LiveBusMessage = Type.Union([
  Type.Object({ type: Type.Literal('comment'), comment: LiveComment }),
  Type.Object({ type: Type.Literal('hidden'), hidden: LiveHidden }),
  Type.Object({ type: Type.Literal('pinned'), pinned: LivePinned }),
  Type.Object({ type: Type.Literal('live'), state: LiveState }),
]);
export type LiveBusMessage = Static<typeof LiveBusMessage>;

/**
 * GET /admin/live-streams/viewers-now (staff; issue 20's dashboard figure "live viewers now"):
 * members watching a stream that is live now — those holding a playback address they fetched for
 * it that has not expired (the live page renews it before it ends, so a member who left drops out
 * within one address life). Read at request time, never kept in a read model.
 */
export const LiveViewersNow = Type.Object({
  viewers: Type.Integer({ minimum: 0, description: 'distinct members over all live streams' }),
  streams: Type.Array(
    Type.Object({
      streamId: Type.String({ format: 'uuid' }),
      name: Type.String(),
      viewers: Type.Integer({ minimum: 0 }),
    }),
  ),
});
export type LiveViewersNow = Static<typeof LiveViewersNow>;

// ---------------------------------------------------------------- events (JetStream, via the outbox)

export const LiveStreamChanged = defineEvent('learning.live-stream.changed', 1, LiveStreamRecord);
export const LiveStreamDeleted = defineEvent(
  'learning.live-stream.deleted',
  1,
  Type.Object({ id: Uuid(), deletedAt: DateTime() }),
);
/**
 * The stream went live (live N → Y) or off air (Y → N): for notifications (tell the members) and
 * the member area. `courseIds`: the courses whose channel it is or that have a session today using it.
 */
export const LiveChanged = defineEvent(
  'learning.live.changed',
  1,
  Type.Object({
    streamId: Uuid(),
    name: Type.String(),
    kind: LiveStreamKindSchema,
    live: YesNoSchema,
    liveSince: Type.Union([DateTime(), Type.Null()]),
    courseIds: Type.Array(Uuid()),
    changedAt: DateTime(),
  }),
);

export const LEARNING_LIVE_EVENTS = [LiveStreamChanged, LiveStreamDeleted, LiveChanged] as const;

import { Type, type Static } from '@sinclair/typebox';
import { Page, PageQuery, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { X_ERROR } from './errors.js';

/**
 * Watch statistics (issue 14; spec 01 §3 VideoStatistics / UserDetail / UserPort, §4 "Last-video
 * statistics", §7 videosStatistics; ARCHITECTURE §9 "Watch statistics"). The server, not the
 * browser, decides what was watched: a lesson opens a playback (one VideoStatistics record), the
 * player sends numbered heartbeats, learning credits at most the wall-clock time elapsed since the
 * previous accepted beat × WATCH_MAX_RATE, drops replayed and out-of-order beats, credits nothing
 * while the tab is hidden, and keeps per member × video (seconds, coverage, last/furthest position,
 * last viewed, ended) and per member × Asia/Bangkok day × video (seconds). Week and month totals
 * roll up from the days (Asia/Bangkok weeks start on Monday).
 *
 * One playback per account: a lease (WATCH_LEASE_S) renewed by every beat. A second device asks
 * "continue here?" (409 learning.playback_elsewhere); continuing (`takeOver`) moves the lease, and
 * the first device's next beat answers 409 learning.playback_taken_over.
 */

/** The player beats every this many seconds (the issue: 10–15 s). */
export const WATCH_BEAT_S = 10;
/** A lease lives this long without a beat. */
export const WATCH_LEASE_S = 45;
/** The highest playback rate credited: media seconds per wall-clock second. */
export const WATCH_MAX_RATE = 2;
/** Spec 01 §3 bucket sizes (three_min_total, five_min_total, ten_min_total), in seconds. */
export const WATCH_BUCKETS_S = [180, 300, 600] as const;

const Seconds = (description: string) => Type.Number({ minimum: 0, maximum: 86_400, description });
const Day = () => Type.String({ format: 'date', [X_ERROR]: 'validation.format' });

// ---------------------------------------------------------------- playback and beats (member)

/** POST /member/playbacks — open a lesson's playback. */
export const PlaybackStart = Type.Object({
  /** the session (course detail time) whose video is opened; the access rule applies */
  sessionId: Uuid(),
  /** true after the member answered "continue here?": the other device's playback ends */
  takeOver: Type.Optional(Type.Boolean()),
  /** what the device calls itself for "playing on …" (user agent summary), optional */
  device: Type.Optional(Type.String({ maxLength: 120 })),
});
export type PlaybackStart = Static<typeof PlaybackStart>;

/** 201: the playback, where to start (resume rule of spec 01 §4) and how to beat. */
export const PlaybackStarted = Type.Object(
  {
    playbackId: Uuid(),
    /** sendBeacon carries no Authorization header: the beacon route takes this capability instead */
    beatToken: Type.String(),
    videoId: Uuid(),
    /** the last record's end time when it is not Ended, else 0 */
    resumeAt: Type.Number({ minimum: 0 }),
    /** spec `count`: this opening's number for the member and video (1 after an Ended one) */
    count: Type.Integer({ minimum: 1 }),
    beatSeconds: Type.Integer(),
    leaseSeconds: Type.Integer(),
    maxRate: Type.Number(),
  },
  { $id: 'PlaybackStarted' },
);
export type PlaybackStarted = Static<typeof PlaybackStarted>;

/** 409 learning.playback_elsewhere carries this in the problem's `elsewhere` member. */
export const PlaybackElsewhere = Type.Object({
  device: Type.Union([Type.String(), Type.Null()]),
  videoName: Type.Union([Type.String(), Type.Null()]),
  since: Type.String({ format: 'date-time' }),
});
export type PlaybackElsewhere = Static<typeof PlaybackElsewhere>;

export const BeatEventSchema = Type.Union(
  [
    Type.Literal('tick'),
    Type.Literal('play'),
    Type.Literal('pause'),
    Type.Literal('seek'),
    Type.Literal('ended'),
    Type.Literal('pagehide'),
  ],
  { [X_ERROR]: 'validation.format' },
);
export type BeatEvent = Static<typeof BeatEventSchema>;

/**
 * A heartbeat: `seq` grows by one per beat from 1; `position` the media time now; `played` the media
 * seconds played since the previous beat (the client's claim — capped by the server); `rate` the
 * playback rate; `visible` whether the page was visible (document.visibilityState).
 */
export const Beat = Type.Object({
  seq: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  position: Seconds('media time now, seconds'),
  played: Seconds('media seconds played since the previous beat'),
  rate: Type.Number({ minimum: 0.25, maximum: 16 }),
  visible: Type.Boolean(),
  event: Type.Optional(BeatEventSchema),
});
export type Beat = Static<typeof Beat>;

/** The beacon body (POST /member/playbacks/{id}/beacon, no Authorization): a beat plus the capability. */
export const BeaconBeat = Type.Composite([Beat, Type.Object({ beatToken: Type.String({ maxLength: 100 }) })]);
export type BeaconBeat = Static<typeof BeaconBeat>;

/** What a beat did: `accepted` false for a replayed / out-of-order beat (nothing changed). */
export const BeatResult = Type.Object(
  {
    accepted: Type.Boolean(),
    credited: Type.Number({ minimum: 0 }),
    /** the playback's credited seconds so far */
    playbackSeconds: Type.Number({ minimum: 0 }),
    leaseUntil: Type.String({ format: 'date-time' }),
  },
  { $id: 'BeatResult' },
);
export type BeatResult = Static<typeof BeatResult>;

export const PlaybackParams = Type.Object({ id: Uuid() });

// ---------------------------------------------------------------- the member's reads

/** A VideoStatistics record (spec 01 §3): one playback. Times are media seconds. */
export const VideoStatisticsView = Type.Object({
  id: Uuid(),
  userId: Type.String(),
  videoId: Uuid(),
  sessionId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  courseId: Uuid(),
  productId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  /** where it started (resume) */
  timeStart: Type.Number(),
  /** the last position */
  timeEnd: Type.Number(),
  /** spec cur_time_end: the furthest position of this playback */
  curTimeEnd: Type.Number(),
  /** credited seconds */
  timeTotal: Type.Number(),
  pauseTotal: Type.Integer(),
  endTotal: Type.Integer(),
  threeMinTotal: Type.Integer(),
  fiveMinTotal: Type.Integer(),
  tenMinTotal: Type.Integer(),
  visitDate: Type.String({ format: 'date' }),
  event: Type.Union([Type.Literal('Ended'), Type.Null()]),
  count: Type.Integer(),
  device: Type.Union([Type.String(), Type.Null()]),
  startedAt: Type.String({ format: 'date-time' }),
  lastBeatAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type VideoStatisticsView = Static<typeof VideoStatisticsView>;

export const VideoStatisticsList = Type.Object({
  items: Type.Array(VideoStatisticsView),
  total: Type.Integer(),
});
export type VideoStatisticsList = Static<typeof VideoStatisticsList>;

/** A member's progress on one video (per member × video). */
export const VideoProgress = Type.Object({
  videoId: Uuid(),
  sessionId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  name: Type.String(),
  durationSeconds: Type.Union([Type.Integer(), Type.Null()]),
  secondsWatched: Type.Number(),
  /** share of the video covered by merged played ranges, 0..1 (null when the duration is unknown) */
  coverage: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
  lastPosition: Type.Number(),
  furthestPosition: Type.Number(),
  lastViewedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  ended: Type.Boolean(),
  todaySeconds: Type.Number(),
});
export type VideoProgress = Static<typeof VideoProgress>;

/** GET /member/stats/summary — the dashboard's figures (ByUserTodayTime / WeekTime / MonthTime / LastViewed). */
export const WatchSummary = Type.Object(
  {
    today: Day(),
    todaySeconds: Type.Number(),
    weekSeconds: Type.Number(),
    monthSeconds: Type.Number(),
    lastViewed: Type.Union([VideoProgress, Type.Null()]),
    /** lessons of the course with any watch time / all the course's lessons */
    lessonsStarted: Type.Integer(),
    lessonsEnded: Type.Integer(),
    lessonCount: Type.Integer(),
  },
  { $id: 'WatchSummary' },
);
export type WatchSummary = Static<typeof WatchSummary>;

export const WatchCourseQuery = Type.Object({
  courseId: Type.Optional(Type.String({ format: 'uuid', [X_ERROR]: 'validation.format' })),
});

/** GET /member/stats/videos — progress per lesson of the course (ByUserVideoLastTime, ByUserVideoToday). */
export const VideoProgressList = Type.Object({ items: Type.Array(VideoProgress) });
export type VideoProgressList = Static<typeof VideoProgressList>;

/** GET /member/stats/month?month=YYYY-MM — ChartByUserMonth / ByUserMonth: seconds per Bangkok day. */
export const WatchMonthQuery = Type.Object({
  month: Type.Optional(
    Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', [X_ERROR]: 'validation.format' }),
  ),
});
export const WatchDay = Type.Object({ day: Day(), seconds: Type.Number() });
export const WatchMonth = Type.Object({
  month: Type.String(),
  totalSeconds: Type.Number(),
  days: Type.Array(WatchDay),
});
export type WatchMonth = Static<typeof WatchMonth>;

// ---------------------------------------------------------------- staff reads

/** GET /admin/stats/members/{userId} — DetailByUser: per video and per day. */
export const MemberWatchDetail = Type.Object({
  userId: Type.String(),
  videos: Type.Array(Type.Composite([VideoProgress, Type.Object({ courseId: Uuid() })])),
  days: Type.Array(Type.Composite([WatchDay, Type.Object({ videoId: Uuid() })])),
  playbacks: Type.Array(VideoStatisticsView),
});
export type MemberWatchDetail = Static<typeof MemberWatchDetail>;

/** GET /admin/stats/videos/{id} — a video's audience; `dropOff[i]` the viewers who reached segment i of 20. */
export const VideoAudience = Type.Object({
  videoId: Uuid(),
  durationSeconds: Type.Union([Type.Integer(), Type.Null()]),
  viewers: Type.Integer(),
  endedViewers: Type.Integer(),
  totalSeconds: Type.Number(),
  averageCoverage: Type.Union([Type.Number(), Type.Null()]),
  dropOff: Type.Array(Type.Integer()),
});
export type VideoAudience = Static<typeof VideoAudience>;

/** GET /admin/stats/devices?day= — accounts seen on many devices or addresses in a Bangkok day (a flag, not a ban). */
export const DeviceFlag = Type.Object({
  userId: Type.String(),
  day: Day(),
  devices: Type.Integer(),
  ips: Type.Integer(),
  takeOvers: Type.Integer(),
});
export const DeviceFlagList = Type.Object({ items: Type.Array(DeviceFlag) });
export type DeviceFlagList = Static<typeof DeviceFlagList>;
/** Flagged from this many distinct devices or IP addresses in one day. */
export const DEVICE_FLAG_AT = 3;

// ---------------------------------------------------------------- UserDetail and UserPort (spec 01 §3, §7)

/** UserDetail: a member's own viewing note of a video (time_start, time_end, time_total, event). */
export const UserDetailInput = Type.Object({
  videoId: Uuid(),
  timeStart: Seconds('seconds'),
  timeEnd: Seconds('seconds'),
  timeTotal: Seconds('seconds'),
  event: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
});
export type UserDetailInput = Static<typeof UserDetailInput>;
export const UserDetailView = Type.Composite([
  UserDetailInput,
  Type.Object({ id: Uuid(), userId: Type.String(), createdAt: Type.String({ format: 'date-time' }) }),
]);
export type UserDetailView = Static<typeof UserDetailView>;

/** UserPort: a member's trading portfolio figure of a year (value, style, note, year). */
export const UserPortInput = Type.Object({
  value: Type.Number({ minimum: -1e12, maximum: 1e12 }),
  style: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  note: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  year: Type.Integer({ minimum: 1900, maximum: 2700, [X_ERROR]: 'validation.format' }),
});
export type UserPortInput = Static<typeof UserPortInput>;
export const UserPortView = Type.Composite([
  UserPortInput,
  Type.Object({ id: Uuid(), userId: Type.String(), createdAt: Type.String({ format: 'date-time' }) }),
]);
export type UserPortView = Static<typeof UserPortView>;

// ---------------------------------------------------------------- lists (added with the routes)

/** GET /member/statistics: the member's own playbacks, newest first; `videoId` narrows to one video. */
export const VideoStatisticsQuery = Type.Object({
  videoId: Type.Optional(Type.String({ format: 'uuid', [X_ERROR]: 'validation.format' })),
  ...PageQuery.properties,
});
export type VideoStatisticsQuery = Static<typeof VideoStatisticsQuery>;

export const UserDetailList = Page(UserDetailView);
export type UserDetailList = Static<typeof UserDetailList>;
export const UserPortList = Page(UserPortView);
export type UserPortList = Static<typeof UserPortList>;

/** GET /member/user-details, /member/user-ports: paging (own records, newest first). */
export const UserRecordQuery = Type.Object({ ...PageQuery.properties });
export type UserRecordQuery = Static<typeof UserRecordQuery>;

/** GET /admin/user-details, /admin/user-ports: every member's, or one member's with `userId`. */
export const AdminUserRecordQuery = Type.Object({
  userId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  ...PageQuery.properties,
});
export type AdminUserRecordQuery = Static<typeof AdminUserRecordQuery>;

export const WatchMemberParams = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 64 }) });
export const WatchDevicesQuery = Type.Object({ day: Type.Optional(Day()) });

// ---------------------------------------------------------------- events

/**
 * How long a member has watched on one Asia/Bangkok day, all videos together (issue 20): the
 * server-credited seconds so far that day — a running total, not an increment, so a consumer keeps
 * the largest it has heard and a replayed or late event changes nothing. Learning sends it when the
 * day's total passes another WATCH_DAY_EVENT_STEP_S seconds and on a playback's last beat, so at
 * most a few per member per hour of watching.
 */
export const WATCH_DAY_EVENT_STEP_S = 300;
export const WatchDayTotalled = defineEvent(
  'learning.watch.day-totalled',
  1,
  Type.Object({
    userId: Type.String(),
    day: Type.String({ format: 'date', description: 'the Asia/Bangkok day, yyyy-mm-dd' }),
    seconds: Type.Number({ minimum: 0 }),
    at: Type.String({ format: 'date-time' }),
  }),
);

export const LEARNING_WATCH_EVENTS = [WatchDayTotalled] as const;

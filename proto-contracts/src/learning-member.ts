import { Type, type Static } from '@sinclair/typebox';
import { MemberGroupList } from './learning-groups.js';
import { Uuid } from './common.js';
import { X_ERROR } from './errors.js';
import { EnrolmentView } from './learning.js';
import { WatchMonth, WatchSummary } from './learning-watch.js';
import {
  DocumentMember,
  SessionMember,
  SessionTypeSchema,
  VideoMember,
  ZoomRoomMember,
} from './learning-content.js';
import { LiveStreamMember } from './learning-live.js';

/**
 * The member area's reads of a course's sessions (issue 12; spec 01 §7 coursesDetailTime, spec 02
 * §3 "Calendar item"). Every read is for the member's selected course, or a `courseId` the member
 * is enrolled in, and goes through learning's access rule (services/learning/src/domain/access.ts):
 * the calendar and lists show what the member's enrolment covers (viewable, special only for a
 * special enrolment); a session's content — its video, documents and Zoom room — only inside the
 * session's window. Anything else answers 404, never 403.
 */

const Day = (description: string) =>
  Type.String({ format: 'date', description, [X_ERROR]: 'validation.format' });
const CourseOf = () =>
  Type.Optional(
    Type.String({
      format: 'uuid',
      description: "a course the member is enrolled in (default: the member's selected course)",
      [X_ERROR]: 'validation.format',
    }),
  );

/** At most this many days in one calendar request (from and to included). */
export const CALENDAR_MAX_DAYS = 62;

export const CalendarQuery = Type.Object({
  from: Day('first Asia/Bangkok day, included'),
  to: Day('last Asia/Bangkok day, included (at most 62 days from `from`)'),
  courseId: CourseOf(),
});
export type CalendarQuery = Static<typeof CalendarQuery>;

/**
 * A calendar item (spec 02 §3): `colour` the text/line colour and `colorBox` the box background,
 * both by type; `icon` a name by type (video: play, real: map-pin, meeting: users, live: radio);
 * `src` the member-area page that opens it; `start` ISO 8601 with Bangkok's offset (the day alone
 * when the session has no start time); `startTime`/`endTime` HH:mm (Bangkok); `time` the two
 * joined for display ("19:00 - 21:00", "19:00", or "").
 */
export const CalendarItem = Type.Object({
  id: Uuid(),
  type: SessionTypeSchema,
  colour: Type.String(),
  colorBox: Type.String(),
  courseId: Uuid(),
  details: Type.Union([Type.String(), Type.Null()]),
  icon: Type.String(),
  src: Type.String(),
  start: Type.String(),
  end: Type.Union([Type.String(), Type.Null()]),
  startTime: Type.Union([Type.String(), Type.Null()]),
  endTime: Type.Union([Type.String(), Type.Null()]),
  time: Type.String(),
  title: Type.String(),
});
export type CalendarItem = Static<typeof CalendarItem>;

export const CalendarList = Type.Object({ items: Type.Array(CalendarItem) });
export type CalendarList = Static<typeof CalendarList>;

export const MemberCourseQuery = Type.Object({ courseId: CourseOf() });
export type MemberCourseQuery = Static<typeof MemberCourseQuery>;

/** The live / real / meeting session "around now" (spec 01 ByCoursesIdAndLive / Real / Meeting). */
export const CurrentSessionQuery = Type.Object({
  type: Type.Union([Type.Literal('live'), Type.Literal('real'), Type.Literal('meeting')], {
    [X_ERROR]: 'validation.format',
  }),
  courseId: CourseOf(),
});
export type CurrentSessionQuery = Static<typeof CurrentSessionQuery>;

/** A video the member may play: an upload's HLS playlist comes as a short-lived signed URL. */
export const VideoPlayback = Type.Composite([
  VideoMember,
  Type.Object({
    /** source upload: the signed master playlist once media has transcoded it, else null */
    playbackUrl: Type.Union([Type.String(), Type.Null()]),
    posterUrl: Type.Union([Type.String(), Type.Null()]),
    /** when the signed URLs stop working */
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /**
     * issue 15: the live broadcast this video records, or null; only then does the lesson page ask
     * GET /member/sessions/{id}/calls for the trade calls to replay
     */
    recordingBroadcastId: Type.Union([Uuid(), Type.Null()]),
  }),
]);
export type VideoPlayback = Static<typeof VideoPlayback>;

/** A document with its short-lived signed URL (null when media has not announced its file). */
export const DocumentDownload = Type.Composite([
  DocumentMember,
  Type.Object({
    url: Type.Union([Type.String(), Type.Null()]),
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
]);
export type DocumentDownload = Static<typeof DocumentDownload>;

export const DocumentDownloadList = Type.Object({ items: Type.Array(DocumentDownload) });
export type DocumentDownloadList = Static<typeof DocumentDownloadList>;

/** A session the member may open, with everything it hands out. */
export const SessionView = Type.Object(
  {
    session: SessionMember,
    /** the last day it is open (Asia/Bangkok, inclusive), null = never closes */
    openUntil: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    video: Type.Union([VideoPlayback, Type.Null()]),
    documents: Type.Array(DocumentDownload),
    /** a meeting's room with its passcode: only here, only inside the window */
    zoomRoom: Type.Union([ZoomRoomMember, Type.Null()]),
  },
  { $id: 'SessionView' },
);
export type SessionView = Static<typeof SessionView>;

export const SessionMemberList = Type.Object({ items: Type.Array(SessionMember) });
export type SessionMemberList = Static<typeof SessionMemberList>;

export const CurrentSession = Type.Object({ item: Type.Union([SessionView, Type.Null()]) });
export type CurrentSession = Static<typeof CurrentSession>;

/** A recorded lesson the member may open: the session and its video (no signed URL: open the session). */
export const Lesson = Type.Object({ session: SessionMember, video: VideoMember });
export const LessonList = Type.Object({ items: Type.Array(Lesson) });
export type LessonList = Static<typeof LessonList>;

export const SessionParams = Type.Object({ id: Uuid() });

/** A session ahead on the schedule: what the dashboard lists (no content). */
export const UpcomingSession = Type.Object({
  id: Uuid(),
  type: SessionTypeSchema,
  title: Type.String(),
  date: Type.String({ format: 'date' }),
  start: Type.Union([Type.String(), Type.Null()]),
  to: Type.Union([Type.String(), Type.Null()]),
});
export type UpcomingSession = Static<typeof UpcomingSession>;

/** A live / real / meeting session around now; `hasRoom` when a meeting has a Zoom room (open the session for it). */
export const HomeCurrent = Type.Object({
  session: SessionMember,
  hasRoom: Type.Boolean(),
  /**
   * issue 15, live only: the stream the session uses (its own, or its course's) as it is now — read
   * afresh, never cached — so the page knows whether it is on air; null when none
   */
  liveStream: Type.Optional(Type.Union([LiveStreamMember, Type.Null()])),
});
export type HomeCurrent = Static<typeof HomeCurrent>;
const CurrentOrNull = Type.Union([HomeCurrent, Type.Null()]);

/** How many upcoming sessions the member home lists. */
export const HOME_UPCOMING = 5;

/**
 * Issue 13: what entering the member area needs from learning, in one read (`GET /member/home`):
 * the selected (or named) enrolment and its course, today's sessions the member may open, the next
 * sessions after today, the live / real / meeting session around now, the number of recorded
 * lessons, and the SuperTracking link. No passcode or signed URL: those come with the session.
 */
export const MemberHome = Type.Object(
  {
    /** every enrolment of the member, oldest first, one selected (what /enrolments/mine answers; never cached) */
    enrolments: Type.Array(EnrolmentView),
    /** the dashboard's watch figures (what /member/stats/summary answers for the course; never cached) */
    watch: WatchSummary,
    /** this month's seconds by Bangkok day (/member/stats/month) when the month has any, else null */
    watchMonth: Type.Union([WatchMonth, Type.Null()]),
    enrolment: Type.Union([EnrolmentView, Type.Null()]),
    /** the course's detail text (the dashboard's announcements for now) */
    courseDetail: Type.Union([Type.String(), Type.Null()]),
    today: Type.Array(SessionMember),
    upcoming: Type.Array(UpcomingSession),
    current: Type.Object({ meeting: CurrentOrNull, live: CurrentOrNull, real: CurrentOrNull }),
    lessonCount: Type.Integer({ minimum: 0 }),
    /** the external SuperTracking page with the member's token of the day; null when not configured */
    superTrackingUrl: Type.Union([Type.String(), Type.Null()]),
    /** issue 16: the course's groups (not hidden) with the member's own requests (never cached) */
    groups: Type.Optional(MemberGroupList),
  },
  { $id: 'MemberHome' },
);
export type MemberHome = Static<typeof MemberHome>;

import { Type, type Static } from '@sinclair/typebox';
import { Page, PageQuery, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { X_ERROR } from './errors.js';

/**
 * On-site check-in (issue 16; spec 01 §3 UserCheckin, §7 userCheckin, §8 the /checkIn page; spec 02
 * /admin/userChecking, CheckUser; ARCHITECTURE §9 "Check-in").
 *
 * Which sessions: type `real` with `checkin` Y. Each has a secret of its own (32 random bytes, made
 * on the kiosk's first read, sealed at rest with LEARNING_SECRET_KEY like a live stream key). From
 * it a code is derived for every 30-second step (step = floor(unix seconds / 30)):
 *  - the QR code `c`: HMAC-SHA256(secret, "qr:<sessionId>:<step>"), first 16 bytes, base64url (22
 *    characters, 128 bits: never guessed);
 *  - the typed code: HMAC-SHA256(secret, "typed:<sessionId>:<step>") truncated to 6 digits
 *    (RFC 4226 dynamic truncation), for halls where phones cannot scan.
 * A code is accepted in its own step and the next one (one step of slack, so a scan just before the
 * change still works): valid for 30–60 s, never longer. A screenshot of an older code, or a code of
 * another session, is refused with `learning.checkin_code_invalid` — the same answer as for a
 * session that does not exist or has check-in off (no oracle for session ids).
 *
 * Guessing the typed code: a wrong typed code counts against the member (Redis): at most 5 per
 * 10 minutes and 20 per Asia/Bangkok day, then 429 `learning.checkin_too_many_tries`. Two codes
 * are valid at any moment, so each guess wins with p = 2 / 10^6; 20 guesses a day win with
 * p ≤ 4 × 10^-5 per member per day, and a win only records attendance for a member already enrolled.
 *
 * Who: a signed-in member (spec 01 §7 calls CheckUser public; here the member's token is the
 * identity — /checkIn signs in first and comes back) who may attend: enrolled in the session's
 * course, active, started, not ended, and special-only sessions for special enrolments
 * (domain/access.ts canSeeSchedule) — else 403 `learning.checkin_not_enrolled` (a clear Thai
 * message; asked only after a valid code, so it tells nothing to someone outside the room).
 * When: inside the session's Asia/Bangkok-day window — its date, through its close day when staff
 * set one (a multi-day on-site course) — else 409 `learning.checkin_closed`.
 * Once: one row per member and session (a unique key). A second scan answers 200 `already` with
 * the first check-in's time, never an error.
 *
 * Learning routes (base /api/learning through the gateway):
 *   member POST /member/checkins                 CheckinBody → 201 CheckinResult (`checked_in`),
 *                                                (no sessionId: today's sessions of the member's courses
 *                                                are tried — what a typed code from the hall sends)
 *                                                200 CheckinResult (`already`)
 *          GET  /member/checkins?page&pageSize    → CheckinMemberPage (the member's own, newest first)
 *   staff  GET  /admin/checkins/kiosk/:sessionId  → CheckinKiosk (the code now; ask again at changesAt)
 *          GET  /admin/checkins/sessions?courseId&from&to → CheckinSessionList (real sessions with check-in on)
 *          GET  /admin/checkins?sessionId&courseId&userId&page&pageSize → CheckinPage
 *          GET  /admin/checkins.csv?sessionId&courseId&userId → text/csv (UTF-8 BOM, Bangkok times)
 *          POST /admin/checkins                   CheckinManualBody → 201 CheckinStaff (by hand; who did it
 *                                                 kept), 200 with `already` when the member is in
 *          DELETE /admin/checkins/:id             → 204 (a check-in made by mistake)
 * Spec 01 §7 names: ByUserId = GET /admin/checkins?userId (member: GET /member/checkins);
 * ByCoursesDetailTimeId and UserByCoursesDetailTimeId = GET /admin/checkins?sessionId; ByCoursesId =
 * GET /admin/checkins?courseId; CheckUser = POST /member/checkins.
 */

// ---------------------------------------------------------------- limits

/** A code lives for this many seconds ... */
export const CHECKIN_STEP_SECONDS = 30;
/** ... and is accepted this many steps after its own (one step of slack). */
export const CHECKIN_SLACK_STEPS = 1;
/** The typed code's digits. */
export const CHECKIN_TYPED_DIGITS = 6;
/** Wrong typed codes a member may send in CHECKIN_TRY_WINDOW_S seconds ... */
export const CHECKIN_TRIES_PER_WINDOW = 5;
export const CHECKIN_TRY_WINDOW_S = 600;
/** ... and in one Asia/Bangkok day. */
export const CHECKIN_TRIES_PER_DAY = 20;

/** The link a phone opens from the kiosk's QR. */
export const checkinUrl = (siteUrl: string, sessionId: string, code: string): string =>
  `${siteUrl.replace(/\/+$/, '')}/checkIn?s=${encodeURIComponent(sessionId)}&c=${encodeURIComponent(code)}`;

// ---------------------------------------------------------------- shapes

export const CheckinMethod = Type.Union([Type.Literal('qr'), Type.Literal('typed'), Type.Literal('staff')], {
  description: 'qr: scanned the kiosk; typed: the 6-digit code; staff: checked in by hand',
});
export type CheckinMethod = Static<typeof CheckinMethod>;

const Messages = Type.Object({ th: Type.String(), en: Type.String() });

/** A check-in, as its member reads it. */
export const CheckinMember = Type.Object({
  id: Uuid(),
  sessionId: Uuid(),
  courseId: Uuid(),
  sessionTitle: Type.String(),
  sessionDate: Type.String({ description: 'yyyy-mm-dd, the session’s Asia/Bangkok day' }),
  method: CheckinMethod,
  checkedInAt: Type.String({ format: 'date-time' }),
});
export type CheckinMember = Static<typeof CheckinMember>;

/** A check-in, as staff read it: the member, who checked them in by hand. */
export const CheckinStaff = Type.Object({
  ...CheckinMember.properties,
  userId: Type.String(),
  memberName: Type.Union([Type.String(), Type.Null()], {
    description: 'the name the member shows (nickname, else first name + initial), when learning knows it',
  }),
  checkedInBy: Type.Union([Type.String(), Type.Null()], { description: 'the staff id (method staff)' }),
});
export type CheckinStaff = Static<typeof CheckinStaff>;

export const CheckinBody = Type.Object(
  {
    sessionId: Type.Optional(
      Type.String({
        format: 'uuid',
        description:
          'the session (the QR link’s `s`); without it, the code is looked for among the sessions the member may check in to today (a typed code in the hall)',
      }),
    ),
    code: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_-]+$',
      description: 'the QR code `c` or the 6-digit typed code',
      [X_ERROR]: { minLength: 'validation.required', maxLength: 'validation.too_long' },
    }),
  },
  { additionalProperties: false },
);
export type CheckinBody = Static<typeof CheckinBody>;

/** Spec 01 §7 CheckUser: "result and message" (messages in both languages; `message` is the Thai). */
export const CheckinResult = Type.Object({
  result: Type.Union([Type.Literal('checked_in'), Type.Literal('already')]),
  message: Type.String(),
  messages: Messages,
  checkin: CheckinMember,
});
export type CheckinResult = Static<typeof CheckinResult>;

export const CheckinMemberPage = Page(CheckinMember);
export type CheckinMemberPage = Static<typeof CheckinMemberPage>;

export const CheckinMemberQuery = Type.Object({ ...PageQuery.properties });
export type CheckinMemberQuery = Static<typeof CheckinMemberQuery>;

export const CheckinSessionParams = Type.Object({ sessionId: Uuid() });
export const CheckinIdParams = Type.Object({ id: Uuid() });

/** What the staff kiosk shows now. */
export const CheckinKiosk = Type.Object({
  sessionId: Uuid(),
  courseId: Uuid(),
  title: Type.String(),
  date: Type.String(),
  start: Type.Union([Type.String(), Type.Null()]),
  to: Type.Union([Type.String(), Type.Null()]),
  /** today (Asia/Bangkok) is inside the session's check-in window */
  open: Type.Boolean(),
  /** the QR's code (also in `url`) */
  code: Type.String(),
  /** the 6-digit code to type */
  typedCode: Type.String(),
  url: Type.String({ description: '<SITE_URL>/checkIn?s=<sessionId>&c=<code>' }),
  step: Type.Integer(),
  changesAt: Type.String({ format: 'date-time', description: 'when the next code starts (ask again then)' }),
  serverTime: Type.String({ format: 'date-time' }),
  periodSeconds: Type.Integer(),
  checkedIn: Type.Integer({ description: 'members checked in so far' }),
});
export type CheckinKiosk = Static<typeof CheckinKiosk>;

/** A session staff may run a kiosk for. */
export const CheckinSession = Type.Object({
  id: Uuid(),
  courseId: Uuid(),
  title: Type.String(),
  date: Type.String(),
  start: Type.Union([Type.String(), Type.Null()]),
  to: Type.Union([Type.String(), Type.Null()]),
  closeDate: Type.Union([Type.String(), Type.Null()]),
  checkedIn: Type.Integer(),
});
export type CheckinSession = Static<typeof CheckinSession>;
export const CheckinSessionList = Type.Object({ items: Type.Array(CheckinSession) });
export type CheckinSessionList = Static<typeof CheckinSessionList>;

const Day = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', [X_ERROR]: 'validation.format' });

export const CheckinSessionsQuery = Type.Object({
  courseId: Type.Optional(Uuid()),
  from: Type.Optional(Day()),
  to: Type.Optional(Day()),
});
export type CheckinSessionsQuery = Static<typeof CheckinSessionsQuery>;

const Filters = {
  sessionId: Type.Optional(Uuid()),
  courseId: Type.Optional(Uuid()),
  userId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
};
export const CheckinCsvQuery = Type.Object(Filters);
export type CheckinCsvQuery = Static<typeof CheckinCsvQuery>;
export const CheckinAdminQuery = Type.Object({
  ...Filters,
  q: Type.Optional(
    Type.String({ maxLength: 100, description: 'the member’s shown name (contains) or user id (exactly)' }),
  ),
  ...PageQuery.properties,
});
export type CheckinAdminQuery = Static<typeof CheckinAdminQuery>;

export const CheckinPage = Page(CheckinStaff);
export type CheckinPage = Static<typeof CheckinPage>;

export const CheckinManualBody = Type.Object(
  { sessionId: Uuid(), userId: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type CheckinManualBody = Static<typeof CheckinManualBody>;

export const CheckinManualResult = Type.Object({
  result: Type.Union([Type.Literal('checked_in'), Type.Literal('already')]),
  checkin: CheckinStaff,
});
export type CheckinManualResult = Static<typeof CheckinManualResult>;

// ---------------------------------------------------------------- events

/**
 * A member was checked in to a session (issue 20): by the kiosk's QR, the typed code or staff by
 * hand — once per (member, session), so once per check-in id. The dashboard counts check-ins per
 * Bangkok day; notifications sends the member a LINE receipt where they linked LINE.
 */
const { id: _id, ...checkinFields } = CheckinMember.properties;
export const CheckinRecorded = defineEvent(
  'learning.check-in.recorded',
  1,
  Type.Object({ checkinId: Uuid(), userId: Type.String(), ...checkinFields }),
);

/** Staff removed a check-in (a mistaken manual one): the dashboard stops counting it. */
export const CheckinRemoved = defineEvent(
  'learning.check-in.removed',
  1,
  Type.Object({
    checkinId: Uuid(),
    userId: Type.String(),
    sessionId: Uuid(),
    checkedInAt: Type.String({ format: 'date-time' }),
    removedAt: Type.String({ format: 'date-time' }),
  }),
);

export const LEARNING_CHECKIN_EVENTS = [CheckinRecorded, CheckinRemoved] as const;

/**
 * The access rule (issue 12, ARCHITECTURE §9): may this member open this session — and so its
 * video, its documents and its Zoom room — today? One pure function; every learning route that
 * hands out session content asks it, and a denial answers 404 to the member (never 403: a member
 * does not learn that a session they may not open exists).
 *
 * The enrolment: in the session's course, `status` active, started (no start day, or start ≤
 * today) and not past its end (no end day, or today ≤ end).
 * The session: viewable (`view` Y); a special session (`special` Y) only for a special enrolment.
 * The window (spec 02 §9 "a 3-day check allows up to 4 days after the date"), in Asia/Bangkok days,
 * for a session dated D:
 *  - it opens on D (not before: a recorded lesson is released on its day too); a session without a
 *    date is open from the enrolment's start;
 *  - a close day C (`close` = yyyy-mm-dd) keeps it open through C, whatever its type;
 *  - `close` = `unlimit` (the default): a recorded lesson (`video`) never closes; a time-bound
 *    session (`meeting`, `live`, `real`) closes after D+3 — the 3-day check: open on D, D+1, D+2
 *    and D+3, four days counting D. Its Zoom passcode is no lesson to keep.
 */
export type SessionType = 'video' | 'real' | 'meeting' | 'live';
export type YN = 'Y' | 'N';

export interface AccessEnrolment {
  courseId: string;
  status: string;
  special: YN;
  /** yyyy-mm-dd or null (no start day) */
  start: string | null;
  /** yyyy-mm-dd or null (no end) */
  end: string | null;
}

export interface AccessSession {
  courseId: string;
  type: SessionType;
  view: YN;
  special: YN;
  /** yyyy-mm-dd (Asia/Bangkok day) or null */
  date: string | null;
  /** 'unlimit' or a yyyy-mm-dd close day */
  close: string;
}

export type AccessDenial =
  | 'not_enrolled'
  | 'enrolment_inactive'
  | 'enrolment_not_started'
  | 'enrolment_ended'
  | 'hidden'
  | 'special_only'
  | 'not_yet_open'
  | 'closed';

export type AccessDecision = { allow: true; until: string | null } | { allow: false; reason: AccessDenial };

/** Days a time-bound session with `close` = unlimit stays open after its date (D..D+3). */
export const CHECK_DAYS = 3;
export const UNLIMIT = 'unlimit';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** yyyy-mm-dd plus n days (calendar arithmetic in UTC, so no daylight-saving surprises). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The Asia/Bangkok day of an instant (UTC+7, no daylight saving). */
export function bangkokDay(now: Date): string {
  return new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
}

/** The last day a session is open (inclusive), or null when it never closes. */
export function sessionCloses(session: Pick<AccessSession, 'type' | 'date' | 'close'>): string | null {
  if (DAY.test(session.close)) return session.close;
  if (session.type === 'video' || !session.date) return null;
  return addDays(session.date, CHECK_DAYS);
}

/**
 * The schedule part of the rule — enrolled, viewable, special — without the window: what the
 * member's calendar and lists show (a session's title, date and times; its content stays behind
 * canOpenSession).
 */
/**
 * The enrolment part alone: in this course, active, started, not past its end. What a course's own
 * documents (listed on the course, not on a session) need.
 */
export function enrolmentCovers(
  enrolment: AccessEnrolment | null,
  courseId: string,
  today: string,
): AccessDecision {
  if (!enrolment || enrolment.courseId.toLowerCase() !== courseId.toLowerCase())
    return { allow: false, reason: 'not_enrolled' };
  if (enrolment.status !== 'active') return { allow: false, reason: 'enrolment_inactive' };
  if (enrolment.start && today < enrolment.start) return { allow: false, reason: 'enrolment_not_started' };
  if (enrolment.end && today > enrolment.end) return { allow: false, reason: 'enrolment_ended' };
  return { allow: true, until: enrolment.end };
}

export function canSeeSchedule(
  enrolment: AccessEnrolment | null,
  session: AccessSession,
  today: string,
): AccessDecision {
  const enrolled = enrolmentCovers(enrolment, session.courseId, today);
  if (!enrolled.allow || !enrolment)
    return enrolled.allow ? { allow: false, reason: 'not_enrolled' } : enrolled;
  if (session.view !== 'Y') return { allow: false, reason: 'hidden' };
  if (session.special === 'Y' && enrolment.special !== 'Y') return { allow: false, reason: 'special_only' };
  return { allow: true, until: sessionCloses(session) };
}

export function canOpenSession(
  enrolment: AccessEnrolment | null,
  session: AccessSession,
  today: string,
): AccessDecision {
  const seen = canSeeSchedule(enrolment, session, today);
  if (!seen.allow) return seen;
  if (session.date && today < session.date) return { allow: false, reason: 'not_yet_open' };
  const until = sessionCloses(session);
  if (until && today > until) return { allow: false, reason: 'closed' };
  return { allow: true, until };
}

import { canSeeSchedule, type AccessEnrolment, type AccessSession } from './access.js';

/**
 * Who may check in to an on-site session, and when (issue 16, ARCHITECTURE §9 "Check-in").
 *
 * The session: type `real` with `checkin` Y — any other session has no check-in at all.
 * The member: may attend it — the schedule part of the access rule (enrolled in its course,
 * active, started, not ended; a special session only for a special enrolment; the session shown).
 * The day: the session's Asia/Bangkok-day window — its date, through its close day when staff set
 * one (a course on several days); `unlimit` (the default) is the date alone. Not the content
 * window's 3-day check: attendance is recorded where and when the class is held.
 */

export interface CheckinSession extends AccessSession {
  checkin: 'Y' | 'N';
}

export type CheckinDenial = 'no_checkin' | 'not_enrolled' | 'closed';

/** Does the session take check-ins at all? */
export const takesCheckins = (s: Pick<CheckinSession, 'type' | 'checkin'>): boolean =>
  s.type === 'real' && s.checkin === 'Y';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The first and last Asia/Bangkok days (inclusive) a member may check in. */
export function checkinWindow(
  s: Pick<CheckinSession, 'date' | 'close'>,
): { from: string; to: string } | null {
  if (!s.date) return null;
  const to = DAY.test(s.close) && s.close > s.date ? s.close : s.date;
  return { from: s.date, to };
}

export const insideWindow = (s: Pick<CheckinSession, 'date' | 'close'>, today: string): boolean => {
  const w = checkinWindow(s);
  return !!w && today >= w.from && today <= w.to;
};

/** May the member attend (enrolment and session), regardless of the day? */
export function mayAttend(enrolment: AccessEnrolment | null, s: CheckinSession, today: string): boolean {
  return canSeeSchedule(enrolment, s, today).allow;
}

/** The member's own check-in (a valid code already shown): null when allowed, else why not. */
export function checkinDenial(
  enrolment: AccessEnrolment | null,
  s: CheckinSession,
  today: string,
): CheckinDenial | null {
  if (!takesCheckins(s) || s.view !== 'Y') return 'no_checkin';
  if (!mayAttend(enrolment, s, today)) return 'not_enrolled';
  if (!insideWindow(s, today)) return 'closed';
  return null;
}

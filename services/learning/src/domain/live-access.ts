import type { YesNo } from '@rian/proto-contracts/enums';
import { canOpenSession, enrolmentCovers, type AccessEnrolment, type AccessSession } from './access.js';
import { aroundNow } from './calendar.js';

/**
 * May this member watch live stream S now (issue 15)? The access rule of domain/access.ts applied
 * to a stream, in one pure function:
 *  1. a session the member may open (canOpenSession), dated today (Asia/Bangkok) and around now
 *     (calendar.aroundNow: an hour before its start to its end), that uses S — its own
 *     `liveStreamId`, or, a `live` session without one, its course's stream; else
 *  2. the course's own channels: the member's enrolment covers a course (active, started, not
 *     ended) whose live streaming flag is Y and whose stream (`liveStreamingId`) or live trade
 *     stream (`liveTradeId`) is S.
 * The first session found wins (sessions in schedule order), so a comment records the session the
 * member watched through.
 */
export interface LiveCourse {
  id: string;
  liveStreaming: YesNo;
  liveStreamingId: string | null;
  liveTradeId: string | null;
}

export interface LiveSession extends AccessSession {
  id: string;
  liveStreamId: string | null;
  start: string | null;
  to: string | null;
}

export type LiveDecision = { allow: true; courseId: string; sessionId: string | null } | { allow: false };

/** The stream a session uses: its own, or (a live session without one) its course's. */
export function sessionStream(s: LiveSession, course: LiveCourse | undefined): string | null {
  if (s.liveStreamId) return s.liveStreamId;
  return s.type === 'live' ? (course?.liveStreamingId ?? null) : null;
}

export function canWatch(input: {
  streamId: string;
  enrolments: AccessEnrolment[];
  courses: LiveCourse[];
  /** candidate sessions of the member's courses (today's; others never pass) */
  sessions: LiveSession[];
  today: string;
  /** HH:mm, Asia/Bangkok */
  time: string;
}): LiveDecision {
  const { streamId, today, time } = input;
  const same = (a: string | null, b: string) => !!a && a.toLowerCase() === b.toLowerCase();
  const courses = new Map(input.courses.map((c) => [c.id.toLowerCase(), c]));
  const enrolmentIn = (courseId: string) =>
    input.enrolments.find((e) => e.courseId.toLowerCase() === courseId.toLowerCase()) ?? null;
  for (const s of input.sessions) {
    if (!same(sessionStream(s, courses.get(s.courseId.toLowerCase())), streamId)) continue;
    if (s.date !== today || !aroundNow({ start: s.start, to: s.to }, time)) continue;
    if (canOpenSession(enrolmentIn(s.courseId), s, today).allow)
      return { allow: true, courseId: s.courseId, sessionId: s.id };
  }
  for (const c of input.courses) {
    if (c.liveStreaming !== 'Y') continue;
    if (!same(c.liveStreamingId, streamId) && !same(c.liveTradeId, streamId)) continue;
    if (enrolmentCovers(enrolmentIn(c.id), c.id, today).allow)
      return { allow: true, courseId: c.id, sessionId: null };
  }
  return { allow: false };
}

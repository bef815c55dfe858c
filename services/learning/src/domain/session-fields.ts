import {
  SESSION_UNLIMITED,
  type SessionCreateBody,
  type SessionType,
  type SessionUpdateBody,
} from '@rian/proto-contracts/learning-content';
import type { YesNo } from '@rian/proto-contracts/enums';
import { blankProblems, optionalText, patched, type FieldProblem } from './field-rules.js';

/** A session's stored fields as staff write them (spec 02 §3 "Course session"). */
export interface SessionFields {
  type: SessionType;
  item: number;
  title: string;
  detail: string | null;
  /** yyyy-mm-dd, the session's Asia/Bangkok day */
  date: string;
  /** HH:mm */
  start: string | null;
  to: string | null;
  /** null: the spec's `unlimit` (never closes) */
  closeDate: string | null;
  view: YesNo;
  checkin: YesNo;
  special: YesNo;
  rating: number;
  pdf: string | null;
  videoId: string | null;
  zoomRoomId: string | null;
  instructorId: string | null;
  liveStreamId: string | null;
}

/** The API's `close`: "unlimit" or the close date. */
export const closeText = (closeDate: string | null): string => closeDate ?? SESSION_UNLIMITED;
const closeDateOf = (close: string): string | null => (close === SESSION_UNLIMITED ? null : close);

/** Spec 02 §9 "Session defaults": type video, close unlimit, view Y, check-in N, special N, rating 1, item 1. */
export const SESSION_DEFAULTS = {
  type: 'video',
  item: 1,
  closeDate: null,
  view: 'Y',
  checkin: 'N',
  special: 'N',
  rating: 1,
} as const satisfies Partial<SessionFields>;

const NORMALISE = {
  title: (v: string) => v.trim(),
  detail: optionalText,
  pdf: optionalText,
} as const;

export function newSessionFields(body: SessionCreateBody): SessionFields {
  const blank: SessionFields = {
    ...SESSION_DEFAULTS,
    title: '',
    detail: null,
    date: body.date,
    start: null,
    to: null,
    pdf: null,
    videoId: null,
    zoomRoomId: null,
    instructorId: null,
    liveStreamId: null,
  };
  return updatedSessionFields(blank, body);
}

/** Absent keeps, null clears (a session's Zoom room is removed with `zoomRoomId: null`). */
export function updatedSessionFields(current: SessionFields, body: SessionUpdateBody): SessionFields {
  const next = patched(current, body, NORMALISE);
  if (body.close !== undefined) next.closeDate = closeDateOf(body.close);
  return next;
}

/**
 * The rules the schema cannot say: a title of blanks is missing, a session starts before it ends
 * (when both times are given), and it does not close before its own day.
 */
export function sessionProblems(f: SessionFields): FieldProblem[] {
  const problems = blankProblems(f, ['title']);
  if (f.start !== null && f.to !== null && f.start >= f.to) {
    problems.push({ field: 'to', code: 'learning.session_time_order' });
  }
  if (f.closeDate !== null && f.closeDate < f.date) {
    problems.push({ field: 'close', code: 'learning.session_close_before_date' });
  }
  return problems;
}

import type { CalendarItem } from '@rian/proto-contracts/learning-member';
import type { SessionType } from './access.js';

/**
 * How a session looks in the member's calendar (spec 02 §3 "Calendar item"): a colour pair and an
 * icon per type, its Bangkok date and times. Pure: the read turns sessions into these.
 */
export const CALENDAR_STYLE: Record<SessionType, { colour: string; colorBox: string; icon: string }> = {
  video: { colour: '#1d4ed8', colorBox: '#dbeafe', icon: 'play' },
  real: { colour: '#15803d', colorBox: '#dcfce7', icon: 'map-pin' },
  meeting: { colour: '#6d28d9', colorBox: '#ede9fe', icon: 'users' },
  live: { colour: '#b91c1c', colorBox: '#fee2e2', icon: 'radio' },
};

export interface CalendarSession {
  id: string;
  courseId: string;
  type: SessionType;
  title: string;
  detail: string | null;
  /** yyyy-mm-dd, Asia/Bangkok */
  date: string;
  /** HH:mm, Asia/Bangkok */
  start: string | null;
  to: string | null;
}

/** Asia/Bangkok is UTC+7 all year. */
const at = (date: string, time: string) => `${date}T${time}:00+07:00`;

export function calendarItem(s: CalendarSession): CalendarItem {
  const style = CALENDAR_STYLE[s.type];
  return {
    id: s.id,
    type: s.type,
    colour: style.colour,
    colorBox: style.colorBox,
    courseId: s.courseId,
    details: s.detail,
    icon: style.icon,
    src: `/member/sessions/${s.id}`,
    start: s.start ? at(s.date, s.start) : s.date,
    end: s.start && s.to ? at(s.date, s.to) : null,
    startTime: s.start,
    endTime: s.to,
    time: s.start && s.to ? `${s.start} - ${s.to}` : (s.start ?? ''),
    title: s.title,
  };
}

/** Days from `from` to `to`, both included (2026-05-01..2026-05-01 is 1). */
export function daysIncluded(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** HH:mm of an instant in Asia/Bangkok. */
export function bangkokTime(now: Date): string {
  return new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(11, 16);
}

/** Minutes before its start time that a session counts as "now" (the room opens early). */
export const EARLY_MINUTES = 60;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Is a session of today "around now" (spec 01: the live / real / meeting session by course and the
 * current time)? From EARLY_MINUTES before its start until its end time; no start time: all day;
 * no end time: until the day ends.
 */
export function aroundNow(s: { start: string | null; to: string | null }, nowHHmm: string): boolean {
  const now = minutes(nowHHmm);
  if (s.start && now < minutes(s.start) - EARLY_MINUTES) return false;
  if (s.to && now > minutes(s.to)) return false;
  return true;
}

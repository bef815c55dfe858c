import { useQuery } from '@tanstack/react-query';
import type { CalendarItem, CalendarList } from '@rian/proto-contracts/learning-member';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import { MEMBER_KEY } from './my-enrolments';

/** Asia/Bangkok days, both included (yyyy-mm-dd). */
export type DayRange = { from: string; to: string };

/**
 * learning's limit per calendar request (proto-contracts' CALENDAR_MAX_DAYS; a test keeps the two
 * equal): copied, so the contract's TypeBox schemas stay out of the calendar chunk.
 */
export const CALENDAR_MAX_DAYS = 62;
const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The days a calendar view shows, from FullCalendar's `datesSet` (its start and exclusive end,
 * rendered in the calendar's time zone, Asia/Bangkok): the local date parts are the Bangkok days.
 */
export function visibleDays(startStr: string, endStr: string): DayRange {
  const from = startStr.slice(0, 10);
  const endExclusive = endStr.slice(0, 10);
  return { from, to: dayOf(dayMs(endExclusive) - DAY_MS) };
}

/** Splits a range into requests of at most CALENDAR_MAX_DAYS days (a month grid needs one: 42 days). */
export function calendarRequests(range: DayRange): DayRange[] {
  const out: DayRange[] = [];
  const last = dayMs(range.to);
  for (let start = dayMs(range.from); start <= last; start += CALENDAR_MAX_DAYS * DAY_MS) {
    out.push({ from: dayOf(start), to: dayOf(Math.min(last, start + (CALENDAR_MAX_DAYS - 1) * DAY_MS)) });
  }
  return out;
}

/** GET /api/learning/member/sessions/calendar — calendar items (spec 02 §3) of the member's course. */
export function getCalendar(
  range: DayRange,
  courseId: string | undefined,
  signal?: AbortSignal,
): Promise<CalendarList> {
  return api<CalendarList>('/learning/member/sessions/calendar', {
    query: { from: range.from, to: range.to, courseId },
    signal,
  });
}

/** Every item of the range, in as many requests as the 62-day limit needs. */
export async function getCalendarRange(
  range: DayRange,
  courseId: string | undefined,
  signal?: AbortSignal,
): Promise<CalendarItem[]> {
  const lists = await Promise.all(calendarRequests(range).map((r) => getCalendar(r, courseId, signal)));
  return lists.flatMap((l) => l.items);
}

/** The course's calendar items for the visible days; nothing is asked before the view knows them. */
export function useCalendarItems(range: DayRange | null, courseId: string | undefined) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: [...MEMBER_KEY, 'calendar', token, courseId ?? null, range?.from, range?.to],
    queryFn: ({ signal }) => getCalendarRange(range!, courseId, signal),
    enabled: Boolean(token && range),
    // moving back to a month already seen shows it at once while it refreshes
    placeholderData: (previous) => previous,
  });
}

/**
 * "Today" for prices and plans is the day in Asia/Bangkok (STYLE.md rule 7), computed from the
 * instant itself — never from the server's local zone, which is UTC in a container and anything
 * on a laptop. Thailand has no daylight saving, but the zone database is asked rather than +7 assumed.
 */
const BANGKOK = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Bangkok',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Asia/Bangkok calendar day of an instant, as yyyy-mm-dd. */
export function bangkokDay(at: Date): string {
  const parts = Object.fromEntries(BANGKOK.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A window of days, both ends included; null leaves that side open. */
export interface DayWindow {
  start: string | null;
  to: string | null;
}

/** Whether `day` (yyyy-mm-dd) lies in the window; yyyy-mm-dd strings compare in date order. */
export function dayInWindow(day: string, w: DayWindow): boolean {
  return (w.start === null || w.start <= day) && (w.to === null || day <= w.to);
}

/** A window that ends before it starts is a mistake staff must fix, not an empty window. */
export function windowEndsBeforeStart(w: DayWindow): boolean {
  return w.start !== null && w.to !== null && w.to < w.start;
}

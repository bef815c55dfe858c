import type { DayWindow } from '@rian/proto-contracts/price-rules';

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

/** A window that ends before it starts is a mistake staff must fix, not an empty window. */
export function windowEndsBeforeStart(w: DayWindow): boolean {
  return w.start !== null && w.to !== null && w.to < w.start;
}

import { addDays, bangkokDay } from './access.js';

/**
 * The Asia/Bangkok periods watch totals roll up over: the day, the week (Monday to Sunday) and the
 * month of an instant, as inclusive yyyy-mm-dd bounds.
 */
export function watchPeriods(now: Date): {
  today: string;
  week: { from: string; to: string };
  month: { from: string; to: string };
} {
  const today = bangkokDay(now);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const from = addDays(today, -weekday);
  return { today, week: { from, to: addDays(from, 6) }, month: monthDays(today.slice(0, 7)) };
}

/** The first and last day of a yyyy-mm month. */
export function monthDays(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** Every day from `from` to `to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

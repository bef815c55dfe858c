/**
 * When a session starts, as an instant (issue 20, the LINE reminder an hour before). learning keeps a
 * session's Asia/Bangkok day (`date`, yyyy-mm-dd) and its start time of day (`start`, HH:mm, or
 * null). Bangkok is UTC+7 all year (no daylight saving), so the instant is that wall-clock time
 * less seven hours: 2026-12-01 19:00 Bangkok = 2026-12-01T12:00:00Z; 2026-12-01 05:30 Bangkok =
 * 2026-11-30T22:30:00Z (the UTC day before).
 *
 * A session without a start time (or one that is not HH:mm[:ss]) is taken to start at 09:00 Bangkok
 * (SESSION_DEFAULT_START), the morning of its day: its reminder then goes out at 08:00 on the day.
 */
export const SESSION_DEFAULT_START = '09:00';
const BANGKOK_OFFSET_MS = 7 * 3_600_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

export function sessionStartsAt(date: string, start: string | null | undefined): Date {
  const day = DAY.exec(date);
  if (!day) throw new RangeError(`not a yyyy-mm-dd day: ${date}`);
  const time = TIME.exec(start ?? '') ?? TIME.exec(SESSION_DEFAULT_START)!;
  const wallClock = Date.UTC(
    Number(day[1]),
    Number(day[2]) - 1,
    Number(day[3]),
    Number(time[1]),
    Number(time[2]),
  );
  return new Date(wallClock - BANGKOK_OFFSET_MS);
}

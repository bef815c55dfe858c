import type { CheckinStaff } from '@rian/proto-contracts/learning-checkin';

/** The /admin/userChecking export: one line per check-in, times in Asia/Bangkok, UTF-8 with a BOM. */

export const CHECKIN_CSV_HEADER = [
  'sessionDate',
  'session',
  'courseId',
  'sessionId',
  'userId',
  'memberName',
  'checkedInAt',
  'method',
  'checkedInBy',
];

/** One CSV field (RFC 4180); a leading = + - @ is defused so Excel never runs it as a formula. */
export function csvField(v: string | null): string {
  let s = v ?? '';
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** yyyy-mm-dd HH:mm in Asia/Bangkok (UTC+7, no daylight saving). */
export const bangkokStamp = (isoTime: string): string =>
  new Date(new Date(isoTime).getTime() + 7 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

export function checkinsCsv(rows: CheckinStaff[]): string {
  const lines = [CHECKIN_CSV_HEADER.join(',')];
  for (const r of rows)
    lines.push(
      [
        r.sessionDate,
        r.sessionTitle,
        r.courseId,
        r.sessionId,
        r.userId,
        r.memberName,
        bangkokStamp(r.checkedInAt),
        r.method,
        r.checkedInBy,
      ]
        .map(csvField)
        .join(','),
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

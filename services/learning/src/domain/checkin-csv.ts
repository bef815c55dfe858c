import type { CheckinStaff } from '@rian/proto-contracts/learning-checkin';
import { csvDocument } from '@rian/kit/csv';

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

/** yyyy-mm-dd HH:mm in Asia/Bangkok (UTC+7, no daylight saving). */
export const bangkokStamp = (isoTime: string): string =>
  new Date(new Date(isoTime).getTime() + 7 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

export function checkinsCsv(rows: CheckinStaff[]): string {
  return csvDocument(
    CHECKIN_CSV_HEADER,
    rows.map((r) => [
      r.sessionDate,
      r.sessionTitle,
      r.courseId,
      r.sessionId,
      r.userId,
      r.memberName,
      bangkokStamp(r.checkedInAt),
      r.method,
      r.checkedInBy,
    ]),
  );
}

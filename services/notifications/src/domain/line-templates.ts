import type { Locale } from '@rian/proto-contracts/enums';
import { renderTemplate } from './template-files.js';
import type { RenderedEmail } from './templates.js';

/**
 * What notifications pushes to members over LINE (issue 20), Thai or English by the member's
 * language (Thai when not known). Plain text (a LINE text message); the first line is the delivery
 * log's subject. Times are Asia/Bangkok wall-clock times, dates as members read them: Thai with the
 * Buddhist year ("1 ธ.ค. 2569"), English "1 Dec 2026".
 */
export const LINE_SESSION_REMINDER_TEMPLATE = 'line.session-reminder';
export const LINE_LIVE_STARTED_TEMPLATE = 'line.live-started';
export const LINE_CHECK_IN_RECEIPT_TEMPLATE = 'line.check-in-receipt';

/** A member's LINE push: its template names all start with this. */
export const MEMBER_LINE_PREFIX = 'line.';
export const isMemberLineTemplate = (template: string): boolean => template.startsWith(MEMBER_LINE_PREFIX);

const TH_MONTHS = [
  'ม.ค.',
  'ก.พ.',
  'มี.ค.',
  'เม.ย.',
  'พ.ค.',
  'มิ.ย.',
  'ก.ค.',
  'ส.ค.',
  'ก.ย.',
  'ต.ค.',
  'พ.ย.',
  'ธ.ค.',
];
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An instant's Asia/Bangkok day and HH:mm (UTC+7, no daylight saving). */
export function bangkokParts(instant: string | Date): { day: string; time: string } {
  const iso = new Date(new Date(instant).getTime() + 7 * 3_600_000).toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** yyyy-mm-dd as a member reads it: "1 ธ.ค. 2569" / "1 Dec 2026". */
export function memberDate(day: string, locale: Locale): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return locale === 'en' ? `${d} ${EN_MONTHS[m - 1]} ${y}` : `${d} ${TH_MONTHS[m - 1]} ${y + 543}`;
}

const site = (url: string) => url.replace(/\/+$/, '');

export type ReminderSessionType = 'meeting' | 'live' | 'real';
export interface SessionReminderInput {
  title: string;
  type: ReminderSessionType;
  /** the session's start instant (UTC) */
  startsAt: string;
  siteUrl: string;
  locale: Locale;
}

/** An hour (or less) before a meeting, live or on-site session of the member's course. */
export function sessionReminderLine(i: SessionReminderInput): RenderedEmail {
  const { day, time } = bangkokParts(i.startsAt);
  return renderTemplate(LINE_SESSION_REMINDER_TEMPLATE, i.locale, {
    title: i.title,
    meeting: i.type === 'meeting',
    live: i.type === 'live',
    real: i.type === 'real',
    date: memberDate(day, i.locale),
    time,
    link: `${site(i.siteUrl)}/member/calendar`,
  });
}

export interface LiveStartedInput {
  name: string;
  kind: 'stream' | 'trade';
  siteUrl: string;
  locale: Locale;
}

/** A stream of the member's course went on air: where to watch it. */
export function liveStartedLine(i: LiveStartedInput): RenderedEmail {
  return renderTemplate(LINE_LIVE_STARTED_TEMPLATE, i.locale, {
    name: i.name,
    link: `${site(i.siteUrl)}/member/${i.kind === 'trade' ? 'livetrade' : 'livestreaming'}`,
  });
}

export interface CheckInReceiptInput {
  sessionTitle: string;
  checkedInAt: string;
  locale: Locale;
}

/** The member was checked in to a session (kiosk QR, typed code or staff by hand). */
export function checkInReceiptLine(i: CheckInReceiptInput): RenderedEmail {
  const { day, time } = bangkokParts(i.checkedInAt);
  return renderTemplate(LINE_CHECK_IN_RECEIPT_TEMPLATE, i.locale, {
    sessionTitle: i.sessionTitle,
    date: memberDate(day, i.locale),
    time,
  });
}

/**
 * The Asia/Bangkok calendar (STYLE.md rule 7): "today" for prices and plans, coupon windows and
 * instalment due dates. Computed from the instant with the zone named — never the server's zone.
 * Catalog has the same clock rule; which days a price or plan window holds is proto-contracts/price-rules.
 */
const BANGKOK = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Bangkok',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parts(at: Date): Record<string, string> {
  return Object.fromEntries(BANGKOK.formatToParts(at).map((p) => [p.type, p.value]));
}

/** The Asia/Bangkok day of an instant, yyyy-mm-dd. */
export function bangkokDay(at: Date): string {
  const p = parts(at);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The Asia/Bangkok minute of an instant, "yyyy-mm-dd HH:mm" (sorts in time order as text). */
export function bangkokMinute(at: Date): string {
  const p = parts(at);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month1: number): number {
  return new Date(Date.UTC(year, month1, 0)).getUTCDate();
}

/**
 * `day` plus `months` calendar months; a day the target month lacks becomes its last day
 * (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap year). Always counted from `day` itself, so
 * Jan 31 + 2 months is Mar 31, not the Feb 28 of the month before plus one.
 */
export function addMonthsClamped(day: string, months: number): string {
  const m = DAY.exec(day);
  if (!m || !Number.isInteger(months)) throw new RangeError(`not a day: ${day}`);
  const index = Number(m[1]) * 12 + (Number(m[2]) - 1) + months;
  const year = Math.floor(index / 12);
  const month1 = (index % 12) + 1;
  const d = Math.min(Number(m[3]), daysInMonth(year, month1));
  return `${String(year).padStart(4, '0')}-${String(month1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const THAI_MONTHS = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
];

/** The Asia/Bangkok day of an instant as Thai documents write it: "22 พฤศจิกายน 2569" (Buddhist year = AD + 543). */
export function thaiDate(at: Date): string {
  const [y, m, d] = bangkokDay(at).split('-').map(Number) as [number, number, number];
  return `${d} ${THAI_MONTHS[m - 1]} ${y + 543}`;
}

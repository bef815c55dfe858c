const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Satang (integer) → "฿1,500.00". Integer arithmetic, so no float rounding. */
export function formatTHB(satang: number): string {
  const sign = satang < 0 ? '-' : '';
  const abs = Math.abs(Math.round(satang));
  const baht = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}฿${grouping.format(baht)}.${rest}`;
}

/** "2026-03-01" → "1 มี.ค. 2026" / "1 Mar 2026" (the date is a calendar day: no time zone shift). */
export function formatDay(day: string, language: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(language === 'th' ? 'th-TH-u-ca-gregory' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** An instant in Bangkok time: "22 พ.ย. 2026 11:15" / "22 Nov 2026, 11:15" (a 4-digit year, never "26"). */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'th' ? 'th-TH-u-ca-gregory' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Bangkok',
  }).format(date);
}

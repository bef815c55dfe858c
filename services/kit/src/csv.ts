/**
 * CSV exports the back office downloads (orders' report, learning's check-ins, bookings): RFC 4180
 * fields, a leading = + - @ (or tab / carriage return) defused so a spreadsheet never runs it as a
 * formula, CRLF lines and a BOM first, so Excel reads the UTF-8 Thai text.
 */

/** One CSV field; null is empty. */
export function csvField(v: string | number | null | undefined): string {
  let s = v == null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The whole file: BOM, the header line, one line per row, each line ended by CRLF. */
export function csvDocument(
  header: readonly string[],
  rows: Iterable<readonly (string | number | null | undefined)[]>,
): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

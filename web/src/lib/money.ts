/**
 * Baht as typed in a form ↔ satang as the services keep it (STYLE.md rule 6). String arithmetic:
 * "19.99" is 1999 satang exactly, never 1998.9999….
 */
const BAHT = /^([0-9]+)(?:\.([0-9]{1,2}))?$/;

/** The largest amount a service accepts (proto-contracts `Satang`): 100,000,000.00 baht. */
export const MAX_SATANG = 100_000_000_00;

/** "1,500.5" → 150050; null when it is not baht with at most 2 decimals (or over the maximum). */
export function parseBaht(text: string): number | null {
  const match = BAHT.exec(text.replace(/[\s,]/g, ''));
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (whole.length > 10) return null;
  const satang = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return satang <= MAX_SATANG ? satang : null;
}

/** 150050 → "1500.50": what an edit form shows for a stored amount. */
export function bahtInput(satang: number | null | undefined): string {
  if (satang === null || satang === undefined) return '';
  return `${Math.floor(satang / 100)}.${String(satang % 100).padStart(2, '0')}`;
}

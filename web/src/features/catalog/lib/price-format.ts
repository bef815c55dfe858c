import type { PriceType } from '@/types/api';

/** "2026-03-01" → "01-03-2026" (spec 02 §9: price ranges day-month-year; a calendar day, no zone shift). */
export function formatDayMonthYear(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : day;
}

/** A price's window as the shop shows it; null when it has none. */
export type DateRange =
  | { kind: 'between'; start: string; end: string }
  | { kind: 'from'; start: string }
  | { kind: 'until'; end: string };

export function priceDateRange(start: string | null, to: string | null): DateRange | null {
  if (start && to) return { kind: 'between', start: formatDayMonthYear(start), end: formatDayMonthYear(to) };
  if (start) return { kind: 'from', start: formatDayMonthYear(start) };
  if (to) return { kind: 'until', end: formatDayMonthYear(to) };
  return null;
}

/** Spec 02 §3: SEB Super Early Bird, EB Early Bird, NL normal price (locale keys). */
export const PRICE_TYPE_LABEL = {
  SEB: 'shop.prices.types.SEB',
  EB: 'shop.prices.types.EB',
  NL: 'shop.prices.types.NL',
} as const satisfies Record<PriceType, string>;

import type { PriceCreateBody, PriceType, PriceUpdateBody } from '@rian/proto-contracts/catalog-commerce';
import type { YesNo } from '@rian/proto-contracts/enums';
import { dayInWindow } from './bangkok-day.js';
import { patched, textAndWindowProblems, type RuleProblem } from './field-rules.js';

/** Spec 02 §9: price defaults type NL, member NL, fee N, show N. */
export const PRICE_DEFAULTS = { type: 'NL', member: 'NL', show: 'N', fee: 'N' } as const;

/** The order a member sees prices in: Super Early Bird, Early Bird, normal. */
export const PRICE_TYPE_ORDER: readonly PriceType[] = ['SEB', 'EB', 'NL'];

/** The stored fields staff write. */
export interface PriceFields {
  type: PriceType;
  member: string;
  value: number;
  show: YesNo;
  start: string | null;
  to: string | null;
  title: string;
  detail: string | null;
  fee: YesNo;
}

export function newPriceFields(body: PriceCreateBody): PriceFields {
  return {
    type: body.type ?? PRICE_DEFAULTS.type,
    member: body.member ?? PRICE_DEFAULTS.member,
    value: body.value,
    show: body.show ?? PRICE_DEFAULTS.show,
    start: body.start ?? null,
    to: body.to ?? null,
    title: body.title.trim(),
    detail: body.detail ?? null,
    fee: body.fee ?? PRICE_DEFAULTS.fee,
  };
}

/** Absent keys keep their value; null clears a nullable one. */
export function updatedPriceFields(current: PriceFields, body: PriceUpdateBody): PriceFields {
  const next = patched(current, body);
  return { ...next, title: next.title.trim() };
}

/** What the schema cannot say: a title of blanks is missing; a window must not end before it starts. */
export function priceFieldProblems(f: Pick<PriceFields, 'title' | 'start' | 'to'>): RuleProblem[] {
  return textAndWindowProblems({ title: f.title }, f);
}

export interface PriceRow {
  id: string;
  type: PriceType;
  member: string;
  value: number;
  start: string | null;
  to: string | null;
  /** absent: a row already known to be on sale */
  removed?: YesNo;
}

/** Display order: SEB, EB, NL, then the cheaper first, then by id so the order never flickers. */
export function comparePrices(a: PriceRow, b: PriceRow): number {
  return (
    PRICE_TYPE_ORDER.indexOf(a.type) - PRICE_TYPE_ORDER.indexOf(b.type) ||
    a.value - b.value ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * Spec 02 §4 "Product price lookup by date", §6: the prices a member may choose on `day` — not
 * removed, the day inside their window, and their membership code among the member's codes. No
 * codes (an anonymous visitor, staff, a member without codes) means no prices.
 */
export function pricesForMember<T extends PriceRow>(
  prices: readonly T[],
  day: string,
  memberCodes: readonly string[],
): T[] {
  if (!memberCodes.length) return [];
  return prices
    .filter((p) => p.removed !== 'Y' && dayInWindow(day, p) && memberCodes.includes(p.member))
    .sort(comparePrices);
}

import type { InstallmentPlanType, PriceType } from './catalog-commerce.js';

/**
 * What may be sold to whom on a day: catalog answers the shop's price lookup and plan list with
 * these rules, orders accepts a checkout by them — one module, so the price a member was shown is
 * the price checkout takes (spec 02 §4 "Product price lookup by date", §6; catalog README
 * "Price lookup rule", "Instalment plans"). Pure: the callers bring the rows and the Asia/Bangkok day.
 */

/** A window of days (yyyy-mm-dd, Asia/Bangkok), both ends included; null leaves that side open. */
export interface DayWindow {
  start: string | null;
  to: string | null;
}

/** Whether `day` (yyyy-mm-dd) lies in the window; yyyy-mm-dd strings compare in date order. */
export function dayInWindow(day: string, w: DayWindow): boolean {
  return (w.start === null || w.start <= day) && (w.to === null || day <= w.to);
}

/** Super Early Bird, Early Bird, normal: the order a member sees prices in. */
export const PRICE_TYPE_ORDER: readonly PriceType[] = ['SEB', 'EB', 'NL'];

export interface PriceRow extends DayWindow {
  id: string;
  type: PriceType;
  member: string;
  value: number;
  /** absent: a row already known to be on sale */
  removed?: boolean;
}

/** SEB, EB, NL, then the cheaper, then by id so the order never flickers. */
export function comparePrices(a: PriceRow, b: PriceRow): number {
  return (
    PRICE_TYPE_ORDER.indexOf(a.type) - PRICE_TYPE_ORDER.indexOf(b.type) ||
    a.value - b.value ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The prices a member may choose on `day`: not removed, the day inside their window, and their
 * membership code among the member's codes. No codes (an anonymous visitor, staff, a member
 * without codes) means no prices.
 */
export function pricesForMember<T extends PriceRow>(
  prices: readonly T[],
  day: string,
  memberCodes: readonly string[],
): T[] {
  if (!memberCodes.length) return [];
  return prices
    .filter((p) => !p.removed && dayInWindow(day, p) && memberCodes.includes(p.member))
    .sort(comparePrices);
}

export interface PlanRow extends DayWindow {
  id: string;
  type: InstallmentPlanType;
  count: number;
  name: string;
}

/**
 * Spec 02 §4 "8 instalments (offered only if the product has an instalment plan today)": plans
 * open on `day`, for anyone (type all) or listing the buyer's e-mail (`listedFor`: ids of the
 * type-email plans whose list holds it — empty for an anonymous visitor). Fewest instalments first.
 */
export function plansOpenTo<T extends PlanRow>(
  plans: readonly T[],
  day: string,
  listedFor: ReadonlySet<string>,
): T[] {
  return plans
    .filter((p) => dayInWindow(day, p) && (p.type === 'all' || listedFor.has(p.id)))
    .sort((a, b) => a.count - b.count || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
}

/** E-mails (plan and coupon lists, buyers) are compared without regard to case or surrounding blanks. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

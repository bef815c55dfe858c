import type { InstallmentPlanType, PriceType } from '@rian/proto-contracts/catalog-commerce';
import { dayInWindow } from './bangkok-time.js';

/**
 * What may be sold to whom on a day, decided from orders' copy of the catalog. The same rules as
 * catalog's lookups (catalog README "Price lookup rule", "Instalment plans"), so the price a member
 * was shown is the price checkout accepts.
 */

/** Super Early Bird, Early Bird, normal: the order a member sees prices in. */
export const PRICE_TYPE_ORDER: readonly PriceType[] = ['SEB', 'EB', 'NL'];

export interface PriceRow {
  id: string;
  type: PriceType;
  member: string;
  value: number;
  start: string | null;
  to: string | null;
  removed: boolean;
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
 * Spec 02 §4 "Product price lookup by date", §6: a member may buy at a price that is not removed,
 * whose Asia/Bangkok-day window holds `day`, and whose membership code they hold. No codes → none.
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

export interface PlanRow {
  id: string;
  type: InstallmentPlanType;
  count: number;
  name: string;
  start: string | null;
  to: string | null;
}

/**
 * Spec 02 §4 "8 instalments (offered only if the product has an instalment plan today)": plans
 * open on `day`, for anyone (type all) or listing the buyer's e-mail (`listedFor`: ids of the
 * type-email plans whose list holds it). Fewest instalments first.
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

/** E-mails are compared without regard to case or surrounding blanks. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

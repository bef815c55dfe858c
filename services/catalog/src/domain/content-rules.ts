import type { FieldProblem } from './field-rules.js';

/** Whether a social link is a web address the browser can open (http or https with a host). */
export function isWebUrl(v: string): boolean {
  if (!URL.canParse(v)) return false;
  const u = new URL(v);
  return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
}

export const SOCIAL_FIELDS = ['facebook', 'twitter', 'youtube', 'pinterest', 'linkedin'] as const;
export type SocialField = (typeof SOCIAL_FIELDS)[number];

export function socialUrlProblems(links: Record<SocialField, string | null>): FieldProblem[] {
  return SOCIAL_FIELDS.filter((f) => {
    const v = links[f];
    return v !== null && !isWebUrl(v);
  }).map((field) => ({ field, code: 'validation.url' }));
}

const BANGKOK_MONTH = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Bangkok',
  year: 'numeric',
  month: '2-digit',
});

/** The month (yyyy-mm) `at` falls in, in Asia/Bangkok: the shop's calendar. */
export function bangkokMonth(at: Date): string {
  const parts = BANGKOK_MONTH.formatToParts(at);
  const year = parts.find((p) => p.type === 'year')?.value ?? '';
  const month = parts.find((p) => p.type === 'month')?.value ?? '';
  return `${year}-${month}`;
}

/** Featured months as stored: unique and in calendar order. */
export function sortedMonths(months: readonly string[]): string[] {
  return [...new Set(months)].sort();
}

// ---------- which bank accounts a buyer of a product may transfer to ----------

export interface LimitState {
  bankAccountId: string;
  total: number;
  max: number;
  status: string;
}

/** A limit still takes transfers while it is active and has not reached its max. */
export function limitIsOpen(limit: LimitState): boolean {
  return limit.status === 'active' && limit.total < limit.max;
}

/**
 * The accounts offered to a buyer: the enabled accounts with an open limit for the product, in the
 * order given; when none has one (no limits, or all full or inactive), every enabled account — a
 * buyer is never left without an account to pay into while one is enabled.
 */
export function accountsForBuyer<A extends { id: string }>(
  enabledAccounts: readonly A[],
  limits: readonly LimitState[],
): { source: 'limits' | 'all'; items: A[] } {
  const open = new Set(limits.filter(limitIsOpen).map((l) => l.bankAccountId));
  const limited = enabledAccounts.filter((a) => open.has(a.id));
  return limited.length
    ? { source: 'limits', items: limited }
    : { source: 'all', items: [...enabledAccounts] };
}

// ---------- the product page's tabs ----------

export interface TabType {
  id: string;
  tabName: string;
  item: number;
}

/** Orders by `item`, then by the tie-breakers given (already ordered input keeps its order). */
export function byItem<T extends { item: number }>(a: T, b: T): number {
  return a.item - b.item;
}

/**
 * The tabs of a product page: each detail type that has items for the product, by the type's
 * `item` then tab name, with its items by `item` (stable for equal items: input order).
 */
export function detailTabs<L extends { typeId: string; item: number }>(
  types: readonly TabType[],
  lists: readonly L[],
): { typeId: string; tabName: string; item: number; lists: L[] }[] {
  const byType = new Map<string, L[]>();
  for (const l of lists) {
    const group = byType.get(l.typeId) ?? [];
    group.push(l);
    byType.set(l.typeId, group);
  }
  return [...types]
    .filter((t) => byType.has(t.id))
    .sort((a, b) => byItem(a, b) || a.tabName.localeCompare(b.tabName, 'th') || a.id.localeCompare(b.id))
    .map((t) => ({
      typeId: t.id,
      tabName: t.tabName,
      item: t.item,
      lists: [...(byType.get(t.id) ?? [])].sort(byItem),
    }));
}

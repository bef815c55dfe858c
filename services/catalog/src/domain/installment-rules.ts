import {
  INSTALLMENT_COUNT,
  type InstallmentPlanCreateBody,
  type InstallmentPlanType,
  type InstallmentPlanUpdateBody,
} from '@rian/proto-contracts/catalog-commerce';
import { dayInWindow } from './bangkok-day.js';
import { patched, textAndWindowProblems, type RuleProblem } from './field-rules.js';

/** Spec 02 §3, §9: type default all, count default 2. */
export const PLAN_DEFAULTS = { type: 'all', count: INSTALLMENT_COUNT.default } as const;

export interface PlanFields {
  name: string;
  detail: string | null;
  type: InstallmentPlanType;
  count: number;
  start: string | null;
  to: string | null;
}

export function newPlanFields(body: Omit<InstallmentPlanCreateBody, 'productId'>): PlanFields {
  return {
    name: body.name.trim(),
    detail: body.detail ?? null,
    type: body.type ?? PLAN_DEFAULTS.type,
    count: body.count ?? PLAN_DEFAULTS.count,
    start: body.start ?? null,
    to: body.to ?? null,
  };
}

export function updatedPlanFields(current: PlanFields, body: InstallmentPlanUpdateBody): PlanFields {
  const next = patched(current, body);
  return { ...next, name: next.name.trim() };
}

export function planFieldProblems(f: Pick<PlanFields, 'name' | 'start' | 'to'>): RuleProblem[] {
  return textAndWindowProblems({ name: f.name }, f);
}

/** E-mails are compared without regard to case or surrounding blanks. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
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
 * The plans a caller may use on `day`: open that day, and either for anyone (type all) or listing
 * the caller's e-mail (`listedFor`: the ids of type-email plans whose list holds it — empty for an
 * anonymous visitor). Fewest instalments first.
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

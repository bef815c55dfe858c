import {
  INSTALLMENT_COUNT,
  type InstallmentPlanCreateBody,
  type InstallmentPlanType,
  type InstallmentPlanUpdateBody,
} from '@rian/proto-contracts/catalog-commerce';
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

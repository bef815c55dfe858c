import type { PriceCreateBody, PriceType, PriceUpdateBody } from '@rian/proto-contracts/catalog-commerce';
import type { YesNo } from '@rian/proto-contracts/enums';
import { patched, textAndWindowProblems, type RuleProblem } from './field-rules.js';

/** Spec 02 §9: price defaults type NL, member NL, fee N, show N. */
export const PRICE_DEFAULTS = { type: 'NL', member: 'NL', show: 'N', fee: 'N' } as const;

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

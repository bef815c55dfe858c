import type { ErrorCode } from '@rian/proto-contracts/errors';
import type { DayWindow } from '@rian/proto-contracts/price-rules';
import { windowEndsBeforeStart } from './bangkok-day.js';

/** The rules every staff-written record follows: texts as stored, partial updates, blank checks. */

/** A rule the schema cannot say, broken by one field of a body, with the code it answers. */
export interface FieldProblem {
  field: string;
  code: ErrorCode;
}

/**
 * A broken rule of a dated record (price, package, plan): each service turns `rule` into its own
 * code (e.g. a product's window has its own message).
 */
export type RuleProblem = { field: string; rule: 'required' } | { field: 'to'; rule: 'to_before_start' };

/** Optional text as stored: blank (the form sends "" for an empty field) is no value. */
export function optionalText(v: string | null | undefined): string | null {
  const t = v?.trim();
  return t ? t : null;
}

/** Required text as stored: trimmed; a text of blanks is missing. */
export function requiredText(v: string): string {
  return v.trim();
}

/**
 * A partial update: keys absent (or undefined) in `body` keep their value, null clears a nullable
 * field, keys `current` does not have are ignored, and each present value goes through `normalise`
 * (when given one for that key).
 */
export function patched<F extends object>(
  current: F,
  body: Partial<{ [K in keyof F]: F[K] | undefined }>,
  normalise: Partial<{ [K in keyof F]: (v: F[K]) => F[K] }> = {},
): F {
  const next = { ...current };
  for (const key of Object.keys(current) as (keyof F)[]) {
    if (!Object.hasOwn(body, key)) continue;
    const value = body[key];
    if (value === undefined) continue;
    const fix = normalise[key];
    next[key] = fix ? fix(value) : value;
  }
  return next;
}

/** The required texts that are missing or blank after trimming, in the order given. */
function blankFields<F extends object>(fields: F, required: readonly (keyof F & string)[]): string[] {
  return required.filter((k) => {
    const v = fields[k];
    return typeof v !== 'string' || v.trim() === '';
  });
}

/** Problems of required texts that are blank after trimming ("กรุณากรอกข้อมูล"). */
export function blankProblems<F extends object>(
  fields: F,
  required: readonly (keyof F & string)[],
): FieldProblem[] {
  return blankFields(fields, required).map((field) => ({ field, code: 'validation.required' }));
}

/** A required text of blanks is missing; a window must not end before it starts. */
export function textAndWindowProblems(required: Record<string, string>, window: DayWindow): RuleProblem[] {
  const problems: RuleProblem[] = blankFields(required, Object.keys(required)).map((field) => ({
    field,
    rule: 'required',
  }));
  if (windowEndsBeforeStart(window)) problems.push({ field: 'to', rule: 'to_before_start' });
  return problems;
}

import { windowEndsBeforeStart, type DayWindow } from './bangkok-day.js';

/** A rule the schema cannot say, broken by one field. */
export type FieldProblem = { field: string; rule: 'required' } | { field: 'to'; rule: 'to_before_start' };

/** A required text of blanks is missing; a window must not end before it starts. */
export function textAndWindowProblems(required: Record<string, string>, window: DayWindow): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const [field, value] of Object.entries(required)) {
    if (!value.trim()) problems.push({ field, rule: 'required' });
  }
  if (windowEndsBeforeStart(window)) problems.push({ field: 'to', rule: 'to_before_start' });
  return problems;
}

/**
 * A partial update: keys absent (or undefined) in `body` keep their value, null clears a nullable
 * field; keys `current` does not have are ignored.
 */
export function applyUpdate<F extends object>(current: F, body: { [K in keyof F]?: F[K] | undefined }): F {
  const next: F = { ...current };
  for (const key of Object.keys(current) as (keyof F)[]) {
    const value = body[key];
    if (value !== undefined) next[key] = value as F[keyof F];
  }
  return next;
}

import type { FieldProblem } from '@rian/kit/staff-crud';

/** The rules every staff-written learning record follows: texts as stored, partial updates. */

export type { FieldProblem };

/** Optional text as stored: blank (the form sends "" for an empty field) is no value. */
export function optionalText(v: string | null | undefined): string | null {
  const t = v?.trim();
  return t ? t : null;
}

/**
 * A partial update: keys absent (or undefined) in `body` keep their value, null clears a nullable
 * field, keys `current` does not have are ignored, and each present value goes through `normalise`
 * (when given one for that key).
 */
export function patched<F extends object>(
  current: F,
  body: object,
  normalise: Partial<{ [K in keyof F]: (v: F[K]) => F[K] }> = {},
): F {
  const next = { ...current };
  const given = body as Record<string, unknown>;
  for (const key of Object.keys(current) as (keyof F & string)[]) {
    if (!Object.hasOwn(given, key)) continue;
    const value = given[key] as F[typeof key] | undefined;
    if (value === undefined) continue;
    const fix = normalise[key];
    next[key] = fix ? fix(value) : value;
  }
  return next;
}

/** Problems of required texts that are blank after trimming ("กรุณากรอกข้อมูล"). */
export function blankProblems<F extends object>(
  fields: F,
  required: readonly (keyof F & string)[],
): FieldProblem[] {
  return required
    .filter((k) => {
      const v = fields[k];
      return typeof v !== 'string' || v.trim() === '';
    })
    .map((field) => ({ field, code: 'validation.required' }));
}

/** An https address with a host (Zoom links, HLS playlists, player URLs). */
export function isHttpsUrl(v: string): boolean {
  if (!URL.canParse(v)) return false;
  const u = new URL(v);
  return u.protocol === 'https:' && u.hostname.length > 0 && !u.username && !u.password;
}

const BANGKOK_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Bangkok',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Asia/Bangkok calendar day (yyyy-mm-dd) `at` falls on: the day sessions are dated by. */
export function bangkokDay(at: Date): string {
  return BANGKOK_DAY.format(at);
}

/** `day` (yyyy-mm-dd) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

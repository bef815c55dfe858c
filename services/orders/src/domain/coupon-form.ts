import type { CouponInput } from '@rian/proto-contracts/coupons';
import type { ErrorCode } from '@rian/proto-contracts/errors';
import type { YesNo } from '@rian/proto-contracts/enums';
import { COUPON_DEFAULTS, type CouponProductScope, type CouponType } from './coupons.js';

/** A coupon as stored, from the back office's form (spec 02 §5: empty limit → null, type change clears values). */
export interface CouponRecord {
  code: string;
  name: string;
  detail: string | null;
  productId: string | null;
  productScope: CouponProductScope;
  type: CouponType;
  price: number | null;
  percent: number | null;
  point: number | null;
  pay: number | null;
  year: number | null;
  month: number | null;
  day: number | null;
  hour: number | null;
  payment: string | null;
  start: string | null;
  startTime: string | null;
  to: string | null;
  toTime: string | null;
  limit: number | null;
  memberOnly: YesNo;
  emailOnly: YesNo;
}

export type FormProblem = [field: string, code: ErrorCode];

/** The one value field each type uses; All and the others keep none of the four. */
const VALUE_OF: Record<CouponType, 'price' | 'percent' | 'point' | 'pay' | null> = {
  All: null,
  Price: 'price',
  Percent: 'percent',
  Point: 'point',
  Pay: 'pay',
};

const blank = (s: string | null | undefined) => (s === undefined || s === null || s.trim() === '' ? null : s);

/** yyyy-mm-dd of "yyyy-mm-dd" or an ISO date-time (spec: "dates are normalised to yyyy-mm-dd"); undefined = not a day. */
export function normaliseDay(s: string | null | undefined): string | null | undefined {
  const v = blank(s);
  if (v === null) return null;
  const day = v.trim().slice(0, 10);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
    ? day
    : undefined;
}

/** HH:mm of "H:mm", "HH:mm" or "HH:mm:ss"; undefined = not a time of day. */
export function normaliseTime(s: string | null | undefined): string | null | undefined {
  const v = blank(s);
  if (v === null) return null;
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(v.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) return undefined;
  return `${m[1]!.padStart(2, '0')}:${m[2]}`;
}

/**
 * The record to store, or the problems of the form (field, code). Only the value of the coupon's
 * own type is kept — changing the type therefore clears the others (spec 02 §5) — and that value
 * is required (a Price coupon without a price would take nothing off).
 */
export function couponRecord(input: CouponInput): { record: CouponRecord } | { problems: FormProblem[] } {
  const problems: FormProblem[] = [];
  const code = input.code.trim();
  if (!code) problems.push(['code', 'validation.required']);

  const type = input.type ?? COUPON_DEFAULTS.type;
  const productScope = input.productScope ?? COUPON_DEFAULTS.productScope;
  const productId = input.productId ?? null;
  if (productScope === 'Only' && productId === null) problems.push(['productId', 'validation.required']);

  const values = { price: null, percent: null, point: null, pay: null } as Pick<
    CouponRecord,
    'price' | 'percent' | 'point' | 'pay'
  >;
  const own = VALUE_OF[type];
  if (own) {
    const v = input[own] ?? null;
    if (v === null) problems.push([own, 'validation.required']);
    else if (own === 'percent' && Math.abs(v * 100 - Math.round(v * 100)) > 1e-9)
      problems.push(['percent', 'coupon.percent_decimals']);
    else values[own] = v;
  }

  const start = normaliseDay(input.start);
  const to = normaliseDay(input.to);
  const startTime = normaliseTime(input.startTime);
  const toTime = normaliseTime(input.toTime);
  if (start === undefined) problems.push(['start', 'validation.format']);
  if (to === undefined) problems.push(['to', 'validation.format']);
  if (startTime === undefined) problems.push(['startTime', 'validation.format']);
  if (toTime === undefined) problems.push(['toTime', 'validation.format']);
  if (
    start &&
    to &&
    startTime !== undefined &&
    toTime !== undefined &&
    `${start} ${startTime ?? '00:00'}` > `${to} ${toTime ?? '23:59'}`
  ) {
    problems.push(['to', 'coupon.dates_reversed']);
  }

  if (problems.length) return { problems };
  return {
    record: {
      code,
      name: input.name?.trim() ?? '',
      detail: blank(input.detail),
      productId,
      productScope,
      type,
      ...values,
      year: input.year ?? null,
      month: input.month ?? null,
      day: input.day ?? null,
      hour: input.hour ?? null,
      payment: blank(input.payment)?.trim() ?? null,
      start: start ?? null,
      startTime: startTime ?? null,
      to: to ?? null,
      toTime: toTime ?? null,
      // spec 02 §5: "An empty coupon_limit is sent as null" — null is unlimited
      limit: input.limit === '' || input.limit === undefined ? null : input.limit,
      memberOnly: input.memberOnly ?? COUPON_DEFAULTS.memberOnly,
      emailOnly: input.emailOnly ?? COUPON_DEFAULTS.emailOnly,
    },
  };
}

import { ERRORS } from '@rian/proto-contracts/errors';
import type { UserStatus, YesNo } from '@rian/proto-contracts/enums';
import { bangkokMinute } from './bangkok-time.js';
import { mulDiv } from './money.js';

/**
 * Coupon rules (spec 02 §3 Coupon, §5 "Coupon redemption checks, in order", §9 defaults).
 * What each type takes off the price (decisions, see README "Coupons"):
 *   All     — the whole price (a free enrolment): a type change clears every value, so All has no
 *             amount of its own and the only amount it can mean is all of it
 *   Price   — a fixed amount `price` (satang), at most the price
 *   Percent — `percent` % of the price (up to 2 decimals), rounded half up to the satang, at most the price
 *   Pay     — the buyer pays `pay` (satang): the discount is price − pay, none when pay ≥ price
 *   Point   — no money off: the order detail is credited `point` coins (orders_detail_coin)
 */
export const COUPON_TYPES = ['All', 'Price', 'Percent', 'Point', 'Pay'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** coupon_product_type: Only = the coupon's product alone; All = any product. */
export const COUPON_PRODUCT_SCOPES = ['Only', 'All'] as const;
export type CouponProductScope = (typeof COUPON_PRODUCT_SCOPES)[number];

/** Spec 02 §9: product type Only, type All, member-only N, e-mail-only N. */
export const COUPON_DEFAULTS = {
  productScope: 'Only',
  type: 'All',
  memberOnly: 'N',
  emailOnly: 'N',
} as const;

/** What redemption needs of a coupon (the stored record has more: name, detail, year…hour, payment). */
export interface Coupon {
  id: string;
  code: string;
  /** product_id: the product an Only coupon is for */
  productId: string | null;
  productScope: CouponProductScope;
  type: CouponType;
  /** satang off (type Price) */
  price: number | null;
  /** percent off (type Percent), 0–100, up to 2 decimals */
  percent: number | null;
  /** coins credited (type Point) */
  point: number | null;
  /** satang the buyer pays (type Pay) */
  pay: number | null;
  /** Asia/Bangkok day and time (HH:mm) the coupon opens; null = open since ever / from 00:00 */
  start: string | null;
  startTime: string | null;
  /** Asia/Bangkok day and time (HH:mm) of its last minute; null = never ends / until 23:59 */
  to: string | null;
  toTime: string | null;
  /** orders that may use it; null = unlimited */
  limit: number | null;
  memberOnly: YesNo;
  emailOnly: YesNo;
}

/** The signed-in buyer, as their access token says. */
export interface CouponBuyer {
  email: string;
  status?: UserStatus | undefined;
  membershipCodes: readonly string[];
}

export interface CouponContext {
  now: Date;
  /** the product being bought */
  productId: string;
  /** the chosen price, satang */
  price: number;
  buyer: CouponBuyer;
  /** the buyer's e-mail is on the coupon's e-mail list (not removed) */
  emailListed: boolean;
  /** orders already using the coupon */
  usedCount: number;
}

/** The problem codes of redemption, in the order they are checked. */
export const COUPON_CHECK_ORDER = [
  'coupon.not_found',
  'coupon.not_started',
  'coupon.expired',
  'coupon.wrong_product',
  'coupon.member_or_email_only',
  'coupon.member_only',
  'coupon.email_only',
  'coupon.used_up',
] as const;
export type CouponProblemCode = (typeof COUPON_CHECK_ORDER)[number];

export type CouponCheck =
  | { ok: true; discount: number; points: number }
  | { ok: false; code: CouponProblemCode; th: string; en: string };

/**
 * A "member" (สมาชิกเดิม, an existing member) for member-only coupons: status Premium (has bought
 * before), or holding any membership code but NL — NL is the code of the general public (spec 02 §6).
 */
export function isMember(buyer: CouponBuyer): boolean {
  return buyer.status === 'Premium' || buyer.membershipCodes.some((c) => c !== 'NL');
}

/** What a coupon takes off `price` (satang) and the coins it credits; see the type table above. */
export function couponDiscount(
  coupon: Pick<Coupon, 'type' | 'price' | 'percent' | 'point' | 'pay'>,
  price: number,
) {
  const cap = (n: number) => Math.max(0, Math.min(price, n));
  switch (coupon.type) {
    case 'All':
      return { discount: price, points: 0 };
    case 'Price':
      return { discount: cap(coupon.price ?? 0), points: 0 };
    case 'Percent': {
      const hundredths = Math.round(Math.max(0, coupon.percent ?? 0) * 100);
      return { discount: cap(mulDiv(price, hundredths, 100 * 100)), points: 0 };
    }
    case 'Pay':
      return { discount: coupon.pay === null ? 0 : cap(price - coupon.pay), points: 0 };
    case 'Point':
      return { discount: 0, points: Math.max(0, coupon.point ?? 0) };
  }
}

/** "HH:mm" of a stored time ("HH:mm" or "HH:mm:ss"): windows are kept to the minute. */
const minuteOf = (time: string | null, fallback: string) => (time ?? fallback).slice(0, 5);

function fail(code: CouponProblemCode): CouponCheck {
  return { ok: false, code, th: ERRORS[code].th, en: ERRORS[code].en };
}

/**
 * Spec 02 §5: the first check that fails, with its message, or the discount. The window and the
 * product come right after "no such coupon" (a coupon out of its time or for another product is,
 * to this buyer, no coupon at all — only more precisely said); then who may use it; then the limit.
 * Both member-only and e-mail-only: either suffices (check 2's message says "member OR listed
 * e-mail"); checks 3 and 4 are for a coupon with only that one flag.
 */
export function checkCoupon(coupon: Coupon | null | undefined, ctx: CouponContext): CouponCheck {
  if (!coupon) return fail('coupon.not_found');

  const now = bangkokMinute(ctx.now);
  if (coupon.start !== null && now < `${coupon.start} ${minuteOf(coupon.startTime, '00:00')}`) {
    return fail('coupon.not_started');
  }
  if (coupon.to !== null && now > `${coupon.to} ${minuteOf(coupon.toTime, '23:59')}`)
    return fail('coupon.expired');

  if (coupon.productScope === 'Only' && coupon.productId !== ctx.productId)
    return fail('coupon.wrong_product');

  const member = isMember(ctx.buyer);
  const memberOnly = coupon.memberOnly === 'Y';
  const emailOnly = coupon.emailOnly === 'Y';
  if (memberOnly && emailOnly) {
    if (!member && !ctx.emailListed) return fail('coupon.member_or_email_only');
  } else if (memberOnly && !member) {
    return fail('coupon.member_only');
  } else if (emailOnly && !ctx.emailListed) {
    return fail('coupon.email_only');
  }

  // the spec says "limit equals the count"; at or above is the same guard and survives a lost race
  if (coupon.limit !== null && ctx.usedCount >= coupon.limit) return fail('coupon.used_up');

  return { ok: true, ...couponDiscount(coupon, ctx.price) };
}

import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import { ProblemError } from '@rian/kit/errors';
import type { Principal } from '@rian/kit/tokens';
import { normalEmail } from '@rian/proto-contracts/price-rules';
import { Coupon, CouponEmail, type CouponEntity } from '../../entities/coupon.js';
import { Order } from '../../entities/order.js';
import { checkCoupon, type Coupon as CouponRule } from '../../domain/coupons.js';
import { HOLDS_NO_COUPON_USE } from '../../domain/order-status.js';

/** What redemption needs of a stored coupon. */
export const couponRule = (c: CouponEntity): CouponRule => ({
  id: c.id,
  code: c.code,
  productId: c.productId ?? null,
  productScope: c.productScope,
  type: c.type,
  price: c.price ?? null,
  percent: c.percent ?? null,
  point: c.point ?? null,
  pay: c.pay ?? null,
  start: c.start ?? null,
  startTime: c.startTime ?? null,
  to: c.to ?? null,
  toTime: c.toTime ?? null,
  limit: c.limit ?? null,
  memberOnly: c.memberOnly,
  emailOnly: c.emailOnly,
});

/** A code as the buyer typed it, as it is looked up: blanks around it are not part of it. */
export const couponCodeOf = (typed: string) => typed.trim();

export interface Redemption {
  coupon: CouponEntity;
  /** satang off the price */
  discount: number;
  /** coins the order detail is credited */
  points: number;
  /** orders already holding a use of it */
  usedCount: number;
}

/**
 * The one redemption of spec 02 §5, for the coupon check, the quote and checkout alike: the code
 * looked up as `couponCodeOf` reads it, the e-mail list, the uses held (every order not cancelled)
 * and `checkCoupon`. Checkout passes `lock`: the coupon row stays locked until its transaction
 * commits, so the count is exact however many buyers race for the last use. A failing check is
 * the spec's problem (Thai text from the error table).
 */
export async function redeemCoupon(
  em: EntityManager,
  a: { code: string; productId: string; price: number; principal: Principal; now: Date; lock?: boolean },
): Promise<Redemption> {
  const coupon = await em.findOne(
    Coupon,
    { code: couponCodeOf(a.code) },
    a.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
  );
  const email = a.principal.email ? normalEmail(a.principal.email) : null;
  // the list is read only for a coupon that asks for it (one round trip less while checkout holds the lock)
  const emailListed =
    !!coupon &&
    coupon.emailOnly === 'Y' &&
    !!email &&
    (await em.count(CouponEmail, { couponId: coupon.id, email, removed: false })) > 0;
  const usedCount = coupon
    ? await em.count(Order, { couponId: coupon.id, status: { $nin: [...HOLDS_NO_COUPON_USE] } })
    : 0;
  const check = checkCoupon(coupon ? couponRule(coupon) : null, {
    now: a.now,
    productId: a.productId,
    price: a.price,
    buyer: {
      email: a.principal.email ?? '',
      status: a.principal.status,
      membershipCodes: a.principal.membershipCodes ?? [],
    },
    emailListed,
    usedCount,
  });
  if (!check.ok) throw new ProblemError(check.code);
  if (!coupon) throw new ProblemError('coupon.not_found');
  return { coupon, discount: check.discount, points: check.points, usedCount };
}

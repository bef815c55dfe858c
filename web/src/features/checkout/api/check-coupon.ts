import { useMutation } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import type { CouponCheckBody, CouponCheckReply } from '@rian/proto-contracts/coupons';
import { api } from '@/lib/api-client';

export type CouponCheck = Static<typeof CouponCheckReply>;

/**
 * POST /api/orders/coupons/check — what the coupon takes off this price today, as checkout would
 * (nothing used up); else the spec's Thai problem (404 no such coupon, 403 members / e-mails only,
 * 409 used up, 422 not started / expired / another product).
 */
export function checkCoupon(body: CouponCheckBody): Promise<CouponCheck> {
  return api<CouponCheck>('/orders/coupons/check', { method: 'POST', body });
}

export function useCheckCoupon() {
  return useMutation({ mutationFn: checkCoupon });
}

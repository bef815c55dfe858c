import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { YesNo } from '@rian/proto-contracts/enums';
import type { CouponProductScope, CouponType } from '../domain/coupons.js';

/** A coupon (spec 02 §3 Coupon): money in satang, windows as Asia/Bangkok days and HH:mm. */
export const Coupon = defineEntity({
  name: 'Coupon',
  tableName: 'coupons',
  properties: {
    id: p.uuid().primary().fieldName('coupon_id'),
    code: p.string().length(64),
    name: p.string().length(200),
    detail: p.text().nullable(),
    productId: p.uuid().nullable(),
    productScope: p.string().$type<CouponProductScope>().length(4),
    type: p.string().$type<CouponType>().length(8),
    price: p.bigint('number').nullable(),
    percent: p.decimal('number').nullable(),
    point: p.integer().nullable(),
    pay: p.bigint('number').nullable(),
    year: p.integer().nullable(),
    month: p.integer().nullable(),
    day: p.integer().nullable(),
    hour: p.integer().nullable(),
    payment: p.string().length(50).nullable(),
    start: p.date().fieldName('start_date').nullable(),
    startTime: p.string().length(5).nullable(),
    to: p.date().fieldName('to_date').nullable(),
    toTime: p.string().length(5).nullable(),
    limit: p.integer().nullable(),
    memberOnly: p.string().$type<YesNo>().length(1),
    emailOnly: p.string().$type<YesNo>().length(1),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type CouponEntity = InferEntity<typeof Coupon>;

/** An e-mail an e-mail-only coupon is for (removed = soft deleted; re-adding restores it). */
export const CouponEmail = defineEntity({
  name: 'CouponEmail',
  tableName: 'coupon_emails',
  properties: {
    couponId: p.uuid().primary(),
    email: p.string().length(254).primary(),
    /** the back office's handle on one entry */
    id: p.uuid().unique(),
    removed: p.boolean(),
  },
});
export type CouponEmailEntity = InferEntity<typeof CouponEmail>;

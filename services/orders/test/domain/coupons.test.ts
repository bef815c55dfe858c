import { describe, expect, it } from 'vitest';
import {
  checkCoupon,
  couponDiscount,
  isMember,
  type Coupon,
  type CouponContext,
} from '../../src/domain/coupons.js';

const PRODUCT = '0190a000-0000-7000-8000-000000000001';
const OTHER_PRODUCT = '0190a000-0000-7000-8000-000000000002';

/** SAVE200: 200.00 off product PRODUCT, 1 April 09:00 to 30 April 18:00 (Bangkok), 10 uses. */
const coupon = (extra: Partial<Coupon> = {}): Coupon => ({
  id: '0190a000-0000-7000-8000-0000000000c1',
  code: 'SAVE200',
  productId: PRODUCT,
  productScope: 'Only',
  type: 'Price',
  price: 20_000,
  percent: null,
  point: null,
  pay: null,
  start: '2026-04-01',
  startTime: '09:00',
  to: '2026-04-30',
  toTime: '18:00',
  limit: 10,
  memberOnly: 'N',
  emailOnly: 'N',
  ...extra,
});

/** A new visitor (status New, no membership codes, e-mail not listed) buying PRODUCT at 1,500.00 on 15 April noon. */
const context = (extra: Partial<CouponContext> = {}): CouponContext => ({
  now: new Date('2026-04-15T05:00:00Z'), // 12:00 in Bangkok
  productId: PRODUCT,
  price: 150_000,
  buyer: { email: 'somchai@example.com', status: 'New', membershipCodes: [] },
  emailListed: false,
  usedCount: 0,
  ...extra,
});

const newVisitor = { email: 'somchai@example.com', status: 'New' as const, membershipCodes: [] };
const premium = { email: 'malee@example.com', status: 'Premium' as const, membershipCodes: [] };
const sptr = { email: 'wichai@example.com', status: 'New' as const, membershipCodes: ['SPTR'] };

describe('coupon redemption: each message of spec 02 §5 from the case that causes it', () => {
  it('1. no such coupon → "ไม่มีรหัสคูปองนี้"', () => {
    expect(checkCoupon(null, context())).toEqual({
      ok: false,
      code: 'coupon.not_found',
      th: 'ไม่มีรหัสคูปองนี้',
      en: 'This coupon code does not exist',
    });
  });

  it('2. member-only and e-mail-only, buyer neither a member nor listed → "…สมาชิกเดิม หรือ Email ที่กำหนดใว้"', () => {
    const r = checkCoupon(coupon({ memberOnly: 'Y', emailOnly: 'Y' }), context({ buyer: newVisitor }));
    expect(r).toMatchObject({
      ok: false,
      code: 'coupon.member_or_email_only',
      th: 'รหัสคูปองนี้ ใช้ได้กับ สมาชิกเดิม หรือ Email ที่กำหนดใว้',
    });
  });

  it('3. member-only, buyer not a member → "รหัสคูปองนี้ ใช้ได้กับ สมาชิกเดิม เท่านั้น"', () => {
    const r = checkCoupon(coupon({ memberOnly: 'Y' }), context({ buyer: newVisitor }));
    expect(r).toMatchObject({
      ok: false,
      code: 'coupon.member_only',
      th: 'รหัสคูปองนี้ ใช้ได้กับ สมาชิกเดิม เท่านั้น',
    });
  });

  it('4. e-mail-only, buyer\'s e-mail not listed → "รหัสคูปองนี้ ใช้ได้กับ Email ที่กำหนดใว้"', () => {
    const r = checkCoupon(coupon({ emailOnly: 'Y' }), context({ emailListed: false }));
    expect(r).toMatchObject({
      ok: false,
      code: 'coupon.email_only',
      th: 'รหัสคูปองนี้ ใช้ได้กับ Email ที่กำหนดใว้',
    });
  });

  it('5. limit 10 and 10 orders already use it → "รหัสคูปองนี้ ถูกใช้ครบเเล้ว"', () => {
    const r = checkCoupon(coupon({ limit: 10 }), context({ usedCount: 10 }));
    expect(r).toMatchObject({ ok: false, code: 'coupon.used_up', th: 'รหัสคูปองนี้ ถูกใช้ครบเเล้ว' });
  });

  it('otherwise applied: 9 of 10 used → 200.00 off', () => {
    expect(checkCoupon(coupon({ limit: 10 }), context({ usedCount: 9 }))).toEqual({
      ok: true,
      discount: 20_000,
      points: 0,
    });
  });

  it('limit null means unlimited: 10,000 uses so far still applies', () => {
    expect(checkCoupon(coupon({ limit: null }), context({ usedCount: 10_000 }))).toMatchObject({ ok: true });
  });
});

describe('coupon window (dates and times in Asia/Bangkok) and product', () => {
  it.each([
    ['1 April 08:59 Bangkok (01:59 UTC): not yet', '2026-04-01T01:59:00Z', 'coupon.not_started'],
    ['1 April 09:00 Bangkok: open from that minute', '2026-04-01T02:00:00Z', null],
    ['30 April 18:00 Bangkok (11:00 UTC): its last minute', '2026-04-30T11:00:59Z', null],
    ['30 April 18:01 Bangkok: expired', '2026-04-30T11:01:00Z', 'coupon.expired'],
    [
      '31 March 23:30 UTC is 1 April 06:30 in Bangkok: not yet (a UTC clock would say 31 March)',
      '2026-03-31T23:30:00Z',
      'coupon.not_started',
    ],
  ])('%s', (_case, at, code) => {
    const r = checkCoupon(coupon(), context({ now: new Date(at) }));
    if (code === null) expect(r).toMatchObject({ ok: true });
    else expect(r).toMatchObject({ ok: false, code });
  });

  it('messages for not yet open, expired and another product', () => {
    expect(checkCoupon(coupon(), context({ now: new Date('2026-03-01T00:00:00Z') }))).toMatchObject({
      th: 'รหัสคูปองนี้ ยังไม่ถึงเวลาใช้งาน',
      en: 'This coupon code cannot be used yet',
    });
    expect(checkCoupon(coupon(), context({ now: new Date('2026-05-01T00:00:00Z') }))).toMatchObject({
      th: 'รหัสคูปองนี้ หมดอายุแล้ว',
      en: 'This coupon code has expired',
    });
    expect(checkCoupon(coupon(), context({ productId: OTHER_PRODUCT }))).toMatchObject({
      ok: false,
      code: 'coupon.wrong_product',
      th: 'รหัสคูปองนี้ ใช้ไม่ได้กับสินค้านี้',
    });
  });

  it('a date without a time: from 00:00 of the start day to 23:59 of the last day (Bangkok)', () => {
    const allDay = coupon({ startTime: null, toTime: null });
    // 31 March 17:00 UTC = 1 April 00:00 Bangkok
    expect(checkCoupon(allDay, context({ now: new Date('2026-03-31T17:00:00Z') }))).toMatchObject({
      ok: true,
    });
    expect(checkCoupon(allDay, context({ now: new Date('2026-03-31T16:59:00Z') }))).toMatchObject({
      code: 'coupon.not_started',
    });
    // 30 April 16:59 UTC = 23:59 Bangkok; 17:00 UTC = 1 May
    expect(checkCoupon(allDay, context({ now: new Date('2026-04-30T16:59:00Z') }))).toMatchObject({
      ok: true,
    });
    expect(checkCoupon(allDay, context({ now: new Date('2026-04-30T17:00:00Z') }))).toMatchObject({
      code: 'coupon.expired',
    });
  });

  it('times stored with seconds (HH:mm:ss) keep the same minute boundaries', () => {
    const c = coupon({ startTime: '09:00:00', toTime: '18:00:00' });
    expect(checkCoupon(c, context({ now: new Date('2026-04-01T02:00:00Z') }))).toMatchObject({ ok: true });
    expect(checkCoupon(c, context({ now: new Date('2026-04-30T11:00:30Z') }))).toMatchObject({ ok: true });
  });

  it('no dates: always open', () => {
    const c = coupon({ start: null, startTime: null, to: null, toTime: null });
    expect(checkCoupon(c, context({ now: new Date('2030-01-01T00:00:00Z') }))).toMatchObject({ ok: true });
  });

  it('product type All: any product; Only without a product: none', () => {
    expect(
      checkCoupon(coupon({ productScope: 'All', productId: null }), context({ productId: OTHER_PRODUCT })),
    ).toMatchObject({ ok: true });
    expect(checkCoupon(coupon({ productId: null }), context())).toMatchObject({
      code: 'coupon.wrong_product',
    });
  });
});

describe('who may use a coupon', () => {
  it('"member" = status Premium, or any membership code but NL (the general public)', () => {
    expect(isMember(premium)).toBe(true);
    expect(isMember(sptr)).toBe(true);
    expect(isMember({ ...newVisitor, membershipCodes: ['CG3'] })).toBe(true);
    expect(isMember({ ...newVisitor, membershipCodes: ['NL'] })).toBe(false);
    expect(isMember(newVisitor)).toBe(false);
    expect(isMember({ ...newVisitor, status: 'Wait' })).toBe(false);
  });

  it('member-only: a Premium buyer or one holding SPTR may use it; NL alone may not', () => {
    const c = coupon({ memberOnly: 'Y' });
    expect(checkCoupon(c, context({ buyer: premium }))).toMatchObject({ ok: true });
    expect(checkCoupon(c, context({ buyer: sptr }))).toMatchObject({ ok: true });
    expect(checkCoupon(c, context({ buyer: { ...newVisitor, membershipCodes: ['NL'] } }))).toMatchObject({
      code: 'coupon.member_only',
    });
  });

  it('e-mail-only: a listed e-mail may use it', () => {
    expect(checkCoupon(coupon({ emailOnly: 'Y' }), context({ emailListed: true }))).toMatchObject({
      ok: true,
    });
  });

  it('both flags: a member who is not listed, or a listed buyer who is not a member, may use it', () => {
    const c = coupon({ memberOnly: 'Y', emailOnly: 'Y' });
    expect(checkCoupon(c, context({ buyer: premium, emailListed: false }))).toMatchObject({ ok: true });
    expect(checkCoupon(c, context({ buyer: newVisitor, emailListed: true }))).toMatchObject({ ok: true });
  });
});

describe("the first failing check wins, in the spec's order", () => {
  it.each<[string, Partial<Coupon>, Partial<CouponContext>, string]>([
    [
      'expired and used up → expired',
      {},
      { now: new Date('2026-05-02T00:00:00Z'), usedCount: 10 },
      'coupon.expired',
    ],
    [
      'another product and member-only → wrong product',
      { memberOnly: 'Y' },
      { productId: OTHER_PRODUCT },
      'coupon.wrong_product',
    ],
    [
      'both flags, neither, and used up → member or e-mail',
      { memberOnly: 'Y', emailOnly: 'Y' },
      { usedCount: 10 },
      'coupon.member_or_email_only',
    ],
    ['member-only and used up → member only', { memberOnly: 'Y' }, { usedCount: 10 }, 'coupon.member_only'],
    ['e-mail-only and used up → e-mail only', { emailOnly: 'Y' }, { usedCount: 10 }, 'coupon.email_only'],
    [
      'listed, but used up → used up',
      { emailOnly: 'Y' },
      { emailListed: true, usedCount: 10 },
      'coupon.used_up',
    ],
  ])('%s', (_case, c, ctx, code) => {
    expect(checkCoupon(coupon(c), context(ctx))).toMatchObject({ ok: false, code });
  });
});

describe('what each coupon type takes off (worked by hand, satang)', () => {
  const none = { price: null, percent: null, point: null, pay: null };
  it.each<[string, Partial<Coupon>, number, { discount: number; points: number }]>([
    ['All on 1,500.00: the whole price', { type: 'All' }, 150_000, { discount: 150_000, points: 0 }],
    [
      'Price 200.00 on 1,500.00: 200.00',
      { type: 'Price', price: 20_000 },
      150_000,
      { discount: 20_000, points: 0 },
    ],
    [
      'Price 2,000.00 on 1,500.00: capped at 1,500.00',
      { type: 'Price', price: 200_000 },
      150_000,
      { discount: 150_000, points: 0 },
    ],
    [
      'Percent 10 on 1,500.00: 150.00',
      { type: 'Percent', percent: 10 },
      150_000,
      { discount: 15_000, points: 0 },
    ],
    [
      'Percent 12.5 on 999.99: 124.99875 → 125.00 (half up)',
      { type: 'Percent', percent: 12.5 },
      99_999,
      { discount: 12_500, points: 0 },
    ],
    [
      'Percent 33.33 on 100.00: 33.33',
      { type: 'Percent', percent: 33.33 },
      10_000,
      { discount: 3_333, points: 0 },
    ],
    [
      'Percent 7 on 0.50: 0.035 → 0.04 (half up)',
      { type: 'Percent', percent: 7 },
      50,
      { discount: 4, points: 0 },
    ],
    [
      'Percent 150 on 1,500.00: capped at 1,500.00',
      { type: 'Percent', percent: 150 },
      150_000,
      { discount: 150_000, points: 0 },
    ],
    [
      'Pay 999.00 on 1,500.00: pays 999.00, so 501.00 off',
      { type: 'Pay', pay: 99_900 },
      150_000,
      { discount: 50_100, points: 0 },
    ],
    [
      'Pay 2,000.00 on 1,500.00: nothing off',
      { type: 'Pay', pay: 200_000 },
      150_000,
      { discount: 0, points: 0 },
    ],
    [
      'Point 500: nothing off, 500 coins',
      { type: 'Point', point: 500 },
      150_000,
      { discount: 0, points: 500 },
    ],
    [
      'Price without an amount (misconfigured): nothing off',
      { type: 'Price' },
      150_000,
      { discount: 0, points: 0 },
    ],
  ])('%s', (_working, c, price, expected) => {
    expect(couponDiscount({ type: 'All', ...none, ...c }, price)).toEqual(expected);
  });

  it("checkCoupon answers the discount of the coupon's type on the price being paid", () => {
    expect(
      checkCoupon(coupon({ type: 'Percent', price: null, percent: 10 }), context({ price: 150_000 })),
    ).toEqual({
      ok: true,
      discount: 15_000,
      points: 0,
    });
  });
});

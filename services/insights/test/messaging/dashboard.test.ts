import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent } from '@rian/proto-contracts/envelope';
import { UserRegistered } from '@rian/proto-contracts/auth';
import { PaymentApproved, SlipSubmitted } from '@rian/proto-contracts/payments';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, order, startInsights } from '../helpers.js';

/**
 * The dashboard's figures from events replayed into insights' read models; every expected number is
 * worked by hand in the comments.
 */
describe('the staff dashboard from replayed events', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let issuer: TestTokenIssuer;
  let orders: TestBus;
  let payments: TestBus;
  let auth: TestBus;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startInsights(env, issuer);
    orders = await TestBus.open(env, 'orders');
    payments = await TestBus.open(env, 'payments');
    auth = await TestBus.open(env, 'auth');
  });
  afterAll(async () => {
    await Promise.all([orders?.close(), payments?.close(), auth?.close()]);
    await app?.close();
    await env?.cleanup();
  });

  const dashboard = async (query: string) =>
    app.inject({
      method: 'GET',
      url: `/admin/dashboard?${query}`,
      headers: bearer(await issuer.staff('staff')),
    });

  it('counts sales per Bangkok day, coupons, payment types, products, waiting orders and slips; a replay counts once', async () => {
    const course = uuidv7();
    const book = uuidv7();
    // A: 1,500.00 THB course, a 300.00 coupon, transfer, paid 2026-03-01T16:30Z = 23:30 Bangkok on 1 March
    const a = order({
      productId: course,
      total: 150_000,
      discount: 30_000,
      couponId: uuidv7(),
      createdAt: '2026-03-01T16:00:00.000Z',
      paidAt: '2026-03-01T16:30:00.000Z',
      productTitle: 'Price Action',
      membershipCode: 'SPTR',
    });
    // B: 990.00 THB book, no coupon, card, paid 2026-03-01T17:10Z = 00:10 Bangkok on 2 March
    const b = order({
      productId: book,
      total: 99_000,
      discount: 0,
      paymentType: 1,
      createdAt: '2026-03-01T17:05:00.000Z',
      paidAt: '2026-03-01T17:10:00.000Z',
      productTitle: 'Forex Book',
    });
    // C: placed, never paid (waits)
    const c = order({
      productId: course,
      total: 150_000,
      discount: 0,
      createdAt: '2026-03-02T03:00:00.000Z',
      paidAt: '2026-03-02T03:00:00.000Z',
    });

    for (const e of [a.created, a.paid, b.created, b.paid, c.created]) await orders.deliver(e, 'insights');
    // the same paid event delivered again (another message id): the inbox skips it
    await orders.deliver(a.paid, 'insights', `${a.paid.id}-again`);

    const slip = (slipId: string, orderId: string) => ({
      slipId,
      attemptId: uuidv7(),
      orderId,
      orderNo: 1,
      reference: 'R-1',
      userId: uuidv7(),
      period: null,
      amount: 150_000,
    });
    const s1 = uuidv7();
    const s2 = uuidv7();
    await payments.deliver(
      buildEvent(
        SlipSubmitted,
        {
          ...slip(s1, c.orderId),
          paymentDate: '2026-03-02',
          paymentTime: '10:00',
          submittedAt: '2026-03-02T03:10:00.000Z',
        },
        { source: 'payments' },
      ),
      'insights',
    );
    await payments.deliver(
      buildEvent(
        SlipSubmitted,
        {
          ...slip(s2, a.orderId),
          paymentDate: '2026-03-01',
          paymentTime: '23:00',
          submittedAt: '2026-03-01T16:05:00.000Z',
        },
        { source: 'payments' },
      ),
      'insights',
    );
    await payments.deliver(
      buildEvent(
        PaymentApproved,
        {
          ...slip(s2, a.orderId),
          method: 'slip',
          approvedBy: uuidv7(),
          approvedAt: '2026-03-01T16:30:00.000Z',
        },
        { source: 'payments' },
      ),
      'insights',
    );
    // a member registered at 2026-03-01T18:00Z = 01:00 Bangkok on 2 March
    await auth.deliver(
      buildEvent(
        UserRegistered,
        {
          userId: uuidv7(),
          email: 'somchai@example.com',
          firstName: 'สมชาย',
          lastName: 'ใจดี',
          nickname: null,
          phone: '0812345678',
          status: 'New',
          memberCode: 'M0001',
          registeredAt: '2026-03-01T18:00:00.000Z',
        },
        { source: 'auth' },
      ),
      'insights',
    );

    // 1 March alone: only A (1,500.00 − 300.00 = 1,200.00), one coupon; a Premium (SPTR) purchase is
    // no Premium conversion by itself (D144: auth's status change is)
    const first = await dashboard('from=2026-03-01&to=2026-03-01&bucket=day');
    expect(first.statusCode).toBe(200);
    expect(first.json().sales.total).toEqual({ orders: 1, gross: 150_000, discounts: 30_000, net: 120_000 });
    expect(first.json().couponsUsed).toBe(1);
    expect(first.json().members).toMatchObject({ newMembers: 0, premiumConversions: 0 });

    // 1–2 March by day: A on the 1st, B on the 2nd (after Bangkok midnight); totals 2,490.00 gross,
    // 300.00 off, 2,190.00 net; transfer 1,200.00, card 990.00
    const both = (await dashboard('from=2026-03-01&to=2026-03-02&bucket=day')).json();
    expect(both.sales.series).toEqual([
      { bucket: '2026-03-01', orders: 1, gross: 150_000, discounts: 30_000, net: 120_000 },
      { bucket: '2026-03-02', orders: 1, gross: 99_000, discounts: 0, net: 99_000 },
    ]);
    expect(both.sales.total).toEqual({ orders: 2, gross: 249_000, discounts: 30_000, net: 219_000 });
    expect(both.sales.byPaymentType).toEqual([
      { key: '4', orders: 1, net: 120_000 },
      { key: '1', orders: 1, net: 99_000 },
    ]);
    expect(both.sales.byProduct).toEqual([
      { key: course, name: 'Price Action', orders: 1, net: 120_000 },
      { key: book, name: 'Forex Book', orders: 1, net: 99_000 },
    ]);
    // C waits; of the two slips, one was approved
    expect(both.waiting).toMatchObject({ ordersWaiting: 1, slipsToReview: 1 });
    expect(both.members).toMatchObject({ newMembers: 1, premiumConversions: 0 });

    // by week: 1 March is a Sunday (week of Mon 23 Feb), 2 March a Monday (its own week)
    const weeks = (await dashboard('from=2026-03-01&to=2026-03-02&bucket=week')).json();
    expect(weeks.sales.series.map((p: { bucket: string; net: number }) => [p.bucket, p.net])).toEqual([
      ['2026-02-23', 120_000],
      ['2026-03-02', 99_000],
    ]);
    // by month: both in March
    const months = (await dashboard('from=2026-03-01&to=2026-03-02&bucket=month')).json();
    expect(months.sales.series).toEqual([
      { bucket: '2026-03-01', orders: 2, gross: 249_000, discounts: 30_000, net: 219_000 },
    ]);
  });

  it('refuses a range that ends before it starts or spans more than 366 days, with Thai text', async () => {
    const backwards = await dashboard('from=2026-03-02&to=2026-03-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().detail ?? backwards.json().title).toMatch(/ช่วงวันที่ไม่ถูกต้อง/);
    expect((await dashboard('from=2025-01-01&to=2026-03-01')).statusCode).toBe(400);
    expect((await dashboard('from=2026-13-01&to=2026-03-01')).statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { CheckoutQuote, OrderView } from '@rian/proto-contracts/orders';
import type { AdminOrderRow } from '@rian/proto-contracts/orders-admin';
import {
  CatalogBus,
  newId,
  planChanged,
  priceChanged,
  productChanged,
  rows,
  TestClock,
  startOrders,
} from '../../helpers.js';

/**
 * POST /checkout/quote: checkout's body, checkout's rules, nothing written. Compared with what
 * POST /checkout then stores for the same body.
 *
 * Bangkok day 15 April 2026. GOLD: NL price 10,000.00 (fee flag N); plan "3 instalments" in April.
 * Coupon SAVE500: 500.00 off GOLD, limit 1 (so a use taken by a quote would show at once).
 */
describe('the checkout quote', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let bus: CatalogBus;
  let issuer: TestTokenIssuer;
  const clock = new TestClock(new Date('2026-04-15T05:00:00Z'));
  const gold = newId();
  const nl = newId();
  const plan3 = newId();
  const company = {
    type: 'company',
    name: 'บริษัท ตัวอย่าง จำกัด',
    taxId: '0105551234567',
    address: '1 ถนนสีลม',
    province: 'กรุงเทพมหานคร',
    district: 'บางรัก',
    subDistrict: 'สีลม',
    zip: '10500',
    phone: '0812345678',
  };

  const member = (sub = newId()) =>
    issuer.member(sub, { membershipCodes: ['NL'], email: `${sub}@example.com` });
  const post = (url: string, token: string, payload: Record<string, unknown>, key?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const ordersOf = async (userId: string) =>
    Number((await rows(app, 'select count(*)::int as n from orders where user_id = ?', [userId]))[0]!.n);

  async function seedCoupon(code: string, limit: number | null): Promise<string> {
    const id = newId();
    await rows(
      app,
      `insert into coupons (coupon_id, code, product_id, type, price, "limit") values (?, ?, ?, 'Price', 50000, ?) returning coupon_id`,
      [id, code, gold, limit],
    );
    return id;
  }

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startOrders(env, clock, { tokenKeys: issuer.keys });
    bus = await CatalogBus.open(env);
    for (const e of [
      productChanged(gold, { coinPay: 'N' }),
      priceChanged(gold, nl, { member: 'NL', value: 1_000_000 }),
      planChanged(gold, plan3, { count: 3, start: '2026-04-01', to: '2026-04-30' }),
    ]) {
      await bus.deliver(e);
    }
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await env?.cleanup();
  });

  it.each([
    [
      'transfer (4), company, coupon 500: amount 9,500; withholding round(9,500 × 3 / 107 = 266.36) = 266.36; net 9,233.64',
      4,
      { total: 1_000_000, discount: 50_000, vat: 62_150, fee: 0, withholding: 26_636, net: 923_364 },
      [] as number[],
    ],
    [
      'card (1), company, coupon 500: fee 3% of 9,500 = 285.00; net 9,500 + 285 − 266.36 = 9,518.64',
      1,
      { total: 1_000_000, discount: 50_000, vat: 62_150, fee: 28_500, withholding: 26_636, net: 951_864 },
      [] as number[],
    ],
    [
      'instalments (8) of the 3-plan, company, coupon 500: net 9,233.64 → ⌈3,077.88⌉ = 3,078, 3,078, last 3,077.64',
      8,
      { total: 1_000_000, discount: 50_000, vat: 62_150, fee: 0, withholding: 26_636, net: 923_364 },
      [307_800, 307_800, 307_764],
    ],
  ])(
    '%s — the quote is what checkout then stores, and the quote writes nothing',
    async (_w, paymentType, amounts, each) => {
      const sub = newId();
      const token = await member(sub);
      const code = `Q${newId().slice(-8)}`;
      await seedCoupon(code, 1);
      const body = { productId: gold, priceId: nl, paymentType, couponCode: code, receipt: company };

      const quoted = await post('/checkout/quote', token, body);
      expect(quoted.statusCode).toBe(200);
      const quote = quoted.json<CheckoutQuote>();
      expect(quote).toMatchObject({ ...amounts, couponCode: code, priceId: nl, paymentType });
      expect(quote.installments.map((i) => i.amount)).toEqual(each);
      expect(quote.planId).toBe(paymentType === 8 ? plan3 : null);
      // no order written, and the coupon's only use is still there: a second quote is answered alike
      expect(await ordersOf(sub)).toBe(0);
      expect((await post('/checkout/quote', await member(), body)).json<CheckoutQuote>()).toEqual(quote);

      const placed = await post('/checkout', token, body, `quote-${newId()}`);
      expect(placed.statusCode).toBe(201);
      const order = placed.json<{ order: OrderView }>().order;
      const {
        installments: _q,
        productId: _p,
        priceId: _pr,
        planId: _pl,
        coin: _c,
        ...quotedAmounts
      } = quote;
      expect(order).toMatchObject({ ...quotedAmounts, paymentType });
      expect(order.installments.map(({ status: _s, ...row }) => row)).toEqual(quote.installments);
      if (paymentType === 8) {
        expect(quote.installments.map((i) => i.dueDate)).toEqual(['2026-04-15', '2026-05-15', '2026-06-15']);
      }

      // now the use is taken: the quote says so as checkout would
      const after = await post('/checkout/quote', await member(), body);
      expect(after.statusCode).toBe(409);
      expect(after.json()).toMatchObject({ code: 'coupon.used_up' });
    },
  );

  it('refuses what checkout refuses, as problem+json, and writes nothing', async () => {
    const sub = newId();
    const token = await member(sub);
    const unknown = await post('/checkout/quote', token, { productId: newId(), priceId: nl, paymentType: 4 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    expect(unknown.json()).toMatchObject({ code: 'orders.product_not_found' });
    const noCoupon = await post('/checkout/quote', token, {
      productId: gold,
      priceId: nl,
      paymentType: 4,
      couponCode: 'NO-SUCH-CODE',
    });
    expect(noCoupon.statusCode).toBe(404);
    expect(noCoupon.json()).toMatchObject({ code: 'coupon.not_found', detail: 'ไม่มีรหัสคูปองนี้' });
    const anonymous = await app.inject({
      method: 'POST',
      url: '/checkout/quote',
      payload: { productId: gold, priceId: nl, paymentType: 4 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await ordersOf(sub)).toBe(0);
  });

  it('reads " CODE " as CODE in the coupon check, the quote and checkout alike (one redemption)', async () => {
    const code = `T${newId().slice(-8).toUpperCase()}`;
    await seedCoupon(code, null);
    const sub = newId();
    const token = await member(sub);
    const typed = `  ${code} `;

    const check = await post('/coupons/check', token, { code: typed, productId: gold, priceId: nl });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ code, discount: 50_000 });

    const body = { productId: gold, priceId: nl, paymentType: 4, couponCode: typed };
    const quote = await post('/checkout/quote', token, body);
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({ couponCode: code, discount: 50_000 });

    const placed = await post('/checkout', token, body, `trim-${newId()}`);
    expect(placed.statusCode).toBe(201);
    expect(placed.json<{ order: OrderView }>().order).toMatchObject({ couponCode: code, discount: 50_000 });
  });

  it('names the coupon by its code wherever an order shows it: the member view, the admin list and detail', async () => {
    const code = `N${newId().slice(-8).toUpperCase()}`;
    const couponId = await seedCoupon(code, null);
    const sub = newId();
    const token = await member(sub);
    const placed = await post(
      '/checkout',
      token,
      { productId: gold, priceId: nl, paymentType: 4, couponCode: code },
      `code-${newId()}`,
    );
    const order = placed.json<{ order: OrderView }>().order;
    expect(order).toMatchObject({ couponId, couponCode: code });

    const mine = await app.inject({
      method: 'GET',
      url: `/orders/${order.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.json<OrderView>()).toMatchObject({ couponId, couponCode: code });

    const staff = { authorization: `Bearer ${await issuer.staff('staff', newId())}` };
    const list = await app.inject({
      method: 'GET',
      url: `/admin/orders?q=${order.reference}`,
      headers: staff,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ items: AdminOrderRow[] }>().items).toMatchObject([{ id: order.id, couponCode: code }]);
    const detail = await app.inject({ method: 'GET', url: `/admin/orders/${order.id}`, headers: staff });
    expect(detail.json()).toMatchObject({ couponId, couponCode: code });

    const without = await post(
      '/checkout',
      token,
      { productId: gold, priceId: nl, paymentType: 4 },
      `none-${newId()}`,
    );
    expect(without.json<{ order: OrderView }>().order).toMatchObject({ couponId: null, couponCode: null });
  });
});

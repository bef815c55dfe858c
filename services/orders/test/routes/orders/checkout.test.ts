import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { OrderCreated, type OrderView } from '@rian/proto-contracts/orders';
import { computeAmounts } from '../../../src/domain/money.js';
import {
  CatalogBus,
  newId,
  planChanged,
  priceChanged,
  productChanged,
  productDeleted,
  rows,
  TestClock,
  startOrders,
} from '../../helpers.js';

/**
 * POST /checkout, GET /orders/mine, GET /orders/:id against the real PostgreSQL, NATS and Redis.
 * Catalog never runs in this file: orders knows the products only from catalog events published
 * into the CATALOG stream (the read model), so every checkout here is one "with catalog stopped".
 *
 * Bangkok day 15 April 2026 (clock 05:00 UTC = 12:00 in Bangkok).
 *   GOLD (coin pay N): NL price 1,500.00 (fee flag N), SPTR price 1,350.00 (fee flag Y);
 *                      plan "3 instalments" for anyone in April
 *   COIN (coin pay Y): NL price 900.00; no plan
 */
describe('checkout and orders', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let bus: CatalogBus;
  let issuer: TestTokenIssuer;
  const clock = new TestClock(new Date('2026-04-15T05:00:00Z'));
  const gold = newId();
  const coin = newId();
  const price = { nl: newId(), sptr: newId(), coinNl: newId() };
  const plan3 = newId();

  const member = (sub = newId(), codes = ['NL'], extra: Record<string, unknown> = {}) =>
    issuer.member(sub, { membershipCodes: codes, email: `${sub}@example.com`, ...extra });

  let keyN = 0;
  const checkout = (token: string, body: Record<string, unknown>, key: string | null = `key-${++keyN}`) =>
    app.inject({
      method: 'POST',
      url: '/checkout',
      headers: { authorization: `Bearer ${token}`, ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: body,
    });
  const goldNl = { productId: gold, priceId: price.nl, paymentType: 4 };

  async function seedCoupon(code: string, cols: Record<string, unknown> = {}): Promise<string> {
    const id = newId();
    const all = { coupon_id: id, code, product_id: gold, type: 'Price', price: 10_000, ...cols };
    const names = Object.keys(all).map((k) => (k === 'limit' ? '"limit"' : k));
    await rows(
      app,
      `insert into coupons (${names.join(', ')}) values (${names.map(() => '?').join(', ')}) returning coupon_id`,
      Object.values(all),
    );
    return id;
  }
  const ordersOf = async (userId: string) =>
    Number((await rows(app, 'select count(*)::int as n from orders where user_id = ?', [userId]))[0]!.n);

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startOrders(env, clock, { tokenKeys: issuer.keys });
    bus = await CatalogBus.open(env);
    for (const e of [
      productChanged(gold, { coinPay: 'N' }),
      productChanged(coin, { coinPay: 'Y', price: 90_000 }),
      priceChanged(gold, price.nl, { member: 'NL', value: 150_000 }),
      priceChanged(gold, price.sptr, { type: 'EB', member: 'SPTR', value: 135_000, fee: 'Y' }),
      priceChanged(coin, price.coinNl, { member: 'NL', value: 90_000 }),
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

  describe('placing an order', () => {
    it('bank transfer, company receipt: 201 with the amounts of computeAmounts, reference SPSK + 10 digits, status wait', async () => {
      const sub = newId();
      const res = await checkout(await member(sub), {
        ...goldNl,
        receipt: {
          type: 'company',
          name: 'บริษัท ตัวอย่าง จำกัด',
          taxId: '0105551234567',
          address: '1 ถนนสีลม',
          province: 'กรุงเทพมหานคร',
          district: 'บางรัก',
          subDistrict: 'สีลม',
          zip: '10500',
          phone: '0812345678',
        },
      });
      expect(res.statusCode).toBe(201);
      const order = res.json<{ order: OrderView }>().order;
      // 1,500.00 transfer, company: vat 150000 − round(150000×100/107 = 140186.9) = 9813;
      // withholding round(150000×3/107 = 4205.6) = 4206; net 150000 − 4206 = 145794
      const expected = computeAmounts({
        price: 150_000,
        discount: 0,
        paymentType: 4,
        feeWaived: false,
        receiptType: 'company',
      });
      expect(expected).toMatchObject({ vat: 9_813, withholding: 4_206, net: 145_794 });
      expect(order).toMatchObject({
        userId: sub,
        status: 'wait',
        paymentType: 4,
        total: expected.total,
        discount: 0,
        vat: expected.vat,
        fee: 0,
        withholding: expected.withholding,
        net: expected.net,
        receipt: 'Y',
        receiptType: 'company',
        couponId: null,
        productTitle: 'คอร์สเทรดทองคำ (Gold trading)',
        receiptInfo: expect.objectContaining({ type: 'company', taxId: '0105551234567', zip: '10500' }),
        invite: null,
        installments: [],
        details: [{ productId: gold, priceId: price.nl, price: 150_000, discount: 0, net: 150_000, coin: 0 }],
      });
      expect(order.reference).toBe(`SPSK${String(order.orderNo).padStart(10, '0')}`);

      // the event carries what payments needs, and matches its contract
      const events = await eventually(async () => {
        const all = await publishedEvents(env.namespace, 'orders', 'orders.order.created');
        const mine = all.filter((e) => (e.data as { orderId: string }).orderId === order.id);
        return mine.length ? mine : undefined;
      }, 15_000);
      expect(events).toHaveLength(1);
      expect(Value.Check(OrderCreated.schema, events[0]!.data)).toBe(true);
      expect(events[0]!.data).toMatchObject({
        orderId: order.id,
        userId: sub,
        // staff see who sent a slip (payments keeps it for /admin/ordersConfirm)
        userEmail: `${sub}@example.com`,
        paymentType: 4,
        net: 145_794,
        withholding: 4_206,
        receiptType: 'company',
        schedule: [],
      });
    });

    it('card with a Price coupon of 100.00: fee 3% of 1,400.00 = 42.00 on top', async () => {
      await seedCoupon('CARD100');
      const res = await checkout(await member(), { ...goldNl, paymentType: 1, couponCode: 'CARD100' });
      expect(res.statusCode).toBe(201);
      const order = res.json<{ order: OrderView }>().order;
      const expected = computeAmounts({
        price: 150_000,
        discount: 10_000,
        paymentType: 1,
        feeWaived: false,
        receiptType: 'none',
      });
      expect(expected).toMatchObject({ fee: 4_200, net: 144_200 });
      expect(order).toMatchObject({
        discount: 10_000,
        fee: 4_200,
        net: 144_200,
        vat: expected.vat,
        receipt: 'N',
      });
      expect(order.details[0]).toMatchObject({ discount: 10_000, net: 140_000 });
    });

    it('card at the SPTR price whose fee flag is Y: no fee (1,350.00 net)', async () => {
      const res = await checkout(await member(newId(), ['SPTR']), {
        productId: gold,
        priceId: price.sptr,
        paymentType: 1,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json<{ order: OrderView }>().order).toMatchObject({ total: 135_000, fee: 0, net: 135_000 });
    });

    it('instalments (8) with the plan open today: 3 monthly rows from today, ⌈150000/3⌉ = 50000 each', async () => {
      const res = await checkout(await member(), { ...goldNl, paymentType: 8 });
      expect(res.statusCode).toBe(201);
      const order = res.json<{ order: OrderView }>().order;
      expect(order.net).toBe(150_000);
      expect(order.installments).toEqual([
        { period: 1, dueDate: '2026-04-15', amount: 50_000, status: 'create' },
        { period: 2, dueDate: '2026-05-15', amount: 50_000, status: 'create' },
        { period: 3, dueDate: '2026-06-15', amount: 50_000, status: 'create' },
      ]);
      const events = await eventually(async () => {
        const all = await publishedEvents(env.namespace, 'orders', 'orders.order.created');
        return all.find((e) => (e.data as { orderId: string }).orderId === order.id);
      }, 15_000);
      expect((events.data as { schedule: unknown[] }).schedule).toHaveLength(3);
    });

    it('coin (6) on a product whose coin pay is Y', async () => {
      const res = await checkout(await member(), { productId: coin, priceId: price.coinNl, paymentType: 6 });
      expect(res.statusCode).toBe(201);
      expect(res.json<{ order: OrderView }>().order).toMatchObject({ paymentType: 6, net: 90_000, fee: 0 });
    });
  });

  describe('bad input: a clear problem+json and no order', () => {
    const companyMissing = { ...goldNl, receipt: { type: 'company', name: 'บริษัท' } };
    it.each<[string, () => Record<string, unknown>, number, string, (string | null)?, string[]?]>([
      ['no Idempotency-Key', () => goldNl, 400, 'orders.idempotency_key_required', null],
      [
        'an Idempotency-Key over 100 characters',
        () => goldNl,
        400,
        'orders.idempotency_key_required',
        'k'.repeat(101),
      ],
      ['an unknown product', () => ({ ...goldNl, productId: newId() }), 404, 'orders.product_not_found'],
      [
        'a price of a code the buyer lacks (SPTR for NL)',
        () => ({ ...goldNl, priceId: price.sptr }),
        422,
        'orders.price_not_available',
      ],
      [
        'a payment type that does not exist (5)',
        () => ({ ...goldNl, paymentType: 5 }),
        400,
        'validation.failed',
      ],
      [
        'coin on a product whose coin pay is N',
        () => ({ ...goldNl, paymentType: 6 }),
        422,
        'orders.coin_pay_unavailable',
      ],
      [
        'coin with a receipt',
        () => ({ productId: coin, priceId: price.coinNl, paymentType: 6, receipt: { type: 'person' } }),
        422,
        'orders.coin_no_receipt',
      ],
      [
        'instalments on a product without a plan today',
        () => ({ productId: coin, priceId: price.coinNl, paymentType: 8 }),
        422,
        'orders.installments_unavailable',
      ],
      [
        'instalments with an unknown plan',
        () => ({ ...goldNl, paymentType: 8, planId: newId() }),
        422,
        'orders.installments_unavailable',
      ],
      [
        'a company receipt without address and phone',
        () => companyMissing,
        400,
        'validation.failed',
        undefined,
        ['receipt.address', 'receipt.phone'],
      ],
      [
        'a referrer with a space (invite is [A-Za-z0-9_.@-], 1–64)',
        () => ({ ...goldNl, invite: 'som chai' }),
        400,
        'validation.failed',
        undefined,
        ['invite'],
      ],
      [
        'a referrer of 65 characters',
        () => ({ ...goldNl, invite: 'x'.repeat(65) }),
        400,
        'validation.failed',
        undefined,
        ['invite'],
      ],
    ])('%s', async (_case, body, status, code, key, fields) => {
      const sub = newId();
      const res = await checkout(await member(sub), body(), key === undefined ? `k-${newId()}` : key);
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const problem = res.json<{ code: string; errors?: { field: string }[] }>();
      expect(problem.code).toBe(code);
      for (const f of fields ?? []) expect(problem.errors?.map((e) => e.field)).toContain(f);
      expect(await ordersOf(sub)).toBe(0);
    });

    it('no token → 401; a staff token → 403', async () => {
      const anon = await app.inject({
        method: 'POST',
        url: '/checkout',
        headers: { 'idempotency-key': 'x' },
        payload: goldNl,
      });
      expect(anon.statusCode).toBe(401);
      const staff = await checkout(await issuer.staff(), goldNl);
      expect(staff.statusCode).toBe(403);
    });
  });

  describe('coupon checks, each with its exact Thai message (spec 02 §5)', () => {
    const listed = 'malee@example.com';
    beforeAll(async () => {
      await seedCoupon('EXPIRED', { to_date: '2026-04-14' });
      await seedCoupon('LATER', { start_date: '2026-04-15', start_time: '13:00' });
      await seedCoupon('OTHERPRODUCT', { product_id: coin });
      await seedCoupon('MEMBERS', { member_only: 'Y' });
      const emailOnly = await seedCoupon('EMAILS', { email_only: 'Y' });
      const both = await seedCoupon('BOTH', { member_only: 'Y', email_only: 'Y' });
      for (const id of [emailOnly, both]) {
        await rows(app, 'insert into coupon_emails (coupon_id, email) values (?, ?)', [id, listed]);
      }
      await seedCoupon('FULL', { limit: 0 });
    });

    it.each<[string, number, string, string]>([
      ['NOSUCH', 404, 'coupon.not_found', 'ไม่มีรหัสคูปองนี้'],
      ['LATER', 422, 'coupon.not_started', 'รหัสคูปองนี้ ยังไม่ถึงเวลาใช้งาน'],
      ['EXPIRED', 422, 'coupon.expired', 'รหัสคูปองนี้ หมดอายุแล้ว'],
      ['OTHERPRODUCT', 422, 'coupon.wrong_product', 'รหัสคูปองนี้ ใช้ไม่ได้กับสินค้านี้'],
      ['BOTH', 403, 'coupon.member_or_email_only', 'รหัสคูปองนี้ ใช้ได้กับ สมาชิกเดิม หรือ Email ที่กำหนดใว้'],
      ['MEMBERS', 403, 'coupon.member_only', 'รหัสคูปองนี้ ใช้ได้กับ สมาชิกเดิม เท่านั้น'],
      ['EMAILS', 403, 'coupon.email_only', 'รหัสคูปองนี้ ใช้ได้กับ Email ที่กำหนดใว้'],
      ['FULL', 409, 'coupon.used_up', 'รหัสคูปองนี้ ถูกใช้ครบเเล้ว'],
    ])('%s → %i %s "%s", no order', async (couponCode, status, code, th) => {
      const sub = newId();
      // an NL-only, New buyer whose e-mail is not listed: a general-public visitor
      const res = await checkout(await member(sub), { ...goldNl, couponCode });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ code, messages: { th } });
      expect(await ordersOf(sub)).toBe(0);
    });

    it('the listed e-mail may use EMAILS and BOTH; an SPTR member may use MEMBERS', async () => {
      const malee = await member(newId(), ['NL'], { email: listed });
      expect((await checkout(malee, { ...goldNl, couponCode: 'EMAILS' })).statusCode).toBe(201);
      expect((await checkout(malee, { ...goldNl, couponCode: 'BOTH' })).statusCode).toBe(201);
      const sptr = await member(newId(), ['NL', 'SPTR']);
      expect((await checkout(sptr, { ...goldNl, couponCode: 'MEMBERS' })).statusCode).toBe(201);
    });
  });

  describe('Idempotency-Key', () => {
    it('the same key twice → one order, the second answer 200 with it; another body → 409', async () => {
      const sub = newId();
      const token = await member(sub);
      const first = await checkout(token, goldNl, 'double-click');
      const again = await checkout(token, goldNl, 'double-click');
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(200);
      expect(again.json<{ order: OrderView }>().order.id).toBe(first.json<{ order: OrderView }>().order.id);
      const other = await checkout(token, { ...goldNl, paymentType: 1 }, 'double-click');
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ code: 'orders.idempotency_conflict' });
      expect(await ordersOf(sub)).toBe(1);
    });

    it('the referrer is part of the body: the same key with another invite → 409', async () => {
      const sub = newId();
      const token = await member(sub);
      const first = await checkout(token, { ...goldNl, invite: 'somchai.fx' }, 'with-invite');
      expect(first.statusCode).toBe(201);
      expect((await checkout(token, { ...goldNl, invite: 'somchai.fx' }, 'with-invite')).statusCode).toBe(
        200,
      );
      const other = await checkout(token, { ...goldNl, invite: 'malee' }, 'with-invite');
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ code: 'orders.idempotency_conflict' });
      const none = await checkout(token, goldNl, 'with-invite');
      expect(none.statusCode).toBe(409);
      expect(await ordersOf(sub)).toBe(1);
    });

    it('the same key from another member is theirs alone: a second order', async () => {
      const a = await checkout(await member(), goldNl, 'shared-key');
      const b = await checkout(await member(), goldNl, 'shared-key');
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    });

    it('8 concurrent submits with the same key → one order, every answer names it', async () => {
      const sub = newId();
      const token = await member(sub);
      const answers = await Promise.all(Array.from({ length: 8 }, () => checkout(token, goldNl, 'race')));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((r) => r.json<{ order: OrderView }>().order.id)).size).toBe(1);
      expect(await ordersOf(sub)).toBe(1);
    });
  });

  it('200 concurrent checkouts with a coupon whose limit is 10 → exactly 10 discounted orders, 190 "ถูกใช้ครบเเล้ว"', async () => {
    const couponId = await seedCoupon('TEN', { limit: 10 });
    const tokens = await Promise.all(Array.from({ length: 200 }, () => member()));
    const started = Date.now();
    const answers = await Promise.all(tokens.map((t) => checkout(t, { ...goldNl, couponCode: 'TEN' })));
    const ms = Date.now() - started;
    app.log.info({ ms }, '200 concurrent coupon checkouts');
    const won = answers.filter((r) => r.statusCode === 201);
    const lost = answers.filter((r) => r.statusCode !== 201);
    expect(won).toHaveLength(10);
    for (const r of won)
      expect(r.json<{ order: OrderView }>().order).toMatchObject({ discount: 10_000, couponId });
    expect(lost).toHaveLength(190);
    for (const r of lost) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ code: 'coupon.used_up', messages: { th: 'รหัสคูปองนี้ ถูกใช้ครบเเล้ว' } });
    }
    const stored = await rows(app, 'select count(*)::int as n from orders where coupon_id = ?', [couponId]);
    expect(stored[0]!.n).toBe(10);
    expect(ms).toBeLessThan(30_000);
  }, 60_000);

  describe('reading orders', () => {
    it('the referrer is kept as given and shown with the product title in every view of the order', async () => {
      const sub = newId();
      const token = await member(sub);
      const placed = await checkout(token, { ...goldNl, invite: 'Somchai_FX-01@line' });
      expect(placed.statusCode).toBe(201);
      const order = placed.json<{ order: OrderView }>().order;
      expect(order).toMatchObject({
        invite: 'Somchai_FX-01@line',
        productTitle: 'คอร์สเทรดทองคำ (Gold trading)',
        receiptInfo: null,
      });
      expect((await rows(app, 'select invite from orders where order_id = ?', [order.id]))[0]!.invite).toBe(
        'Somchai_FX-01@line',
      );
      const auth = { authorization: `Bearer ${token}` };
      const one = await app.inject({ method: 'GET', url: `/orders/${order.id}`, headers: auth });
      expect(one.json()).toEqual(order);
      const mine = await app.inject({ method: 'GET', url: '/orders/mine', headers: auth });
      expect(mine.json<{ items: OrderView[] }>().items).toEqual([order]);
    });

    it('checkout answers the order exactly as GET /orders/:id then reads it: instalments, coupon code, company receipt', async () => {
      // checkout answers from the rows it has just written (nothing read back): it must be the stored order
      await seedCoupon('SAMEVIEW');
      const sub = newId();
      const token = await member(sub);
      const placed = await checkout(token, {
        ...goldNl,
        paymentType: 8,
        couponCode: 'SAMEVIEW',
        receipt: {
          type: 'company',
          name: 'บริษัท ตัวอย่าง จำกัด',
          taxId: '0105551234567',
          address: '1 ถนนสีลม',
          province: 'กรุงเทพมหานคร',
          district: 'บางรัก',
          subDistrict: 'สีลม',
          zip: '10500',
          phone: '0812345678',
        },
      });
      expect(placed.statusCode).toBe(201);
      const order = placed.json<{ order: OrderView }>().order;
      expect(order).toMatchObject({ couponCode: 'SAMEVIEW', discount: 10_000, receiptType: 'company' });
      expect(order.installments).toHaveLength(3);
      const one = await app.inject({
        method: 'GET',
        url: `/orders/${order.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(order);
    });

    it('a product catalog deleted has no title any more: productTitle null, the order otherwise intact', async () => {
      const product = newId();
      const productPrice = newId();
      await bus.deliver(productChanged(product, { title: 'คอร์สชั่วคราว' }));
      await bus.deliver(priceChanged(product, productPrice, { value: 50_000 }));
      const token = await member();
      const placed = await checkout(token, { productId: product, priceId: productPrice, paymentType: 4 });
      expect(placed.json<{ order: OrderView }>().order.productTitle).toBe('คอร์สชั่วคราว');
      await bus.deliver(productDeleted(product));
      const id = placed.json<{ order: OrderView }>().order.id;
      const res = await app.inject({
        method: 'GET',
        url: `/orders/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.json<OrderView>()).toMatchObject({ id, productTitle: null, net: 50_000 });
    });

    it("a member sees their own orders, newest first; another member's order is 404 to them, staff see it", async () => {
      const aliceSub = newId();
      const alice = await member(aliceSub);
      const bob = await member();
      const one = (await checkout(alice, goldNl)).json<{ order: OrderView }>().order;
      const two = (await checkout(alice, { ...goldNl, paymentType: 1 })).json<{ order: OrderView }>().order;
      const bobs = (await checkout(bob, goldNl)).json<{ order: OrderView }>().order;

      const mine = await app.inject({
        method: 'GET',
        url: '/orders/mine',
        headers: { authorization: `Bearer ${alice}` },
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ page: 1, pageSize: 50, total: 2 });
      expect(mine.json<{ items: OrderView[] }>().items.map((o) => o.id)).toEqual([two.id, one.id]);

      const paged = await app.inject({
        method: 'GET',
        url: '/orders/mine?page=2&pageSize=1',
        headers: { authorization: `Bearer ${alice}` },
      });
      expect(paged.json<{ items: OrderView[] }>().items.map((o) => o.id)).toEqual([one.id]);
      const tooBig = await app.inject({
        method: 'GET',
        url: '/orders/mine?pageSize=51',
        headers: { authorization: `Bearer ${alice}` },
      });
      expect(tooBig.statusCode).toBe(400);

      const own = await app.inject({
        method: 'GET',
        url: `/orders/${one.id}`,
        headers: { authorization: `Bearer ${alice}` },
      });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual(one);
      const notHers = await app.inject({
        method: 'GET',
        url: `/orders/${bobs.id}`,
        headers: { authorization: `Bearer ${alice}` },
      });
      expect(notHers.statusCode).toBe(404);
      expect(notHers.json()).toMatchObject({ code: 'orders.order_not_found' });
      const staff = await app.inject({
        method: 'GET',
        url: `/orders/${bobs.id}`,
        headers: { authorization: `Bearer ${await issuer.staff('staff')}` },
      });
      expect(staff.statusCode).toBe(200);
      expect(staff.json<OrderView>().id).toBe(bobs.id);
      const anon = await app.inject({ method: 'GET', url: `/orders/${bobs.id}` });
      expect(anon.statusCode).toBe(401);
    });
  });
});

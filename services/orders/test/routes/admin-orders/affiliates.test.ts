import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { OrderView } from '@rian/proto-contracts/orders';
import type { AdminOrderRow, AffiliateRow } from '@rian/proto-contracts/orders-admin';
import {
  CatalogBus,
  newId,
  priceChanged,
  productChanged,
  rows,
  TestClock,
  startOrders,
} from '../../helpers.js';

/**
 * Referrers (orders_invite): /admin/affiliates and /admin/orders?invite=, against the real
 * PostgreSQL, NATS and Redis. Orders placed through POST /checkout with the clock pinned:
 *   A  somchai       GOLD 1,500.00  14 Apr 16:30Z = Bangkok 14 Apr 23:30  wait
 *   B  somchai       GOLD 1,500.00  14 Apr 17:30Z = Bangkok 15 Apr 00:30  paid
 *   C  somchai       COIN   900.00  15 Apr 05:00Z = Bangkok 15 Apr 12:00  cancelled (not): left out
 *   D  Malee.Trader  COIN   900.00  15 Apr 05:00Z = Bangkok 15 Apr 12:00  paid
 *   E  Malee.Trader  GOLD 1,500.00  16 Apr 03:00Z = Bangkok 16 Apr 10:00  wait
 *   F  (none)        GOLD 1,500.00  16 Apr 03:00Z                         wait: no referrer, not listed
 *   G  kob           COIN   900.00  16 Apr 03:00Z                         wait
 */
describe('affiliates (orders by referrer)', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let bus: CatalogBus;
  let issuer: TestTokenIssuer;
  let staff: string;
  const clock = new TestClock(new Date('2026-04-14T16:30:00Z'));
  const gold = newId();
  const coin = newId();
  const goldPrice = newId();
  const coinPrice = newId();
  const o: Record<string, OrderView> = {};

  const member = (sub: string) =>
    issuer.member(sub, { membershipCodes: ['NL'], email: `${sub.slice(-8)}@example.com` });
  let keyN = 0;
  const place = async (name: string, product: 'gold' | 'coin', invite?: string) => {
    const body = {
      ...(product === 'gold'
        ? { productId: gold, priceId: goldPrice }
        : { productId: coin, priceId: coinPrice }),
      paymentType: 4,
      ...(invite ? { invite } : {}),
    };
    const res = await app.inject({
      method: 'POST',
      url: '/checkout',
      headers: { authorization: `Bearer ${await member(newId())}`, 'idempotency-key': `aff-${++keyN}` },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    o[name] = res.json<{ order: OrderView }>().order;
  };
  const setStatus = (name: string, status: 'paid' | 'not') =>
    rows(app, 'update orders set status = ? where order_id = ?', [status, o[name]!.id]);
  const as = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const affiliates = async (query = '') => {
    const res = await app.inject({ method: 'GET', url: `/admin/affiliates?${query}`, headers: as(staff) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: AffiliateRow[]; total: number; page: number; pageSize: number }>();
  };

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    staff = await issuer.staff('staff');
    app = await startOrders(env, clock, { tokenKeys: issuer.keys });
    bus = await CatalogBus.open(env);
    for (const e of [
      productChanged(gold),
      productChanged(coin, { title: 'Coin course', price: 90_000 }),
      priceChanged(gold, goldPrice, { value: 150_000 }),
      priceChanged(coin, coinPrice, { value: 90_000 }),
    ]) {
      await bus.deliver(e);
    }
    await place('A', 'gold', 'somchai');
    clock.at = new Date('2026-04-14T17:30:00Z');
    await place('B', 'gold', 'somchai');
    clock.at = new Date('2026-04-15T05:00:00Z');
    await place('C', 'coin', 'somchai');
    await place('D', 'coin', 'Malee.Trader');
    clock.at = new Date('2026-04-16T03:00:00Z');
    await place('E', 'gold', 'Malee.Trader');
    await place('F', 'gold');
    await place('G', 'coin', 'kob');
    // payments does not exist yet: a confirmed payment is set by hand
    await setStatus('B', 'paid');
    await setStatus('D', 'paid');
    await setStatus('C', 'not');
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await env?.cleanup();
  });

  it.each(['/admin/affiliates', '/admin/orders?invite=somchai'])(
    'GET %s: anonymous 401, member 403',
    async (url) => {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url, headers: as(await member(newId())) })).statusCode).toBe(
        403,
      );
    },
  );

  it('every day: one row per referrer, cancelled orders and orders without one left out; most orders first, then by name', async () => {
    const page = await affiliates();
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 3 });
    expect(page.items).toEqual([
      // D paid 900.00 + E waiting 1,500.00; the last is E
      {
        invite: 'Malee.Trader',
        orders: 2,
        paidOrders: 1,
        net: 240_000,
        paidNet: 90_000,
        lastOrderAt: '2026-04-16T03:00:00.000Z',
      },
      // A waiting + B paid, 1,500.00 each; C (cancelled, the latest) counts for nothing, not even the date
      {
        invite: 'somchai',
        orders: 2,
        paidOrders: 1,
        net: 300_000,
        paidNet: 150_000,
        lastOrderAt: '2026-04-14T17:30:00.000Z',
      },
      {
        invite: 'kob',
        orders: 1,
        paidOrders: 0,
        net: 90_000,
        paidNet: 0,
        lastOrderAt: '2026-04-16T03:00:00.000Z',
      },
    ]);
  });

  it('days are Asia/Bangkok days, both ends included: 14 Apr 17:30Z is already the 15th', async () => {
    const the15th = await affiliates('from=2026-04-15&to=2026-04-15');
    expect(the15th.items.map((r) => [r.invite, r.orders, r.paidOrders, r.net])).toEqual([
      ['Malee.Trader', 1, 1, 90_000],
      ['somchai', 1, 1, 150_000],
    ]);
    const upTo14th = await affiliates('to=2026-04-14');
    expect(upTo14th.items.map((r) => [r.invite, r.orders, r.paidOrders, r.net])).toEqual([
      ['somchai', 1, 0, 150_000],
    ]);
    const from16th = await affiliates('from=2026-04-16');
    expect(from16th.items.map((r) => r.invite)).toEqual(['Malee.Trader', 'kob']);
    expect((await affiliates('from=2026-04-17')).total).toBe(0);
  });

  it('q is part of the referrer, any case; % and _ are literal', async () => {
    expect((await affiliates('q=MALEE')).items.map((r) => r.invite)).toEqual(['Malee.Trader']);
    expect((await affiliates('q=ch')).items.map((r) => r.invite)).toEqual(['somchai']);
    expect((await affiliates('q=%25')).total).toBe(0);
    expect((await affiliates('q=_')).total).toBe(0);
  });

  it('paging keeps the order and the total', async () => {
    const second = await affiliates('page=2&pageSize=1');
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: 3 });
    expect(second.items.map((r) => r.invite)).toEqual(['somchai']);
  });

  it.each(['pageSize=101', 'page=0', 'from=15-04-2026', `q=${'x'.repeat(65)}`])(
    'bad query %s: 400 problem',
    async (q) => {
      const res = await app.inject({ method: 'GET', url: `/admin/affiliates?${q}`, headers: as(staff) });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    },
  );

  it('/admin/orders?invite= lists that referrer’s orders exactly (any status), each naming it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/admin/orders?invite=somchai&sort=orderNo',
      headers: as(staff),
    });
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: AdminOrderRow[] }>().items;
    expect(items.map((i) => i.reference)).toEqual([o.A!.reference, o.B!.reference, o.C!.reference]);
    expect(items.map((i) => [i.invite, i.status])).toEqual([
      ['somchai', 'wait'],
      ['somchai', 'paid'],
      ['somchai', 'not'],
    ]);
    for (const near of ['SOMCHAI', 'somchai ', 'somc']) {
      const none = await app.inject({
        method: 'GET',
        url: `/admin/orders?invite=${encodeURIComponent(near)}`,
        headers: as(staff),
      });
      expect(none.json<{ total: number }>().total, near).toBe(0);
    }
    const all = await app.inject({ method: 'GET', url: '/admin/orders?sort=orderNo', headers: as(staff) });
    expect(all.json<{ items: AdminOrderRow[] }>().items.find((i) => i.id === o.F!.id)).toMatchObject({
      invite: null,
    });
  });

  it('the admin order view shows the referrer and the product title', async () => {
    const res = await app.inject({ method: 'GET', url: `/admin/orders/${o.D!.id}`, headers: as(staff) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      invite: 'Malee.Trader',
      productTitle: 'Coin course',
      receiptInfo: null,
    });
  });
});

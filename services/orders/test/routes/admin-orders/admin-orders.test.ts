import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { OrderView } from '@rian/proto-contracts/orders';
import { OrderCancelled, type AdminOrderRow, type AdminOrderView } from '@rian/proto-contracts/orders-admin';
import { REPORT_HEADER } from '../../../src/plugins/app/admin-order-report.js';
import {
  CatalogBus,
  newId,
  priceChanged,
  productChanged,
  rows,
  TestClock,
  startOrders,
} from '../../helpers.js';

/** RFC 4180 lines → fields (quotes, doubled quotes, commas inside quotes). */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      out.push(row);
      row = [];
      field = '';
    } else if (c !== '\r') field += c;
  }
  return out;
}

/**
 * The orders back office and cancel by code, against the real PostgreSQL, NATS and Redis.
 * Orders (placed through POST /checkout, clock pinned):
 *   A  GOLD 1,500.00, alice, 2026-04-14 16:30Z = Bangkok 14 Apr 23:30
 *   B  GOLD 1,500.00 − coupon HALF100 (100.00 off, limit 1), bob, 14 Apr 17:30Z = Bangkok 15 Apr 00:30
 *   C  COIN 900.00, alice, 15 Apr 05:00Z = Bangkok 15 Apr 12:00; then marked paid
 */
describe('orders back office', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let bus: CatalogBus;
  let issuer: TestTokenIssuer;
  let staff: string;
  const staffSub = newId();
  const clock = new TestClock(new Date('2026-04-14T16:30:00Z'));
  const gold = newId();
  const coin = newId();
  const goldPrice = newId();
  const coinPrice = newId();
  const alice = newId();
  const bob = newId();
  let a: OrderView;
  let b: OrderView;
  let c: OrderView;

  const member = (sub: string) =>
    issuer.member(sub, { membershipCodes: ['NL'], email: `${sub.slice(-8)}@example.com` });
  let keyN = 0;
  const checkout = async (sub: string, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/checkout',
      headers: { authorization: `Bearer ${await member(sub)}`, 'idempotency-key': `k-${++keyN}` },
      payload: body,
    });
  const place = async (sub: string, body: Record<string, unknown>) => {
    const res = await checkout(sub, body);
    expect(res.statusCode).toBe(201);
    return res.json<{ order: OrderView }>().order;
  };
  const as = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const list = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/admin/orders?${query}`, headers: as(staff) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: AdminOrderRow[]; total: number; page: number; pageSize: number }>();
  };
  const refs = (items: AdminOrderRow[]) => items.map((i) => i.reference);
  const bookSendOf = async (id: string) =>
    (await rows(app, 'select book_send from orders where order_id = ?', [id]))[0]!.book_send;
  const cancel = (code: unknown, token: string | null = staff) =>
    app.inject({ method: 'POST', url: '/orders/cancel-by-code', payload: { code }, headers: as(token) });

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    staff = await issuer.staff('staff', staffSub);
    app = await startOrders(env, clock, { tokenKeys: issuer.keys });
    bus = await CatalogBus.open(env);
    for (const e of [
      productChanged(gold, { title: 'คอร์สเทรดทองคำ, รุ่น "1"' }),
      productChanged(coin, { title: 'Coin course', price: 90_000 }),
      priceChanged(gold, goldPrice, { value: 150_000 }),
      priceChanged(coin, coinPrice, { value: 90_000 }),
    ]) {
      await bus.deliver(e);
    }
    await rows(
      app,
      `insert into coupons (coupon_id, code, product_id, type, price, "limit") values (?, 'HALF100', ?, 'Price', 10000, 1)`,
      [newId(), gold],
    );
    a = await place(alice, { productId: gold, priceId: goldPrice, paymentType: 4 });
    clock.at = new Date('2026-04-14T17:30:00Z');
    b = await place(bob, { productId: gold, priceId: goldPrice, paymentType: 4, couponCode: 'HALF100' });
    clock.at = new Date('2026-04-15T05:00:00Z');
    c = await place(alice, { productId: coin, priceId: coinPrice, paymentType: 4 });
    // payments does not exist yet: a confirmed payment is set by hand
    await rows(app, `update orders set status = 'paid' where order_id = ?`, [c.id]);
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await env?.cleanup();
  });

  describe('authorisation', () => {
    it.each([
      ['GET', '/admin/orders'],
      ['GET', '/admin/orders/counts'],
      ['GET', '/admin/orders/report.csv?from=2026-04-01&to=2026-04-30'],
      ['GET', `/admin/orders/${newId()}`],
      ['PUT', `/admin/orders/${newId()}/certificate`],
    ] as const)('%s %s: anonymous 401, member 403', async (method, url) => {
      expect((await app.inject({ method, url })).statusCode).toBe(401);
      const m = await app.inject({ method, url, headers: as(await member(alice)) });
      expect(m.statusCode).toBe(403);
    });

    it('a member cannot set book dispatch nor tracking: 403, nothing changed', async () => {
      const token = await member(alice);
      const bulk = await app.inject({
        method: 'POST',
        url: '/admin/orders/book-dispatch',
        headers: as(token),
        payload: { ids: [a.id], status: 'C' },
      });
      expect(bulk.statusCode).toBe(403);
      const tr = await app.inject({
        method: 'PUT',
        url: `/admin/orders/${a.id}/tracking`,
        headers: as(token),
        payload: { tracking: 'EX1' },
      });
      expect(tr.statusCode).toBe(403);
      expect(
        (await rows(app, 'select book_send, tracking from orders where order_id = ?', [a.id]))[0],
      ).toEqual({
        book_send: 'N',
        tracking: null,
      });
    });
  });

  describe('list, filters and paging', () => {
    it('no filter: all three, newest first, with product title and buyer e-mail', async () => {
      const page = await list('');
      expect(page.total).toBe(3);
      expect(refs(page.items)).toEqual([c.reference, b.reference, a.reference]);
      expect(page.items[2]).toMatchObject({
        productId: gold,
        productTitle: 'คอร์สเทรดทองคำ, รุ่น "1"',
        userEmail: `${alice.slice(-8)}@example.com`,
        bookSend: 'N',
        certificate: 'N',
        net: 150_000,
      });
    });

    it('status', async () => {
      expect(refs((await list('status=paid')).items)).toEqual([c.reference]);
      expect(refs((await list('status=wait&sort=orderNo')).items)).toEqual([a.reference, b.reference]);
    });

    it('dates are Asia/Bangkok days: 14 Apr 17:30Z is already the 15th', async () => {
      expect(refs((await list('from=2026-04-15&to=2026-04-15&sort=orderNo')).items)).toEqual([
        b.reference,
        c.reference,
      ]);
      expect(refs((await list('to=2026-04-14')).items)).toEqual([a.reference]);
      expect((await list('from=2026-04-16')).total).toBe(0);
    });

    it('product and search text (reference, e-mail)', async () => {
      expect(refs((await list(`productId=${coin}`)).items)).toEqual([c.reference]);
      expect(refs((await list(`q=${b.reference.toLowerCase()}`)).items)).toEqual([b.reference]);
      expect(refs((await list(`q=${alice.slice(-8)}&sort=orderNo`)).items)).toEqual([
        a.reference,
        c.reference,
      ]);
      expect((await list('q=50%25')).total).toBe(0);
    });

    it('paging and sort by net', async () => {
      const p1 = await list('page=1&pageSize=2&sort=-net');
      expect(p1).toMatchObject({ page: 1, pageSize: 2, total: 3 });
      expect(refs(p1.items)).toEqual([a.reference, b.reference]);
      const p2 = await list('page=2&pageSize=2&sort=-net');
      expect(refs(p2.items)).toEqual([c.reference]);
    });

    it.each(['status=cancel', 'pageSize=101', 'from=15-04-2026', 'sort=price', `productId=x`])(
      'bad query %s: 400 problem',
      async (q) => {
        const res = await app.inject({ method: 'GET', url: `/admin/orders?${q}`, headers: as(staff) });
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
      },
    );
  });

  it('one order: details, instalments, invoice fields; unknown 404', async () => {
    const res = await app.inject({ method: 'GET', url: `/admin/orders/${b.id}`, headers: as(staff) });
    expect(res.statusCode).toBe(200);
    const view = res.json<AdminOrderView>();
    expect(view).toMatchObject({
      id: b.id,
      discount: 10_000,
      net: 140_000,
      productTitle: 'คอร์สเทรดทองคำ, รุ่น "1"',
    });
    expect(view.details).toEqual([
      expect.objectContaining({ productId: gold, priceId: goldPrice, discount: 10_000 }),
    ]);
    expect(view.installments).toEqual([]);
    const none = await app.inject({ method: 'GET', url: `/admin/orders/${newId()}`, headers: as(staff) });
    expect(none.statusCode).toBe(404);
  });

  describe('book dispatch (bulk)', () => {
    it('sets the flag on every listed order', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/admin/orders/book-dispatch',
        headers: as(staff),
        payload: { ids: [a.id, c.id], status: 'Y' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ updated: 2 });
      expect([await bookSendOf(a.id), await bookSendOf(b.id), await bookSendOf(c.id)]).toEqual([
        'Y',
        'N',
        'Y',
      ]);
    });

    it('one unknown id: 400 naming it, and no order changes', async () => {
      const ghost = newId();
      const res = await app.inject({
        method: 'POST',
        url: '/admin/orders/book-dispatch',
        headers: as(staff),
        payload: { ids: [a.id, ghost, b.id], status: 'C' },
      });
      expect(res.statusCode).toBe(400);
      const problem = res.json<{ code: string; unknownIds: string[]; errors: { field: string }[] }>();
      expect(problem.code).toBe('orders.unknown_orders');
      expect(problem.unknownIds).toEqual([ghost]);
      expect(problem.errors.map((e) => e.field)).toEqual(['ids[1]']);
      expect([await bookSendOf(a.id), await bookSendOf(b.id)]).toEqual(['Y', 'N']);
    });

    it.each([[{ ids: [], status: 'Y' }], [{ ids: ['x'], status: 'Y' }], [{ ids: [newId()], status: 'X' }]])(
      'bad body %j: 400',
      async (payload) => {
        const res = await app.inject({
          method: 'POST',
          url: '/admin/orders/book-dispatch',
          headers: as(staff),
          payload,
        });
        expect(res.statusCode).toBe(400);
      },
    );
  });

  it('tracking records who set it; certificate becomes Y', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/admin/orders/${a.id}/tracking`,
      headers: as(staff),
      payload: { tracking: 'EF123456789TH' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminOrderView>()).toMatchObject({ tracking: 'EF123456789TH', trackingBy: staffSub });
    const empty = await app.inject({
      method: 'PUT',
      url: `/admin/orders/${a.id}/tracking`,
      headers: as(staff),
      payload: { tracking: '' },
    });
    expect(empty.statusCode).toBe(400);
    const ghost = await app.inject({
      method: 'PUT',
      url: `/admin/orders/${newId()}/tracking`,
      headers: as(staff),
      payload: { tracking: 'X' },
    });
    expect(ghost.statusCode).toBe(404);
    expect(refs((await list('q=ef1234')).items)).toEqual([a.reference]);

    const cert = await app.inject({
      method: 'PUT',
      url: `/admin/orders/${a.id}/certificate`,
      headers: as(staff),
    });
    expect(cert.statusCode).toBe(200);
    expect(cert.json<AdminOrderView>().certificate).toBe('Y');
  });

  it('report.csv: BOM, header, the Bangkok days asked for, baht with 2 decimals, Thai intact', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/admin/orders/report.csv?from=2026-04-15&to=2026-04-15',
      headers: as(staff),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const [header, ...data] = parseCsv(res.body.slice(1));
    expect(header).toEqual(REPORT_HEADER);
    const byRef = Object.fromEntries(
      data.map((r) => [r[1], Object.fromEntries(header!.map((h, i) => [h, r[i]]))]),
    );
    expect(Object.keys(byRef)).toEqual([b.reference, c.reference]);
    expect(byRef[b.reference]).toMatchObject({
      orderedAt: '2026-04-15 00:30',
      product: 'คอร์สเทรดทองคำ, รุ่น "1"',
      total: '1500.00',
      discount: '100.00',
      net: '1400.00',
      status: 'wait',
    });
    expect(byRef[c.reference]).toMatchObject({ net: '900.00', status: 'paid', bookSend: 'Y' });
    const missing = await app.inject({
      method: 'GET',
      url: '/admin/orders/report.csv?from=2026-04-15',
      headers: as(staff),
    });
    expect(missing.statusCode).toBe(400);
  });

  describe('cancel by code', () => {
    it('wrong code 404; a paid order 409', async () => {
      expect((await cancel('SPSK9999999999')).statusCode).toBe(404);
      expect((await cancel('')).statusCode).toBe(400);
      const paid = await cancel(c.reference);
      expect(paid.statusCode).toBe(409);
      expect(paid.json<{ code: string }>().code).toBe('orders.not_cancellable');
    });

    it('a waiting order becomes not, emits orders.order.cancelled, and releases its coupon use', async () => {
      const carol = newId();
      // HALF100's limit is 1 and B holds it
      const before = await checkout(carol, {
        productId: gold,
        priceId: goldPrice,
        paymentType: 4,
        couponCode: 'HALF100',
      });
      expect(before.statusCode).toBe(409);
      expect(before.json<{ code: string }>().code).toBe('coupon.used_up');

      // a reference alone proves nothing (they are sequential): signed in, and only one's own order
      expect((await cancel(b.reference, null)).statusCode).toBe(401);
      const stranger = await cancel(b.reference, await member(carol));
      expect(stranger.statusCode).toBe(404);
      const res = await cancel(b.reference, await member(bob));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        reference: b.reference,
        status: 'not',
        productTitle: 'คอร์สเทรดทองคำ, รุ่น "1"',
        total: 150_000,
        discount: 10_000,
        net: 140_000,
      });
      const counts = await app.inject({ method: 'GET', url: '/admin/orders/counts', headers: as(staff) });
      expect(counts.json()).toEqual({ wait: 1, paid: 1, not: 1 });

      const event = await eventually(async () => {
        const all = await publishedEvents(env.namespace, 'orders', 'orders.order.cancelled');
        return all.find((e) => (e.data as { orderId: string }).orderId === b.id);
      }, 15_000);
      expect(Value.Check(OrderCancelled.schema, event.data)).toBe(true);
      expect(event.data).toMatchObject({ reference: b.reference, userId: bob, cancelledBy: 'code' });
      expect((event.data as { couponId: string | null }).couponId).toBe(b.couponId);

      const after = await checkout(carol, {
        productId: gold,
        priceId: goldPrice,
        paymentType: 4,
        couponCode: 'HALF100',
      });
      expect(after.statusCode).toBe(201);
      expect(after.json<{ order: OrderView }>().order.discount).toBe(10_000);

      const again = await cancel(b.reference);
      expect(again.statusCode).toBe(409);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type EventData } from '@rian/proto-contracts/envelope';
import { BookRequested } from '@rian/proto-contracts/bookings';
import type { OrderView } from '@rian/proto-contracts/orders';
import { BookDispatched, type AdminOrderRow, type AdminOrderView } from '@rian/proto-contracts/orders-admin';
import {
  CatalogBus,
  newId,
  priceChanged,
  productChanged,
  rows,
  TestClock,
  startOrders,
} from '../../helpers.js';

type Dispatched = EventData<typeof BookDispatched>;

/**
 * bookings.book.requested → orders' copy of a book order's delivery address (D97): shown on the
 * admin order row and view, phone sealed at rest, newest requestedAt wins, another member's order
 * ignored. Staff's dispatch flag and tracking number → orders.book.dispatched once per order changed.
 */
describe('book delivery in orders', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let catalog: CatalogBus;
  let bookings: TestBus;
  let issuer: TestTokenIssuer;
  let staff: string;
  const clock = new TestClock(new Date('2026-05-01T03:00:00Z'));
  const product = newId();
  const price = newId();
  const alice = newId();
  const bob = newId();
  let a1: OrderView;
  let a2: OrderView;
  let b1: OrderView;
  let keyN = 0;

  const place = async (sub: string) => {
    const token = await issuer.member(sub, {
      membershipCodes: ['NL'],
      email: `${sub.slice(-8)}@example.com`,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/checkout',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `k-${++keyN}` },
      payload: { productId: product, priceId: price, paymentType: 4 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ order: OrderView }>().order;
  };
  const requested = (orderId: string, userId: string, extra: Partial<EventData<typeof BookRequested>> = {}) =>
    buildEvent(
      BookRequested,
      {
        orderId,
        userId,
        productId: product,
        fullname: 'สมชาย ใจดี',
        tel: '0812345678',
        addressText: '99/1 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110',
        zip: '10110',
        note: null,
        requestedAt: '2026-05-01T04:00:00.000Z',
        ...extra,
      },
      { source: 'bookings' },
    );
  const headers = () => ({ authorization: `Bearer ${staff}` });
  const adminRow = async (orderId: string) => {
    const res = await app.inject({ method: 'GET', url: `/admin/orders?pageSize=100`, headers: headers() });
    expect(res.statusCode).toBe(200);
    return res.json<{ items: AdminOrderRow[] }>().items.find((i) => i.id === orderId)!;
  };
  const dispatchedFor = async (orderId: string) =>
    (await publishedEvents<Dispatched>(env.namespace, 'orders', 'orders.book.dispatched')).filter(
      (e) => e.data.orderId === orderId,
    );

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    staff = await issuer.staff('staff', newId());
    app = await startOrders(env, clock, { tokenKeys: issuer.keys });
    catalog = await CatalogBus.open(env);
    bookings = await TestBus.open(env, 'bookings');
    await catalog.deliver(productChanged(product, { title: 'เวิร์กช็อปพร้อมหนังสือ', book: 'Y' }));
    await catalog.deliver(priceChanged(product, price, { value: 150_000 }));
    a1 = await place(alice);
    a2 = await place(alice);
    b1 = await place(bob);
    await rows(app, `update orders set status = 'paid'`);
  });

  afterAll(async () => {
    await app?.close();
    await catalog?.close();
    await bookings?.close();
    await env?.cleanup();
  });

  it('no address yet: bookAddress null on the row and the view', async () => {
    expect((await adminRow(a1.id)).bookAddress).toBeNull();
  });

  it('the member’s address shows on the admin row and view; the phone is sealed in the table', async () => {
    await bookings.deliver(requested(a1.id, alice, { note: 'ฝากป้อมยาม' }), 'orders');
    const expected = {
      fullname: 'สมชาย ใจดี',
      tel: '0812345678',
      addressText: '99/1 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110',
      zip: '10110',
      note: 'ฝากป้อมยาม',
      requestedAt: '2026-05-01T04:00:00.000Z',
    };
    expect((await adminRow(a1.id)).bookAddress).toEqual(expected);
    const view = await app.inject({ method: 'GET', url: `/admin/orders/${a1.id}`, headers: headers() });
    expect(view.json<AdminOrderView>().bookAddress).toEqual(expected);
    const [stored] = await rows(app, `select tel_sealed from order_book_addresses where order_id = ?`, [
      a1.id,
    ]);
    expect(String(stored!.tel_sealed)).toMatch(/^v1\./);
    expect(String(stored!.tel_sealed)).not.toContain('0812345678');
    expect((await adminRow(a2.id)).bookAddress).toBeNull();
  });

  it('a newer address replaces it; an older or replayed one changes nothing', async () => {
    const newer = requested(a1.id, alice, { fullname: 'สมหญิง ใจดี', requestedAt: '2026-05-02T04:00:00.000Z' });
    await bookings.deliver(newer, 'orders');
    await bookings.deliver(
      requested(a1.id, alice, { fullname: 'เก่า', requestedAt: '2026-05-01T05:00:00.000Z' }),
      'orders',
    );
    await bookings.deliver(newer, 'orders', `${newer.id}-again`);
    expect((await adminRow(a1.id)).bookAddress).toMatchObject({
      fullname: 'สมหญิง ใจดี',
      requestedAt: '2026-05-02T04:00:00.000Z',
    });
  });

  it('another member’s order, or an unknown one: ignored, nothing stored', async () => {
    await bookings.deliver(requested(b1.id, alice), 'orders');
    await bookings.deliver(requested(newId(), alice), 'orders');
    expect((await adminRow(b1.id)).bookAddress).toBeNull();
    expect(await rows(app, `select order_id from order_book_addresses`)).toEqual([{ order_id: a1.id }]);
  });

  it('bulk dispatch: orders.book.dispatched once per order whose flag changed', async () => {
    const first = await app.inject({
      method: 'POST',
      url: '/admin/orders/book-dispatch',
      headers: headers(),
      payload: { ids: [a1.id], status: 'Y' },
    });
    expect(first.json()).toEqual({ updated: 1 });
    clock.at = new Date('2026-05-03T03:00:00Z');
    const both = await app.inject({
      method: 'POST',
      url: '/admin/orders/book-dispatch',
      headers: headers(),
      payload: { ids: [a1.id, a2.id], status: 'Y' },
    });
    expect(both.json()).toEqual({ updated: 2 });
    const forA2 = await eventually(async () => {
      const e = await dispatchedFor(a2.id);
      return e.length ? e : undefined;
    }, 15_000);
    expect(forA2).toHaveLength(1);
    expect(Value.Check(BookDispatched.schema, forA2[0]!.data)).toBe(true);
    expect(forA2[0]!.data).toEqual({
      orderId: a2.id,
      userId: alice,
      bookSend: 'Y',
      tracking: null,
      changedAt: '2026-05-03T03:00:00.000Z',
    });
    // a1 was already Y on the second call: only its first change was told
    const forA1 = await dispatchedFor(a1.id);
    expect(forA1.map((e) => e.data.changedAt)).toEqual(['2026-05-01T03:00:00.000Z']);
  });

  it('a tracking number: one event with it; the same number again tells nobody', async () => {
    clock.at = new Date('2026-05-04T03:00:00Z');
    const put = (tracking: string) =>
      app.inject({
        method: 'PUT',
        url: `/admin/orders/${a1.id}/tracking`,
        headers: headers(),
        payload: { tracking },
      });
    expect((await put('EF123456789TH')).statusCode).toBe(200);
    clock.at = new Date('2026-05-05T03:00:00Z');
    expect((await put(' EF123456789TH ')).statusCode).toBe(200);
    // the positive signal that everything before it went out: a later change to another order
    await app.inject({
      method: 'POST',
      url: '/admin/orders/book-dispatch',
      headers: headers(),
      payload: { ids: [b1.id], status: 'C' },
    });
    await eventually(async () => ((await dispatchedFor(b1.id)).length ? true : undefined), 15_000);
    const forA1 = await dispatchedFor(a1.id);
    expect(forA1.map((e) => [e.data.bookSend, e.data.tracking, e.data.changedAt])).toEqual([
      ['Y', null, '2026-05-01T03:00:00.000Z'],
      ['Y', 'EF123456789TH', '2026-05-04T03:00:00.000Z'],
    ]);
  });

  it('book=toSend lists the paid orders with an address whose book is not sent (the dashboard’s books to dispatch)', async () => {
    const toSend = async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/admin/orders?book=toSend&pageSize=100',
        headers: headers(),
      });
      expect(res.statusCode).toBe(200);
      const page = res.json<{ items: AdminOrderRow[]; total: number }>();
      expect(page.total).toBe(page.items.length);
      return page.items.map((i) => i.id).sort();
    };
    // a1 and a2 are sent (Y), b1 cancelled (C) and has no address: none to send
    expect(await toSend()).toEqual([]);
    // a3: the address arrives while it waits for payment — listed once paid
    const a3 = await place(alice);
    await bookings.deliver(requested(a3.id, alice, { requestedAt: '2026-05-06T04:00:00.000Z' }), 'orders');
    expect(await toSend()).toEqual([]);
    await rows(app, `update orders set status = 'paid' where order_id = ?`, [a3.id]);
    expect(await toSend()).toEqual([a3.id]);
    // staff put a1 back to N (not sent): listed again; a2 (no address) stays out even at N
    for (const ids of [[a1.id], [a2.id]]) {
      const res = await app.inject({
        method: 'POST',
        url: '/admin/orders/book-dispatch',
        headers: headers(),
        payload: { ids, status: 'N' },
      });
      expect(res.json()).toEqual({ updated: 1 });
    }
    expect(await toSend()).toEqual([a1.id, a3.id].sort());
    // a bad value is refused
    const bad = await app.inject({ method: 'GET', url: '/admin/orders?book=sent', headers: headers() });
    expect(bad.statusCode).toBe(400);
  });
});

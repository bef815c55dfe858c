import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { loadThaiPlaces } from '@rian/kit/thai-places';
import { buildEvent, type Envelope, type EventData } from '@rian/proto-contracts/envelope';
import { PriceChanged } from '@rian/proto-contracts/catalog-commerce';
import { BookDeliveriesView, BookRequested, type BookDeliveryView } from '@rian/proto-contracts/bookings';
import { OrderPaid, type OrderView } from '@rian/proto-contracts/orders';
import type { AdminOrderRow } from '@rian/proto-contracts/orders-admin';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { buildApp as buildOrders } from '@rian/orders/app';
import { readConfig as ordersConfig } from '@rian/orders/config';
import { bearer, productChanged, startBookings, TestClock } from '../helpers.js';

/**
 * Book delivery end to end, with orders running beside bookings on the same test bus (D97):
 * a paid order of a product with a book opens a request; the member saves the address → orders'
 * dispatch list has it; staff's dispatch flag and tracking in orders → the member sees them.
 */
describe('book delivery (bookings ⇄ orders)', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let bookings: ServiceApp;
  let orders: ServiceApp;
  let catalogBus: TestBus;
  let ordersBus: TestBus;
  let staff: string;
  const clock = new TestClock(new Date('2026-11-26T03:00:00Z'));
  const alice = uuidv7();
  const bob = uuidv7();
  const withBook = uuidv7();
  const noBook = uuidv7();
  const price = uuidv7();
  let order: OrderView;
  let good: Record<string, unknown>;
  let keyN = 0;

  const member = (sub: string) =>
    issuer.member(sub, { membershipCodes: ['NL'], email: `${sub.slice(-8)}@example.com` });

  /** Publishes a catalog event once and waits until the services that read it have taken it. */
  async function catalog(event: Envelope, consumers = ['bookings', 'orders']) {
    const seq = await catalogBus.publish(event);
    for (const consumer of consumers)
      await eventually(async () => (await catalogBus.ackedUpTo(consumer, event.type)) >= seq, 15_000);
  }
  const paid = (orderId: string, userId: string, productId: string, orderNo = 1) =>
    buildEvent(
      OrderPaid,
      {
        orderId,
        orderNo,
        reference: `SPSK${String(orderNo).padStart(10, '0')}`,
        userId,
        productId,
        courseIds: ['c-1', 'c-2'],
        net: 150_000,
        paymentType: 4,
        paidAt: '2026-11-26T02:00:00.000Z',
        period: null,
      },
      { source: 'orders' },
    );
  const mine = async (sub: string) => {
    const res = await bookings.inject({
      method: 'GET',
      url: '/member/book-deliveries',
      headers: bearer(await member(sub)),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: BookDeliveryView[] }>().items;
  };
  const save = async (sub: string, orderId: string, payload: Record<string, unknown>) =>
    bookings.inject({
      method: 'PUT',
      url: `/member/book-deliveries/${orderId}`,
      headers: bearer(await member(sub)),
      payload,
    });
  const adminRow = async (orderId: string) => {
    const res = await orders.inject({
      method: 'GET',
      url: '/admin/orders?pageSize=100',
      headers: bearer(staff),
    });
    return res.json<{ items: AdminOrderRow[] }>().items.find((i) => i.id === orderId);
  };
  const requestedFor = async (orderId: string) =>
    (
      await publishedEvents<EventData<typeof BookRequested>>(
        env.namespace,
        'bookings',
        'bookings.book.requested',
      )
    ).filter((e) => e.data.orderId === orderId);

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    staff = await issuer.staff('staff', uuidv7());
    bookings = await startBookings(env, issuer, { clock });
    orders = await buildOrders(readConfig(), { tokenKeys: issuer.keys });
    await orders.ready();
    catalogBus = await TestBus.open(env, 'catalog');
    ordersBus = await TestBus.open(env, 'orders');
    await catalog(productChanged({ productId: withBook, title: 'เวิร์กช็อปพร้อมหนังสือ', book: 'Y' }));
    await catalog(productChanged({ productId: noBook, title: 'คอร์สออนไลน์', book: 'N' }));
    await catalog(
      buildEvent(
        PriceChanged,
        {
          priceId: price,
          productId: withBook,
          type: 'NL',
          member: 'NL',
          value: 150_000,
          show: 'N',
          start: null,
          to: null,
          title: 'ราคาปกติ',
          detail: null,
          fee: 'N',
          removed: false,
          revision: 1,
          changedAt: '2026-11-01T03:00:00.000Z',
        },
        { source: 'catalog' },
      ),
      ['orders'],
    );
    const res = await orders.inject({
      method: 'POST',
      url: '/checkout',
      headers: { ...bearer(await member(alice)), 'idempotency-key': `k-${++keyN}` },
      payload: { productId: withBook, priceId: price, paymentType: 4 },
    });
    expect(res.statusCode, res.body).toBe(201);
    order = res.json<{ order: OrderView }>().order;
    await orders.kit.orm.em
      .fork()
      .execute(`update orders set status = 'paid' where order_id = ?`, [order.id]);

    const places = await loadThaiPlaces();
    const sub = places.subDistricts(1027)![0]!;
    good = {
      fullname: '  สมชาย ใจดี ',
      tel: '0812345678',
      address: '99/1 ถนนสุขุมวิท',
      provinceId: 10,
      districtId: 1027,
      subDistrictId: sub.id,
      note: 'ฝากป้อมยาม',
    };
  }, 60_000);

  function readConfig() {
    return ordersConfig(env.envFor('orders', { PORT: '0' }));
  }

  afterAll(async () => {
    await orders?.close();
    await bookings?.close();
    await catalogBus?.close();
    await ordersBus?.close();
    await env?.cleanup();
  });

  it('a paid order of a product with a book opens a request (address needed); one without a book does not', async () => {
    await ordersBus.deliver(paid(order.id, alice, withBook, order.orderNo), 'bookings');
    await ordersBus.deliver(paid(uuidv7(), alice, noBook, 99), 'bookings');
    const items = await mine(alice);
    expect(items).toHaveLength(1);
    expect(Value.Check(BookDeliveriesView, { items })).toBe(true);
    expect(items[0]).toMatchObject({
      orderId: order.id,
      orderNo: order.orderNo,
      productId: withBook,
      productTitle: 'เวิร์กช็อปพร้อมหนังสือ',
      courseIds: ['c-1', 'c-2'],
      state: 'address_needed',
      address: null,
      bookSend: 'N',
      tracking: null,
      dispatchedAt: null,
    });
    expect(await mine(bob)).toEqual([]);
  });

  it('the paid event before the product: kept, and the request opens when the product arrives with a book', async () => {
    const late = uuidv7();
    const lateOrder = uuidv7();
    await ordersBus.deliver(paid(lateOrder, bob, late, 7), 'bookings');
    expect(await mine(bob)).toEqual([]);
    await catalog(productChanged({ productId: late, title: 'หนังสือมาทีหลัง', book: 'Y' }));
    const items = await mine(bob);
    expect(items.map((i) => [i.orderId, i.state, i.productTitle])).toEqual([
      [lateOrder, 'address_needed', 'หนังสือมาทีหลัง'],
    ]);
  });

  it('a product switched to book Y later opens nothing for orders paid before', async () => {
    const carol = uuidv7();
    const switched = uuidv7();
    await catalog(productChanged({ productId: switched, book: 'N', changedAt: '2026-11-01T00:00:00.000Z' }));
    await ordersBus.deliver(paid(uuidv7(), carol, switched, 8), 'bookings');
    await catalog(productChanged({ productId: switched, book: 'Y', changedAt: '2026-11-02T00:00:00.000Z' }));
    expect(await mine(carol)).toEqual([]);
  });

  it('a bad address: 400 naming the field, nothing saved, nothing told', async () => {
    const res = await save(alice, order.id, { ...good, districtId: 1001 });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json<{ errors: { field: string }[] }>().errors.map((e) => e.field)).toEqual(['subDistrictId']);
    const phone = await save(alice, order.id, { ...good, tel: '08123' });
    expect(phone.statusCode).toBe(400);
    expect((await mine(alice))[0]).toMatchObject({ state: 'address_needed', address: null });
  });

  it('another member, or no such request: 404; nothing changes', async () => {
    const res = await save(bob, order.id, good);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ code: string }>().code).toBe('bookings.delivery_not_found');
    expect((await save(alice, uuidv7(), good)).statusCode).toBe(404);
    expect((await mine(alice))[0]).toMatchObject({ state: 'address_needed', address: null });
    expect((await bookings.inject({ method: 'GET', url: '/member/book-deliveries' })).statusCode).toBe(401);
    expect(
      (await bookings.inject({ method: 'GET', url: '/member/book-deliveries', headers: bearer(staff) }))
        .statusCode,
    ).toBe(403);
  });

  it('saving the address: requested, names from the reference lists, phone sealed; orders gets it for its dispatch list', async () => {
    const res = await save(alice, order.id, good);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<BookDeliveryView>();
    expect(view).toMatchObject({
      state: 'requested',
      address: {
        fullname: 'สมชาย ใจดี',
        tel: '0812345678',
        address: '99/1 ถนนสุขุมวิท',
        provinceId: 10,
        provinceName: 'กรุงเทพมหานคร',
        districtId: 1027,
        note: 'ฝากป้อมยาม',
      },
    });
    expect(view.address!.zip).toMatch(/^[0-9]{5}$/);
    const [stored] = (await bookings.kit.orm.em
      .fork()
      .execute(`select tel_sealed from book_deliveries where order_id = ?`, [order.id])) as {
      tel_sealed: string;
    }[];
    expect(stored!.tel_sealed).toMatch(/^v1\./);
    expect(stored!.tel_sealed).not.toContain('0812345678');

    const row = await eventually(async () => (await adminRow(order.id))?.bookAddress ?? undefined, 15_000);
    expect(row).toMatchObject({
      fullname: 'สมชาย ใจดี',
      tel: '0812345678',
      zip: view.address!.zip,
      note: 'ฝากป้อมยาม',
      requestedAt: '2026-11-26T03:00:00.000Z',
    });
    expect(row.addressText).toContain('99/1 ถนนสุขุมวิท');
    expect(row.addressText).toContain(view.address!.subDistrictName);
    expect(row.addressText).toContain('กรุงเทพมหานคร');
    const [event] = await requestedFor(order.id);
    expect(Value.Check(BookRequested.schema, event!.data)).toBe(true);
  });

  it('editing it again tells orders again; the newest wins there', async () => {
    clock.at = new Date('2026-11-26T04:00:00Z');
    const res = await save(alice, order.id, { ...good, fullname: 'สมหญิง ใจดี', note: null });
    expect(res.statusCode).toBe(200);
    await eventually(
      async () => ((await adminRow(order.id))?.bookAddress?.fullname === 'สมหญิง ใจดี' ? true : undefined),
      15_000,
    );
    expect((await requestedFor(order.id)).length).toBe(2);
  });

  it('staff mark it sent and give the tracking in orders: the member sees dispatched and the number; no more edits', async () => {
    const flag = await orders.inject({
      method: 'POST',
      url: '/admin/orders/book-dispatch',
      headers: bearer(staff),
      payload: { ids: [order.id], status: 'Y' },
    });
    expect(flag.statusCode).toBe(200);
    const tracking = await orders.inject({
      method: 'PUT',
      url: `/admin/orders/${order.id}/tracking`,
      headers: bearer(staff),
      payload: { tracking: 'EF123456789TH' },
    });
    expect(tracking.statusCode).toBe(200);
    const seen = await eventually(async () => {
      const [d] = await mine(alice);
      return d?.tracking === 'EF123456789TH' ? d : undefined;
    }, 15_000);
    expect(seen).toMatchObject({ state: 'dispatched', bookSend: 'Y', tracking: 'EF123456789TH' });
    expect(seen.dispatchedAt).not.toBeNull();

    const refused = await save(alice, order.id, good);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('bookings.delivery_dispatched');
    expect(refused.body).toContain('หนังสือถูกจัดส่งแล้ว');
    expect((await mine(alice))[0]!.address!.fullname).toBe('สมหญิง ใจดี');
  });

  it('C cancels the request (no edits); N puts it back to requested with the address kept', async () => {
    const set = (status: 'Y' | 'N' | 'C') =>
      orders.inject({
        method: 'POST',
        url: '/admin/orders/book-dispatch',
        headers: bearer(staff),
        payload: { ids: [order.id], status },
      });
    expect((await set('C')).statusCode).toBe(200);
    await eventually(async () => ((await mine(alice))[0]?.state === 'cancelled' ? true : undefined), 15_000);
    const refused = await save(alice, order.id, good);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('bookings.delivery_cancelled');
    expect((await set('N')).statusCode).toBe(200);
    const back = await eventually(async () => {
      const [d] = await mine(alice);
      return d?.state === 'requested' ? d : undefined;
    }, 15_000);
    expect(back).toMatchObject({ bookSend: 'N', dispatchedAt: null });
    expect(back.address!.fullname).toBe('สมหญิง ใจดี');
  });
});

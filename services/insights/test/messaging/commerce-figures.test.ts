import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type EventData } from '@rian/proto-contracts/envelope';
import { UserStatusChanged } from '@rian/proto-contracts/auth-admin';
import {
  BookingConfirmed,
  BookingCreated,
  BookingDeleted,
  BookingUnconfirmed,
  BookRequested,
} from '@rian/proto-contracts/bookings';
import { BookDispatched, OrderCancelled } from '@rian/proto-contracts/orders-admin';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, order, startInsights } from '../helpers.js';

type Status = EventData<typeof UserStatusChanged>['to'];

/**
 * Premium conversions, bookings and books to dispatch (D144–D146) from events replayed through the
 * real consumers, with duplicates and events heard out of order; every number is worked by hand in
 * the comments. Each test uses its own days, so the tests do not see each other's figures.
 */
describe('the dashboard’s commerce figures from replayed events', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let issuer: TestTokenIssuer;
  let auth: TestBus;
  let bookings: TestBus;
  let orders: TestBus;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startInsights(env, issuer);
    auth = await TestBus.open(env, 'auth');
    bookings = await TestBus.open(env, 'bookings');
    orders = await TestBus.open(env, 'orders');
  });
  afterAll(async () => {
    await Promise.all([auth?.close(), bookings?.close(), orders?.close()]);
    await app?.close();
    await env?.cleanup();
  });

  const dashboard = async (query: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/admin/dashboard?${query}`,
      headers: bearer(await issuer.staff('staff')),
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  const statusChanged = (userId: string, from: Status, to: Status, changedAt: string) =>
    buildEvent(
      UserStatusChanged,
      { userId, from, to, changedBy: 'system:orders', changedAt },
      { source: 'auth' },
    );

  it('counts a Premium conversion once per member, on the Bangkok day they first became Premium', async () => {
    const somchai = uuidv7();
    const malee = uuidv7();
    const niran = uuidv7();
    // Somchai: New → Premium at 2025-06-01T17:30Z = 00:30 Bangkok on 2 June; Premium → Wait on 3 June;
    // Wait → Premium again on 5 June (not a second conversion)
    const first = statusChanged(somchai, 'New', 'Premium', '2025-06-01T17:30:00.000Z');
    await auth.deliver(first, 'insights');
    await auth.deliver(first, 'insights', `${first.id}-again`); // redelivered: the inbox skips it
    await auth.deliver(statusChanged(somchai, 'Premium', 'Wait', '2025-06-03T03:00:00.000Z'), 'insights');
    await auth.deliver(statusChanged(somchai, 'Wait', 'Premium', '2025-06-05T03:00:00.000Z'), 'insights');
    // Malee, heard out of order: Wait → Premium on 4 June arrives first, then her earlier
    // New → Premium at 2025-06-01T05:00Z (12:00 Bangkok, 1 June): her one conversion moves to 1 June
    await auth.deliver(statusChanged(malee, 'Wait', 'Premium', '2025-06-04T02:00:00.000Z'), 'insights');
    await auth.deliver(statusChanged(malee, 'New', 'Premium', '2025-06-01T05:00:00.000Z'), 'insights');
    // Niran never becomes Premium: New → Wait, and a Premium → Wait of someone heard Premium before us
    await auth.deliver(statusChanged(niran, 'New', 'Wait', '2025-06-02T05:00:00.000Z'), 'insights');
    await auth.deliver(statusChanged(uuidv7(), 'Premium', 'Wait', '2025-06-02T06:00:00.000Z'), 'insights');

    // 1–5 June: Malee on 1 June, Somchai on 2 June; 4 June's row went back to 0 when Malee moved
    const june = await dashboard('from=2025-06-01&to=2025-06-05&bucket=day');
    expect(june.members.premiumConversions).toBe(2);
    expect(june.members.series).toEqual([
      { bucket: '2025-06-01', newMembers: 0, premiumConversions: 1 },
      { bucket: '2025-06-02', newMembers: 0, premiumConversions: 1 },
      { bucket: '2025-06-04', newMembers: 0, premiumConversions: 0 },
    ]);
    // 3–5 June alone: Somchai's second Premium and Malee's later one count nothing
    expect((await dashboard('from=2025-06-03&to=2025-06-05')).members.premiumConversions).toBe(0);
    // a paid order of a Premium price (membershipCode SPTR) is no conversion by itself
    const paid = order({
      productId: uuidv7(),
      total: 150_000,
      discount: 0,
      createdAt: '2025-06-02T02:00:00.000Z',
      paidAt: '2025-06-02T02:05:00.000Z',
      membershipCode: 'SPTR',
    });
    await orders.deliver(paid.created, 'insights');
    await orders.deliver(paid.paid, 'insights');
    expect((await dashboard('from=2025-06-01&to=2025-06-05')).members.premiumConversions).toBe(2);
  });

  it('counts bookings made per Bangkok day and those waiting for confirmation now', async () => {
    const productId = uuidv7();
    const person = (bookingId: string) => ({
      bookingId,
      productId,
      productTitle: 'Forex Seminar',
      userId: null,
      email: 'somsri@example.com',
      name: 'สมศรี',
      lname: 'ใจงาม',
    });
    const created = (bookingId: string, createdAt: string) =>
      buildEvent(
        BookingCreated,
        { ...person(bookingId), key: 'SEM-2025', hasSlip: false, amount: null, createdAt },
        { source: 'bookings' },
      );
    const confirmed = (bookingId: string, confirmedAt: string) =>
      buildEvent(
        BookingConfirmed,
        { ...person(bookingId), confirmedBy: uuidv7(), confirmedAt },
        { source: 'bookings' },
      );
    const before = (await dashboard('from=2025-07-01&to=2025-07-03')).bookings;
    expect(before.made).toBe(0);

    const b1 = uuidv7();
    const b2 = uuidv7();
    const b3 = uuidv7();
    const b4 = uuidv7();
    // B4 at 2025-07-01T16:59Z = 23:59 Bangkok on 1 July, delivered twice; waits
    const b4Created = created(b4, '2025-07-01T16:59:00.000Z');
    await bookings.deliver(b4Created, 'insights');
    await bookings.deliver(b4Created, 'insights', `${b4Created.id}-again`);
    // B1 at 2025-07-01T18:00Z = 01:00 Bangkok on 2 July; confirmed, then confirmed again after staff
    // took the confirmation back (a second event, another id)
    await bookings.deliver(created(b1, '2025-07-01T18:00:00.000Z'), 'insights');
    await bookings.deliver(confirmed(b1, '2025-07-02T03:00:00.000Z'), 'insights');
    await bookings.deliver(confirmed(b1, '2025-07-02T04:00:00.000Z'), 'insights');
    // B2 on 2 July, never confirmed: waits
    await bookings.deliver(created(b2, '2025-07-02T04:00:00.000Z'), 'insights');
    // B3: its confirmation heard before its creation (3 July): made, never waiting
    await bookings.deliver(confirmed(b3, '2025-07-03T11:00:00.000Z'), 'insights');
    await bookings.deliver(created(b3, '2025-07-03T10:00:00.000Z'), 'insights');

    // made: 1 July B4; 2 July B1, B2; 3 July B3. Waiting now: B4 and B2 (plus any made before)
    expect((await dashboard('from=2025-07-01&to=2025-07-01')).bookings.made).toBe(1);
    const july = (await dashboard('from=2025-07-02&to=2025-07-03')).bookings;
    expect(july.made).toBe(3);
    expect(july.toConfirm).toBe(before.toConfirm + 2);
    expect((await dashboard('from=2025-07-01&to=2025-07-03')).bookings).toEqual({
      made: 4,
      toConfirm: before.toConfirm + 2,
    });

    // staff confirm B2: one waits (B4)
    await bookings.deliver(confirmed(b2, '2025-07-04T03:00:00.000Z'), 'insights');
    expect((await dashboard('from=2025-07-01&to=2025-07-03')).bookings).toEqual({
      made: 4,
      toConfirm: before.toConfirm + 1,
    });

    // staff take B1's confirmation back on 4 July; a stale confirmation (2 July 05:00) heard after it
    // changes nothing: B4 and B1 wait
    const staff = uuidv7();
    await bookings.deliver(
      buildEvent(
        BookingUnconfirmed,
        { ...person(b1), unconfirmedBy: staff, unconfirmedAt: '2025-07-04T05:00:00.000Z' },
        { source: 'bookings' },
      ),
      'insights',
    );
    await bookings.deliver(confirmed(b1, '2025-07-02T05:00:00.000Z'), 'insights');
    expect((await dashboard('from=2025-07-01&to=2025-07-03')).bookings).toEqual({
      made: 4,
      toConfirm: before.toConfirm + 2,
    });

    // staff delete B4 (made 1 July): it waits no more and leaves 1 July; B5's deletion is heard
    // before its creation (3 July): never made, never waiting
    const deleted = (bookingId: string) =>
      buildEvent(
        BookingDeleted,
        { ...person(bookingId), deletedBy: staff, deletedAt: '2025-07-05T03:00:00.000Z' },
        { source: 'bookings' },
      );
    const b5 = uuidv7();
    const b4Deleted = deleted(b4);
    await bookings.deliver(b4Deleted, 'insights');
    await bookings.deliver(b4Deleted, 'insights', `${b4Deleted.id}-again`);
    await bookings.deliver(deleted(b5), 'insights');
    await bookings.deliver(created(b5, '2025-07-03T12:00:00.000Z'), 'insights');
    expect((await dashboard('from=2025-07-01&to=2025-07-01')).bookings.made).toBe(0);
    expect((await dashboard('from=2025-07-01&to=2025-07-03')).bookings).toEqual({
      made: 3, // B1, B2 (2 July), B3 (3 July)
      toConfirm: before.toConfirm + 1, // B1
    });
  });

  it('counts paid books with an address and not marked sent; cancelled orders wait no more', async () => {
    const book = uuidv7();
    const paidOrder = (day: string) =>
      order({
        productId: book,
        total: 99_000,
        discount: 0,
        createdAt: `${day}T03:00:00.000Z`,
        paidAt: `${day}T03:10:00.000Z`,
      });
    const requested = (orderId: string, requestedAt: string) =>
      buildEvent(
        BookRequested,
        {
          orderId,
          userId: uuidv7(),
          productId: book,
          fullname: 'สมชาย ใจดี',
          tel: '0812345678',
          addressText: '1 ถนนสุขุมวิท คลองเตย กรุงเทพมหานคร 10110',
          zip: '10110',
          note: null,
          requestedAt,
        },
        { source: 'bookings' },
      );
    const dispatched = (orderId: string, bookSend: 'Y' | 'N' | 'C', changedAt: string) =>
      buildEvent(
        BookDispatched,
        { orderId, userId: uuidv7(), bookSend, tracking: bookSend === 'Y' ? 'TH123' : null, changedAt },
        { source: 'orders' },
      );
    const start = (await dashboard('from=2025-08-01&to=2025-08-01')).waiting;

    const o1 = paidOrder('2025-08-01');
    const o2 = paidOrder('2025-08-02');
    const o3 = paidOrder('2025-08-03');
    const o4 = paidOrder('2025-08-04');
    const o5 = paidOrder('2025-08-05');
    const o6 = paidOrder('2025-08-06');
    for (const o of [o1, o2, o3, o4, o5]) {
      await orders.deliver(o.created, 'insights');
      await orders.deliver(o.paid, 'insights');
    }
    // O1: address given, then changed (newest kept), never dispatched → to send
    await bookings.deliver(requested(o1.orderId, '2025-08-01T05:00:00.000Z'), 'insights');
    await bookings.deliver(requested(o1.orderId, '2025-08-01T06:00:00.000Z'), 'insights');
    // O2: marked sent (Y) heard before its address → sent, not listed
    await orders.deliver(dispatched(o2.orderId, 'Y', '2025-08-03T03:00:00.000Z'), 'insights');
    await bookings.deliver(requested(o2.orderId, '2025-08-02T05:00:00.000Z'), 'insights');
    // O3: address; staff set Y at 09:00 then back to N at 10:00, heard newest first → N wins → to send
    await bookings.deliver(requested(o3.orderId, '2025-08-03T05:00:00.000Z'), 'insights');
    const o3Back = dispatched(o3.orderId, 'N', '2025-08-04T10:00:00.000Z');
    await orders.deliver(o3Back, 'insights');
    await orders.deliver(dispatched(o3.orderId, 'Y', '2025-08-04T09:00:00.000Z'), 'insights');
    await orders.deliver(o3Back, 'insights', `${o3Back.id}-again`);
    // O4: address; flag C (cancelled) → not listed
    await bookings.deliver(requested(o4.orderId, '2025-08-04T05:00:00.000Z'), 'insights');
    await orders.deliver(dispatched(o4.orderId, 'C', '2025-08-05T03:00:00.000Z'), 'insights');
    // O5: paid, no address yet → not listed
    // O6: address heard before insights hears the order paid → listed once paid
    await bookings.deliver(requested(o6.orderId, '2025-08-06T05:00:00.000Z'), 'insights');
    expect((await dashboard('from=2025-08-01&to=2025-08-01')).waiting.booksToDispatch).toBe(
      start.booksToDispatch + 2, // O1, O3
    );
    await orders.deliver(o6.created, 'insights');
    await orders.deliver(o6.paid, 'insights');
    expect((await dashboard('from=2025-08-01&to=2025-08-01')).waiting.booksToDispatch).toBe(
      start.booksToDispatch + 3, // O1, O3, O6
    );
    // staff mark O1 sent: two remain
    await orders.deliver(dispatched(o1.orderId, 'Y', '2025-08-07T03:00:00.000Z'), 'insights');
    expect((await dashboard('from=2025-08-01&to=2025-08-01')).waiting.booksToDispatch).toBe(
      start.booksToDispatch + 2, // O3, O6
    );

    // orders waiting for payment: W1, W2 placed; W1 cancelled; W3's cancellation heard before its
    // creation → only W2 waits
    const w1 = paidOrder('2025-08-07');
    const w2 = paidOrder('2025-08-08');
    const w3 = paidOrder('2025-08-09');
    const cancelled = (o: { orderId: string }, cancelledAt: string) =>
      buildEvent(
        OrderCancelled,
        {
          orderId: o.orderId,
          orderNo: 1,
          reference: `R-${o.orderId.slice(-6)}`,
          userId: uuidv7(),
          couponId: null,
          cancelledBy: 'code',
          cancelledAt,
        },
        { source: 'orders' },
      );
    await orders.deliver(w1.created, 'insights');
    await orders.deliver(w2.created, 'insights');
    expect((await dashboard('from=2025-08-01&to=2025-08-01')).waiting.ordersWaiting).toBe(
      start.ordersWaiting + 2,
    );
    await orders.deliver(cancelled(w1, '2025-08-07T05:00:00.000Z'), 'insights');
    await orders.deliver(cancelled(w3, '2025-08-09T05:00:00.000Z'), 'insights');
    await orders.deliver(w3.created, 'insights');
    expect((await dashboard('from=2025-08-01&to=2025-08-01')).waiting.ordersWaiting).toBe(
      start.ordersWaiting + 1,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent } from '@rian/proto-contracts/envelope';
import { OrderCancelled } from '@rian/proto-contracts/orders-admin';
import { OrderCreated } from '@rian/proto-contracts/orders';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, orderCreated, removeDir, startPayments, tempDir } from '../../helpers.js';

/** orders.order.created / cancelled → payment attempts, fed as orders' relay publishes them. */
describe('orders events → payment attempts', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let bus: TestBus;
  let dir: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    dir = await tempDir();
    app = await startPayments(env, issuer, { env: { PAYMENTS_SLIP_DIR: dir } });
    bus = await TestBus.open(env, 'orders');
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await env?.cleanup();
    await removeDir(dir);
  });

  const attempts = async (orderId: string) =>
    (await app.kit.orm.em
      .fork()
      .execute(
        `select period, amount::int, status, due_date::text from payment_attempts where order_id = ? order by period`,
        [orderId],
      )) as { period: number; amount: number; status: string; due_date: string | null }[];

  const view = async (userId: string, orderId: string) =>
    app.inject({ method: 'GET', url: `/payments/${orderId}`, headers: bearer(await issuer.member(userId)) });

  it('opens one attempt for the net in the event; the buyer sees it waiting to pay', async () => {
    const userId = uuidv7();
    const ev = orderCreated(userId, { net: 123_456, total: 150_000, discount: 26_544 });
    await bus.deliver(ev, 'payments');
    expect(await attempts(ev.data.orderId)).toEqual([
      { period: 1, amount: 123_456, status: 'create', due_date: null },
    ]);
    const res = await view(userId, ev.data.orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      orderId: ev.data.orderId,
      reference: ev.data.reference,
      net: 123_456,
      paymentType: 4,
      attempts: [{ period: null, amount: 123_456, status: 'create', slips: [] }],
    });
  });

  it('the same event delivered twice, or the same order sent as a new event: still one attempt', async () => {
    const ev = orderCreated(uuidv7());
    await bus.deliver(ev, 'payments');
    await bus.deliver(ev, 'payments', `${ev.id}-again`); // past publish dedup: the inbox skips it
    // a new event id for the same order: the unique (order, period) keeps the first amount
    await bus.deliver(buildEvent(OrderCreated, { ...ev.data, net: 1 }, { source: 'orders' }), 'payments');
    const rows = await attempts(ev.data.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amount).toBe(150_000);
  });

  it('instalments (type 8): one attempt per schedule row, with its own amount and due day', async () => {
    const ev = orderCreated(uuidv7(), {
      paymentType: 8,
      net: 100_000,
      schedule: [
        { period: 1, dueDate: '2026-04-15', amount: 33_334 },
        { period: 2, dueDate: '2026-05-15', amount: 33_334 },
        { period: 3, dueDate: '2026-06-15', amount: 33_332 },
      ],
    });
    await bus.deliver(ev, 'payments');
    expect(await attempts(ev.data.orderId)).toEqual([
      { period: 1, amount: 33_334, status: 'create', due_date: '2026-04-15' },
      { period: 2, amount: 33_334, status: 'create', due_date: '2026-05-15' },
      { period: 3, amount: 33_332, status: 'create', due_date: '2026-06-15' },
    ]);
  });

  it('a cancelled order closes its attempts (not)', async () => {
    const ev = orderCreated(uuidv7());
    await bus.deliver(ev, 'payments');
    await bus.deliver(
      buildEvent(OrderCancelled, cancelData(ev.data.orderId), { source: 'orders' }),
      'payments',
    );
    expect((await attempts(ev.data.orderId)).map((a) => a.status)).toEqual(['not']);
  });
});

function cancelData(orderId: string) {
  return {
    orderId,
    orderNo: 1,
    reference: 'SPSK0000000001',
    userId: 'u',
    couponId: null,
    cancelledBy: 'code',
    cancelledAt: '2026-04-16T03:00:00.000Z',
  };
}

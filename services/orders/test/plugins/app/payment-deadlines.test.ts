import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type EventData } from '@rian/proto-contracts/envelope';
import type { OrderView } from '@rian/proto-contracts/orders';
import { OrderCancelled } from '@rian/proto-contracts/orders-admin';
import { PaymentRejected, SlipSubmitted } from '@rian/proto-contracts/payments';
import { buildApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';
import {
  CatalogBus,
  newId,
  planChanged,
  priceChanged,
  productChanged,
  rows,
  TestClock,
} from '../../helpers.js';

const HOUR = 3_600_000;

/**
 * Unpaid orders expire after ORDERS_PAYMENT_DEADLINE_HOURS (72 here): the app's own poller (every
 * 100 ms in this test) cancels them like a cancel by code; a slip under review holds the deadline,
 * a rejected slip restarts it from the rejection.
 */
describe('payment deadlines', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let payments: TestBus;
  let catalog: CatalogBus;
  let issuer: TestTokenIssuer;
  const start = new Date('2026-04-15T05:00:00Z');
  const clock = new TestClock(start);
  const at = (hours: number) => new Date(start.getTime() + hours * HOUR);
  const product = newId();
  const price = newId();
  const plan = newId();
  let key = 0;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await buildApp(
      readConfig(
        env.envFor('orders', {
          PORT: '0',
          ORDERS_PAYMENT_DEADLINE_HOURS: '72',
          ORDERS_DEADLINE_POLL_SECONDS: '0.1',
        }),
      ),
      { tokenKeys: issuer.keys, clock: clock.now },
    );
    await app.ready();
    catalog = await CatalogBus.open(env);
    payments = await TestBus.open(env, 'payments');
    for (const e of [
      productChanged(product),
      priceChanged(product, price, { member: 'NL', value: 150_000 }),
      planChanged(product, plan, { count: 3, start: '2026-04-01', to: '2026-04-30' }),
    ]) {
      await catalog.deliver(e);
    }
  });

  afterAll(async () => {
    await app?.close();
    await catalog?.close();
    await payments?.close();
    await env?.cleanup();
  });

  async function placeOrder(paymentType: 4 | 8): Promise<OrderView> {
    const sub = newId();
    const token = await issuer.member(sub, { membershipCodes: [], email: `${sub}@example.com` });
    const res = await app.inject({
      method: 'POST',
      url: '/checkout',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `k-${++key}` },
      payload: {
        productId: product,
        priceId: price,
        paymentType,
        ...(paymentType === 8 ? { planId: plan } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ order: OrderView }>().order;
  }

  const status = async (id: string) =>
    (await rows(app, `select status from orders where order_id = ?`, [id]))[0]!.status as string;
  const transfers = async (id: string) =>
    (await rows(app, `select status from order_transfers where order_id = ? order by period`, [id])).map(
      (r) => r.status,
    );
  const cancelledEvents = async (orderId: string) =>
    (
      await publishedEvents<EventData<typeof OrderCancelled>>(env.namespace, 'orders', OrderCancelled.type)
    ).filter((e) => e.data.orderId === orderId);
  /** a few poll rounds: what the poller would have done by now, it has done */
  const settle = () => new Promise((r) => setTimeout(r, 400));
  const slipEvent = (o: OrderView, period: number | null) => ({
    slipId: newId(),
    attemptId: newId(),
    orderId: o.id,
    orderNo: o.orderNo,
    reference: o.reference,
    userId: o.userId,
    period,
    amount: period ? o.installments[period - 1]!.amount : o.net,
  });

  it('72 h after ordering (not a minute before) the unpaid order is cancelled, with its instalments, once', async () => {
    clock.at = start;
    const transfer = await placeOrder(4);
    const instalments = await placeOrder(8);
    clock.at = new Date(at(72).getTime() - 60_000);
    await settle();
    expect(await status(transfer.id)).toBe('wait');

    clock.at = at(72);
    await eventually(async () => expect(await status(transfer.id)).toBe('not'));
    await eventually(async () => expect(await status(instalments.id)).toBe('not'));
    expect(await transfers(instalments.id)).toEqual(['not', 'not', 'not']);
    const events = await eventually(async () => {
      const all = await cancelledEvents(transfer.id);
      return all.length ? all : undefined;
    });
    await settle();
    expect(await cancelledEvents(transfer.id)).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ reference: transfer.reference, cancelledBy: 'deadline' });
  });

  it('a slip under review holds the deadline; a rejection restarts it from the rejection', async () => {
    clock.at = start;
    const o = await placeOrder(8);
    await payments.deliver(
      buildEvent(
        SlipSubmitted,
        {
          ...slipEvent(o, 1),
          paymentDate: '2026-04-15',
          paymentTime: '13:00',
          submittedAt: at(1).toISOString(),
        },
        { source: 'payments' },
      ),
      'orders',
    );
    expect(await transfers(o.id)).toEqual(['wait', 'create', 'create']);
    clock.at = at(100);
    await settle();
    expect(await status(o.id)).toBe('wait');

    await payments.deliver(
      buildEvent(
        PaymentRejected,
        { ...slipEvent(o, 1), note: 'ยอดเงินไม่ตรง', rejectedBy: 'staff-1', rejectedAt: at(100).toISOString() },
        { source: 'payments' },
      ),
      'orders',
    );
    expect(await transfers(o.id)).toEqual(['create', 'create', 'create']);
    clock.at = at(171);
    await settle();
    expect(await status(o.id)).toBe('wait');
    clock.at = at(172);
    await eventually(async () => expect(await status(o.id)).toBe('not'));
  });

  it('a paid order never expires', async () => {
    clock.at = start;
    const o = await placeOrder(4);
    await rows(app, `update orders set status = 'paid' where order_id = ?`, [o.id]);
    clock.at = at(1000);
    await settle();
    expect(await status(o.id)).toBe('paid');
  });
});

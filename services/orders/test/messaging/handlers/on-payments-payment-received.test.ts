import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type EventData } from '@rian/proto-contracts/envelope';
import { OrderPaid, type OrderView } from '@rian/proto-contracts/orders';
import { PaymentApproved, PaymentSucceeded } from '@rian/proto-contracts/payments';
import {
  CatalogBus,
  coursesChanged,
  newId,
  planChanged,
  priceChanged,
  productChanged,
  rows,
  TestClock,
  startOrders,
} from '../../helpers.js';

interface Payment {
  orderId: string;
  orderNo: number;
  reference: string;
  userId: string;
  period: number | null;
  amount: number;
}

/**
 * The two ways payments says "paid" — a slip staff approved, a provider's verified payment (QR here,
 * as a bank-transfer order may be paid) — share one code path in orders, and this suite runs for each.
 */
const KINDS = [
  {
    type: PaymentApproved.type,
    approveBy: 'staff-1',
    event: (p: Payment) =>
      buildEvent(
        PaymentApproved,
        {
          ...p,
          slipId: newId(),
          attemptId: newId(),
          method: 'slip',
          approvedBy: 'staff-1',
          approvedAt: '2026-04-16T02:30:00.000Z',
        },
        { source: 'payments' },
      ),
  },
  {
    type: PaymentSucceeded.type,
    approveBy: 'kbank:qr',
    event: (p: Payment) =>
      buildEvent(
        PaymentSucceeded,
        {
          ...p,
          attemptId: newId(),
          method: 'qr',
          provider: 'kbank',
          sessionId: 'a1b2c3d4e5f6a7b8c9d0',
          providerTransactionId: 'chrg_test_0001',
          succeededAt: '2026-04-16T02:30:00.000Z',
        },
        { source: 'payments' },
      ),
  },
];

/**
 * payments.payment.approved or .succeeded → the order is paid (type 8: with its first instalment) and
 * orders.order.paid is published once, with the courses the product grants. Orders are placed by
 * checkout (catalog known from its events); payments' events are published as its relay would.
 */
describe.each(KINDS)('$type → order paid', (kind) => {
  let env: TestEnv;
  let app: ServiceApp;
  let catalog: CatalogBus;
  let payments: TestBus;
  let issuer: TestTokenIssuer;
  const clock = new TestClock(new Date('2026-04-15T05:00:00Z'));
  const product = newId();
  const price = newId();
  const cohortPrice = newId();
  const plan = newId();
  const courses = [newId(), newId()];
  let key = 0;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startOrders(env, clock, { tokenKeys: issuer.keys });
    catalog = await CatalogBus.open(env);
    payments = await TestBus.open(env, 'payments');
    for (const e of [
      productChanged(product),
      priceChanged(product, price, { member: 'NL', value: 150_000 }),
      priceChanged(product, cohortPrice, { member: 'CG1', value: 120_000, title: 'ราคารุ่น' }),
      planChanged(product, plan, { count: 3, start: '2026-04-01', to: '2026-04-30' }),
      coursesChanged(product, courses, 1),
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

  async function placeOrder(paymentType: 4 | 8, at = { priceId: price, code: 'NL' }): Promise<OrderView> {
    const sub = newId();
    const token = await issuer.member(sub, { membershipCodes: [at.code], email: `${sub}@example.com` });
    const res = await app.inject({
      method: 'POST',
      url: '/checkout',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `k-${++key}` },
      payload: {
        productId: product,
        priceId: at.priceId,
        paymentType,
        ...(paymentType === 8 ? { planId: plan } : {}),
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ order: OrderView }>().order;
  }

  const approved = (o: OrderView, period: number | null, amount = o.net) =>
    kind.event({
      orderId: o.id,
      orderNo: o.orderNo,
      reference: o.reference,
      userId: o.userId,
      period,
      amount,
    });

  const paidEvents = async (orderId: string) =>
    (await publishedEvents<EventData<typeof OrderPaid>>(env.namespace, 'orders', OrderPaid.type)).filter(
      (e) => e.data.orderId === orderId,
    );
  const order = async (id: string) =>
    (await rows(app, `select status, approve_by, approve_date from orders where order_id = ?`, [id]))[0]!;

  it('a bank-transfer order: paid, approve_by/date recorded, one orders.order.paid with its courses', async () => {
    const o = await placeOrder(4);
    const ev = approved(o, null);
    await payments.deliver(ev, 'orders');
    expect(await order(o.id)).toMatchObject({ status: 'paid', approve_by: kind.approveBy });
    expect(new Date((await order(o.id)).approve_date as string).toISOString()).toBe(
      '2026-04-16T02:30:00.000Z',
    );

    const paid = await eventually(async () => {
      const all = await paidEvents(o.id);
      return all.length ? all : undefined;
    });
    expect(paid).toHaveLength(1);
    expect(paid[0]!.data).toEqual({
      orderId: o.id,
      orderNo: o.orderNo,
      reference: o.reference,
      userId: o.userId,
      productId: product,
      courseIds: courses,
      net: 150_000,
      paymentType: 4,
      paidAt: '2026-04-16T02:30:00.000Z',
      period: null,
      membershipCode: 'NL',
      userEmail: `${o.userId}@example.com`,
      productTitle: 'คอร์สเทรดทองคำ (Gold trading)',
    });
    expect(paid[0]!.causationId).toBe(ev.id);

    // the same event again (past publish dedup), and the same payment as a new event: nothing more
    await payments.deliver(ev, 'orders', `${ev.id}-again`);
    await payments.deliver(approved(o, null), 'orders');
    await new Promise((r) => setTimeout(r, 700)); // a second event would have been relayed by now
    expect(await paidEvents(o.id)).toHaveLength(1);
  });

  it('orders.order.paid carries the membership code of the price the order was bought at', async () => {
    const o = await placeOrder(4, { priceId: cohortPrice, code: 'CG1' });
    await payments.deliver(approved(o, null), 'orders');
    const paid = await eventually(async () => {
      const all = await paidEvents(o.id);
      return all.length ? all : undefined;
    });
    expect(paid[0]!.data).toMatchObject({ orderId: o.id, net: 120_000, membershipCode: 'CG1' });
  });

  it('instalments: the first approved instalment pays the order; later ones mark only their row', async () => {
    const o = await placeOrder(8);
    expect(o.installments).toHaveLength(3);
    await payments.deliver(approved(o, 1, o.installments[0]!.amount), 'orders');
    expect((await order(o.id)).status).toBe('paid');
    await payments.deliver(approved(o, 2, o.installments[1]!.amount), 'orders');
    const transfers = await rows(
      app,
      `select period, status from order_transfers where order_id = ? order by period`,
      [o.id],
    );
    expect(transfers).toEqual([
      { period: 1, status: 'finish' },
      { period: 2, status: 'finish' },
      { period: 3, status: 'create' },
    ]);
    const paid = await eventually(async () => {
      const all = await paidEvents(o.id);
      return all.length ? all : undefined;
    });
    await new Promise((r) => setTimeout(r, 700));
    expect(await paidEvents(o.id)).toHaveLength(1);
    expect(paid[0]!.data).toMatchObject({ period: 1, paymentType: 8, net: o.net });
  });

  it('a cancelled order stays cancelled and nothing is published', async () => {
    const o = await placeOrder(4);
    await rows(app, `update orders set status = 'not' where order_id = ?`, [o.id]);
    await payments.deliver(approved(o, null), 'orders');
    expect((await order(o.id)).status).toBe('not');
    await new Promise((r) => setTimeout(r, 700));
    expect(await paidEvents(o.id)).toHaveLength(0);
  });
});

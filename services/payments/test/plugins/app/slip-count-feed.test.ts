import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { createTestEnv, eventually, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import { BusNames } from '@rian/kit/nats';
import { subscribeLive } from '@rian/kit/live';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent } from '@rian/proto-contracts/envelope';
import { OrderCancelled } from '@rian/proto-contracts/orders-admin';
import {
  SLIPS_WAITING_TOPIC,
  type AdminSlipRow,
  type OrderPaymentsView,
} from '@rian/proto-contracts/payments';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import {
  bearer,
  orderCreated,
  removeDir,
  slipForm,
  slipImage,
  startPayments,
  tempDir,
} from '../../helpers.js';

/**
 * The admin badge's live count: what a listener on the live subject (the gateway) hears after each
 * committed change — submitted, approved, rejected, order cancelled — with the real NATS.
 */
describe('waiting-slip count on the live subject', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let bus: TestBus;
  let dir: string;
  let nc: NatsConnection;
  let sub: Subscription;
  let staff: string;
  const heard: { wait: number }[] = [];

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    dir = await tempDir();
    app = await startPayments(env, issuer, { env: { PAYMENTS_SLIP_DIR: dir } });
    bus = await TestBus.open(env, 'orders');
    staff = await issuer.staff('staff');
    nc = await connect({ servers: env.envFor('payments').NATS_URL });
    sub = subscribeLive<{ wait: number }>(nc, new BusNames(env.namespace), SLIPS_WAITING_TOPIC, (d) =>
      heard.push(d),
    );
    await nc.flush();
  });

  afterAll(async () => {
    sub?.unsubscribe();
    await nc?.close();
    await app?.close();
    await bus?.close();
    await env?.cleanup();
    await removeDir(dir);
  });

  /** Waits until the listener heard `wait` as the latest count. */
  const hears = async (wait: number) => {
    await eventually(() => heard.at(-1)?.wait === wait, 5_000, 20);
  };

  async function submitted() {
    const userId = uuidv7();
    const ev = orderCreated(userId);
    await bus.deliver(ev, 'payments');
    const form = await slipForm(await slipImage('png'));
    const res = await app.inject({
      method: 'POST',
      url: `/payments/${ev.data.orderId}/slip`,
      headers: { ...form.headers, ...bearer(await issuer.member(userId)) },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    return { event: ev, slipId: res.json<OrderPaymentsView>().attempts[0]!.slips[0]!.id };
  }

  const review = (slipId: string, action: 'approve' | 'reject') =>
    app.inject({
      method: 'POST',
      url: `/admin/slips/${slipId}/${action}`,
      headers: bearer(staff),
      ...(action === 'reject' ? { payload: { note: 'ยอดเงินไม่ตรง' } } : {}),
    });

  it('submitting, approving and rejecting each publish the new count, the same as GET /admin/slips/count', async () => {
    const a = await submitted();
    await hears(1);
    const b = await submitted();
    await hears(2);

    const approved = await review(a.slipId, 'approve');
    expect(approved.json<AdminSlipRow>().status).toBe('approved');
    await hears(1);

    const rejected = await review(b.slipId, 'reject');
    expect(rejected.json<AdminSlipRow>().status).toBe('rejected');
    await hears(0);

    const count = await app.inject({ url: '/admin/slips/count', headers: bearer(staff) });
    expect(count.json()).toEqual({ wait: 0 });
  });

  it('an order cancelled while its slip waits: the count is published once the cancellation committed', async () => {
    const c = await submitted();
    await hears(1);
    const before = heard.length;
    await bus.deliver(
      buildEvent(
        OrderCancelled,
        {
          orderId: c.event.data.orderId,
          orderNo: c.event.data.orderNo,
          reference: c.event.data.reference,
          userId: c.event.data.userId,
          couponId: null,
          cancelledBy: 'code',
          cancelledAt: new Date().toISOString(),
        },
        { source: 'orders' },
      ),
      'payments',
    );
    // the slip still waits (staff may only reject it now): the announced count says so
    await eventually(() => heard.length > before, 5_000, 20);
    expect(heard.at(-1)).toEqual({ wait: 1 });
    expect((await review(c.slipId, 'approve')).statusCode).toBe(409);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import type { EventData } from '@rian/proto-contracts/envelope';
import type { OrderCreated } from '@rian/proto-contracts/orders';
import type { OrderPaymentsView, QrPayment } from '@rian/proto-contracts/payments';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { kbankChecksum, type KbankNotice } from '../../src/domain/kbank-checksum.js';
import type { FakeProvider } from '../fakes/provider.js';
import { bearer, orderCreated, startPaymentsWithProvider } from '../helpers.js';

/**
 * Issue 11 §3: a KBank notification settles only the session whose provider reference it names. Two
 * orders of the same amount, each with its own charge (or QR order) at the provider simulator; the
 * notice of one, re-addressed to the other, changes nothing. Its own file: the gateways suite counts
 * provider calls against the breaker.
 */
describe('KBank notifications are bound to their own session', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let bus: TestBus;
  let fake: FakeProvider;
  let base: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    ({ app, fake, base } = await startPaymentsWithProvider(env, issuer));
    bus = await TestBus.open(env, 'orders');
  });

  afterAll(async () => {
    await app?.close();
    await fake?.stop();
    await bus?.close();
    await env?.cleanup();
  });

  async function order(extra: Partial<EventData<typeof OrderCreated>>) {
    const userId = uuidv7();
    const ev = orderCreated(userId, extra);
    await bus.deliver(ev, 'payments');
    const view = await app.inject({
      method: 'GET',
      url: `/payments/${ev.data.orderId}`,
      headers: bearer(await issuer.member(userId)),
    });
    return { orderId: ev.data.orderId, ref: view.json<OrderPaymentsView>().attempts[0]!.ref! };
  }
  const attemptStatus = async (orderId: string) =>
    (
      (await app.kit.orm.em
        .fork()
        .execute(`select status from payment_attempts where order_id = ?`, [orderId])) as { status: string }[]
    )[0]!.status;
  const notifyKbank = (body: Record<string, unknown>) =>
    fetch(`${base}/callbacks/kbank`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  /** A notice signed with the real key: what a leaked key or a provider's mistake could send. */
  const resign = (body: Record<string, unknown>) => ({
    ...body,
    checksum: kbankChecksum(body as unknown as KbankNotice, fake.apiKey),
  });

  it("UnionPay: a genuine notice re-addressed to another order's session (same amount) is refused and logged; it settles its own", async () => {
    const mine = await order({ paymentType: 1, fee: 4_500, net: 154_500 });
    const victim = await order({ paymentType: 1, fee: 4_500, net: 154_500 });
    for (const o of [mine, victim]) {
      expect((await app.inject({ method: 'POST', url: `/pay/${o.ref}/unionpay` })).statusCode).toBe(200);
    }
    const [chargeMine, chargeVictim] = [...fake.charges.values()].slice(-2);
    const genuine = fake.kbankNotice(chargeMine!, true);
    const warn = vi.spyOn(app.kit.logger, 'warn');

    // the checksum covers reference_order: re-addressed, the genuine checksum no longer fits
    const readdressed = { ...genuine, reference_order: chargeVictim!.reference_order };
    const bad = await notifyKbank(readdressed);
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ code: 'payments.callback_signature' });
    // even signed, a notice naming our charge cannot settle the session opened for another charge
    const signed = await notifyKbank(resign(readdressed));
    expect(signed.status).toBe(404);
    expect(await signed.json()).toMatchObject({ code: 'payments.callback_unknown' });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ sessionId: chargeVictim!.reference_order, notified: chargeMine!.id }),
      expect.stringContaining('refused'),
    );
    warn.mockRestore();
    expect(await attemptStatus(victim.orderId)).toBe('create');
    expect(await attemptStatus(mine.orderId)).toBe('create');

    expect((await notifyKbank(genuine)).status).toBe(200);
    expect(await attemptStatus(mine.orderId)).toBe('finish');
    expect(await attemptStatus(victim.orderId)).toBe('create');
  });

  it('QR: a notice re-addressed to another QR order (order_id and reference_order changed) settles nothing', async () => {
    const mine = await order({ paymentType: 4, net: 150_000 });
    const victim = await order({ paymentType: 4, net: 150_000 });
    const qr = async (ref: string) =>
      (await app.inject({ method: 'POST', url: `/pay/${ref}/qr` })).json<QrPayment>().providerOrderId!;
    const [qrMine, qrVictim] = [await qr(mine.ref), await qr(victim.ref)];
    const genuine = fake.kbankNotice(fake.charges.get(qrMine)!, true);
    const readdressed = {
      ...genuine,
      order_id: qrVictim,
      reference_order: fake.charges.get(qrVictim)!.reference_order,
    };
    expect((await notifyKbank(readdressed)).status).toBe(401);
    // signed, but naming our QR order on the victim's session
    expect((await notifyKbank(resign({ ...readdressed, order_id: qrMine }))).status).toBe(404);
    expect(await attemptStatus(victim.orderId)).toBe('create');
    expect((await notifyKbank(genuine)).status).toBe(200);
    expect(await attemptStatus(mine.orderId)).toBe('finish');
  });
});

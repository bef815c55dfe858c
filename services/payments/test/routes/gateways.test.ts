import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import type { EventData } from '@rian/proto-contracts/envelope';
import type { OrderCreated } from '@rian/proto-contracts/orders';
import {
  PaymentSucceeded,
  type CardForm,
  type OrderPaymentsView,
  type PayView,
  type QrPayment,
  type UnionPayRedirect,
} from '@rian/proto-contracts/payments';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { RESPONSE_HASH_ORDER, signFields } from '../../src/domain/card-form.js';
import { sealPaymentRef } from '../../src/domain/payment-ref.js';
import { emvTags } from '../../src/domain/promptpay.js';
import type { FakeProvider } from '../fakes/provider.js';
import { bearer, orderCreated, startPaymentsWithProvider } from '../helpers.js';

type Succeeded = EventData<typeof PaymentSucceeded>;

/**
 * Card (2C2P form), UnionPay and QR (KBank) through the provider simulator, a real HTTP server: payments
 * listens on a real port so the simulator's signed notifications reach it, against real PostgreSQL
 * and NATS (orders' events in, payments' events read back from its stream).
 */
describe('payment pages by ref, card / UnionPay / QR gateways, provider notifications', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let bus: TestBus;
  let fake: FakeProvider;
  let base: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    ({ app, fake, base } = await startPaymentsWithProvider(env, issuer, {
      PAYMENTS_PROVIDER_TIMEOUT_MS: '1500',
    }));
    bus = await TestBus.open(env, 'orders');
  });

  afterAll(async () => {
    await app?.close();
    await fake?.stop();
    await bus?.close();
    await env?.cleanup();
  });

  /** An order placed by a new member, its attempt open in payments; its ref from the buyer's view. */
  async function order(extra: Partial<EventData<typeof OrderCreated>> = {}) {
    const userId = uuidv7();
    const ev = orderCreated(userId, extra);
    await bus.deliver(ev, 'payments');
    const token = await issuer.member(userId);
    const view = await app.inject({
      method: 'GET',
      url: `/payments/${ev.data.orderId}`,
      headers: bearer(token),
    });
    expect(view.statusCode).toBe(200);
    const attempt = view.json<OrderPaymentsView>().attempts[0]!;
    return { userId, token, orderId: ev.data.orderId, event: ev, ref: attempt.ref! };
  }
  const cardOrder = () => order({ paymentType: 1, fee: 4_500, net: 154_500 });

  const succeeded = async (orderId: string) =>
    (await publishedEvents<Succeeded>(env.namespace, 'payments', PaymentSucceeded.type)).filter(
      (e) => e.data.orderId === orderId,
    );
  const attempt = async (orderId: string) =>
    (
      await app.kit.orm.em
        .fork()
        .execute(`select status, paid_method from payment_attempts where order_id = ?`, [orderId])
    )[0] as { status: string; paid_method: string | null };

  /** The buyer's browser posts the hidden form to the provider; the hosted page names the transaction. */
  async function openCardPage(form: CardForm): Promise<string> {
    const res = await fetch(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields).toString(),
    });
    const html = await res.text();
    expect(res.status, html).toBe(200);
    return /data-txn="([0-9a-f]+)"/.exec(html)![1]!;
  }
  const cardForm = async (ref: string) => {
    const res = await app.inject({ method: 'POST', url: `/pay/${ref}/card?lang=en` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CardForm>();
  };
  const notify2c2p = (fields: Record<string, string>) =>
    fetch(`${base}/callbacks/2c2p`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  it('the buyer gets a ref for their open attempt; another member cannot read the order; staff get no ref', async () => {
    const o = await cardOrder();
    expect(o.ref).toMatch(/^[A-Za-z0-9_-]{60,}$/);
    const other = await app.inject({
      method: 'GET',
      url: `/payments/${o.orderId}`,
      headers: bearer(await issuer.member()),
    });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(o.ref.slice(0, 20));
    const staff = await app.inject({
      method: 'GET',
      url: `/payments/${o.orderId}`,
      headers: bearer(await issuer.staff()),
    });
    expect(staff.json<OrderPaymentsView>().attempts[0]!.ref).toBeUndefined();
  });

  it('the public read by ref shows only order no, reference, amount, type and status', async () => {
    const o = await cardOrder();
    const res = await app.inject({ method: 'GET', url: `/pay/${o.ref}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<PayView>()).toEqual({
      orderNo: o.event.data.orderNo,
      reference: o.event.data.reference,
      paymentType: 1,
      period: null,
      amount: 154_500,
      status: 'create',
      methods: ['card', 'unionpay'],
    });
    expect(res.body).not.toContain(o.userId);
  });

  it('a tampered or foreign ref is refused with the same answer, revealing nothing', async () => {
    const o = await cardOrder();
    const flipped = o.ref.slice(0, 10) + (o.ref[10] === 'A' ? 'B' : 'A') + o.ref.slice(11);
    const foreign = sealPaymentRef(
      { orderId: o.orderId, period: null, amount: 154_500 },
      randomBytes(32), // another key: a ref someone made up
    );
    const cheaper = sealPaymentRef({ orderId: o.orderId, period: null, amount: 100 }, randomBytes(32));
    const answers = [];
    for (const ref of [flipped, foreign, cheaper]) {
      const res = await app.inject({ method: 'GET', url: `/pay/${ref}` });
      expect(res.statusCode).toBe(404);
      answers.push(res.json<{ code: string; detail?: string }>());
      expect((await app.inject({ method: 'POST', url: `/pay/${ref}/card` })).statusCode).toBe(404);
    }
    expect(answers.map((a) => a.code)).toEqual(Array(3).fill('payments.ref_invalid'));
    expect(new Set(answers.map((a) => a.detail)).size).toBe(1);
  });

  it('card: the form goes to the simulator, the buyer pays, the attempt is finish with exactly one payments.payment.succeeded', async () => {
    const o = await cardOrder();
    const form = await cardForm(o.ref);
    expect(form.action).toBe(fake.cardFormUrl);
    expect(form.fields).toMatchObject({
      version: '8.5',
      merchant_id: 'JT01',
      currency: '764',
      amount: '000000154500',
      payment_option: 'C',
      default_lang: 'en',
      result_url_1: `${base}/pay/${o.ref}/return`,
      result_url_2: `${base}/callbacks/2c2p`,
      user_defined_1: o.event.data.reference,
    });
    expect(form.fields.order_id).toMatch(/^[0-9a-f]{20}$/);
    expect(form.fields.hash_value).toMatch(/^[0-9a-f]{64}$/);

    const txn = await openCardPage(form);
    expect(await fake.payCard(txn)).toBe(200);
    expect(await attempt(o.orderId)).toEqual({ status: 'finish', paid_method: 'card' });
    const events = await eventually(async () => {
      const all = await succeeded(o.orderId);
      return all.length ? all : undefined;
    });
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      orderId: o.orderId,
      userId: o.userId,
      period: null,
      amount: 154_500,
      method: 'card',
      provider: '2c2p',
      sessionId: form.fields.order_id,
      providerTransactionId: `T${txn.slice(0, 11)}`,
    });

    // the same notification again (the provider retries): 200, nothing more
    const again = await notify2c2p(fake.notifications.at(-1)!.body as Record<string, string>);
    expect(again.status).toBe(200);
    await new Promise((r) => setTimeout(r, 700)); // a second event would have been relayed by now
    expect(await succeeded(o.orderId)).toHaveLength(1);

    // paid: the ref no longer opens a card form; the buyer's view holds no ref any more
    expect((await app.inject({ method: 'POST', url: `/pay/${o.ref}/card` })).statusCode).toBe(409);
    const view = await app.inject({ method: 'GET', url: `/payments/${o.orderId}`, headers: bearer(o.token) });
    expect(view.json<OrderPaymentsView>().attempts[0]).toMatchObject({ status: 'finish' });
    expect(view.json<OrderPaymentsView>().attempts[0]!.ref).toBeUndefined();
    const pay = await app.inject({ method: 'GET', url: `/pay/${o.ref}` });
    expect(pay.json<PayView>().status).toBe('finish');
  });

  it('the browser back from the provider (a form POST or a GET) lands on /creditCard/{ref}?back=1', async () => {
    const o = await cardOrder();
    for (const method of ['POST', 'GET'] as const) {
      const res = await fetch(`${base}/pay/${o.ref}/return`, {
        method,
        redirect: 'manual',
        ...(method === 'POST'
          ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'payment_status=000' }
          : {}),
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/creditCard/${o.ref}?back=1`);
    }
  });

  it('forged card notifications (bad hash, another key, wrong merchant, wrong amount, unknown order) change nothing', async () => {
    const o = await cardOrder();
    const txn = await openCardPage(await cardForm(o.ref));
    const good = fake.cardResult(txn);
    const resign = (f: Record<string, string>, secret = fake.cardSecret) => {
      const { hash_value: _drop, ...rest } = f;
      return { ...rest, hash_value: signFields(rest, RESPONSE_HASH_ORDER, secret) };
    };
    const cases: [string, Record<string, string>, number, string][] = [
      [
        'bad hash',
        { ...good, hash_value: good.hash_value!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
        401,
        'payments.callback_signature',
      ],
      [
        'amount changed after signing',
        { ...good, amount: '000000000100' },
        401,
        'payments.callback_signature',
      ],
      ['signed with another key', resign(good, 'not-our-secret'), 401, 'payments.callback_signature'],
      ['another merchant', resign({ ...good, merchant_id: 'OTHER' }), 401, 'payments.callback_signature'],
      [
        'a smaller amount, signed',
        resign({ ...good, amount: '000000000100' }),
        422,
        'payments.callback_amount',
      ],
      ['another currency, signed', resign({ ...good, currency: '840' }), 422, 'payments.callback_amount'],
      [
        'an unknown order, signed',
        resign({ ...good, order_id: 'ffffffffffffffffffff' }),
        404,
        'payments.callback_unknown',
      ],
    ];
    for (const [name, fields, status, code] of cases) {
      const res = await notify2c2p(fields);
      expect(res.status, name).toBe(status);
      expect(res.headers.get('content-type'), name).toContain('application/problem+json');
      expect((await res.json()) as { code: string }, name).toMatchObject({ code });
    }
    // the payer cancelled: a signed 003 is taken (200) and the attempt still waits
    expect(await fake.payCard(txn, 'cancel')).toBe(200);
    expect(await attempt(o.orderId)).toEqual({ status: 'create', paid_method: null });
    await new Promise((r) => setTimeout(r, 500));
    expect(await succeeded(o.orderId)).toHaveLength(0);
    // the buyer may try again with a new form, and pay
    const retry = await openCardPage(await cardForm(o.ref));
    expect(await fake.payCard(retry)).toBe(200);
    expect((await attempt(o.orderId)).status).toBe('finish');
  });

  it('a card ref of a bank-transfer order opens no card form or UnionPay charge (409)', async () => {
    const o = await order({ paymentType: 4 });
    for (const path of ['card', 'unionpay']) {
      const res = await app.inject({ method: 'POST', url: `/pay/${o.ref}/${path}` });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'payments.method_not_allowed' });
    }
  });

  it('UnionPay: the charge returns the simulator redirect URL; its checksummed notification completes the order once', async () => {
    const o = await cardOrder();
    const calls = fake.calls;
    const res = await app.inject({ method: 'POST', url: `/pay/${o.ref}/unionpay` });
    expect(res.statusCode, res.body).toBe(200);
    const { redirectUrl } = res.json<UnionPayRedirect>();
    expect(redirectUrl).toMatch(new RegExp(`^${fake.url}/card/v2/charge/chrg_test_[0-9a-f]+/authorize$`));
    expect(fake.calls).toBe(calls + 1);
    const charge = [...fake.charges.values()].at(-1)!;
    expect(charge).toMatchObject({ amount: 1545, currency: 'THB', source_type: 'unionpay' });

    // forged: a wrong checksum changes nothing
    const forged = { ...fake.kbankNotice(charge, true), checksum: 'a'.repeat(64) };
    const bad = await fetch(`${base}/callbacks/kbank`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    });
    expect(bad.status).toBe(401);
    expect((await attempt(o.orderId)).status).toBe('create');

    // the buyer pays on the provider's page (a real browser POST), and comes back to the page
    const page = await fetch(redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(page.status).toBe(302);
    const back = await fetch(page.headers.get('location')!, { redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toMatch(/^\/creditCardSmatrPay\/[A-Za-z0-9_-]+\?back=1$/);
    expect(await attempt(o.orderId)).toEqual({ status: 'finish', paid_method: 'unionpay' });
    expect(await fake.payCharge(charge.id)).toBe(200); // delivered again
    const events = await eventually(async () => {
      const all = await succeeded(o.orderId);
      return all.length ? all : undefined;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(await succeeded(o.orderId)).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      method: 'unionpay',
      provider: 'kbank',
      providerTransactionId: charge.id,
    });
  });

  it('QR: a PromptPay QR for the amount due, one provider order per attempt, paid by the provider notification', async () => {
    const o = await order({ paymentType: 4, net: 150_000 });
    const first = await app.inject({ method: 'POST', url: `/pay/${o.ref}/qr` });
    expect(first.statusCode, first.body).toBe(200);
    const qr = first.json<QrPayment>();
    expect(qr.amount).toBe(150_000);
    expect(emvTags(qr.payload).get('54')).toBe('1500.00');
    expect(qr.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.image.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(qr.providerOrderId).toMatch(/^order_test_/);
    const again = (await app.inject({ method: 'POST', url: `/pay/${o.ref}/qr` })).json<QrPayment>();
    expect(again.providerOrderId).toBe(qr.providerOrderId);

    expect(await fake.payQr(qr.providerOrderId!)).toBe(200);
    expect(await attempt(o.orderId)).toEqual({ status: 'finish', paid_method: 'qr' });
    const events = await eventually(async () => {
      const all = await succeeded(o.orderId);
      return all.length ? all : undefined;
    });
    expect(events[0]!.data).toMatchObject({ method: 'qr', provider: 'kbank', amount: 150_000 });
  });

  // last: it leaves the breaker open
  it('provider down: UnionPay answers 503 with Thai text at once, the breaker then stops calling; QR still shows', async () => {
    const o = await cardOrder();
    await fake.stop();
    for (let i = 0; i < 3; i++) {
      const t0 = Date.now();
      const res = await app.inject({ method: 'POST', url: `/pay/${o.ref}/unionpay` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'payments.provider_unavailable' });
      expect(Date.now() - t0).toBeLessThan(1_500);
    }
    await fake.start(); // back on the same port, but the breaker is open: no call reaches it
    const calls = fake.calls;
    const t0 = Date.now();
    const open = await app.inject({
      method: 'POST',
      url: `/pay/${o.ref}/unionpay`,
      headers: { 'accept-language': 'th' },
    });
    expect(open.statusCode).toBe(503);
    expect(JSON.stringify(open.json())).toContain('ระบบชำระเงินขัดข้องชั่วคราว');
    expect(Date.now() - t0).toBeLessThan(200);
    expect(fake.calls).toBe(calls);

    const transfer = await order({ paymentType: 4 });
    const qr = await app.inject({ method: 'POST', url: `/pay/${transfer.ref}/qr` });
    expect(qr.statusCode).toBe(200);
    expect(qr.json<QrPayment>().providerOrderId).toBeNull();
  });
});

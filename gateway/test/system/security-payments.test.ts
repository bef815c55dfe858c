/**
 * Issue 11 §3 and §6 through the gateway, every part real: auth in this process, payments as a real
 * process (as `npm start` runs it, so its memory can be read from /proc), the provider simulator,
 * PostgreSQL, NATS JetStream, Redis. Orders' `orders.order.created` events are published into the
 * test's namespace as orders' relay would.
 *
 * §3: a genuine KBank notice for one order, re-addressed to another order's session of the same
 * amount, settles nothing; the genuine one settles only its own order.
 * §6: 64 uploads at once by one member — first of 7700 × 7700 pictures (the reported attack), then
 * of large pictures just under the limit — leave payments' peak memory bounded and its breaker at
 * the gateway closed: another member's upload right after succeeds.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { createTestEnv, eventually, freePort, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import { REPO_ROOT, ServiceProcess } from '@rian/kit/testing-process';
import { buildApp as buildAuth } from '@rian/auth/app';
import { readConfig as authConfig } from '@rian/auth/config';
import { buildEvent, type EventData } from '@rian/proto-contracts/envelope';
import { OrderCreated } from '@rian/proto-contracts/orders';
import type { OrderPaymentsView } from '@rian/proto-contracts/payments';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { kbankChecksum, type KbankNotice } from '@rian/payments/domain/kbank-checksum';
import { FakeProvider } from '../../../services/payments/test/fakes/provider.js';
import { buildGateway } from '../../src/app.js';
import { readConfig as gatewayConfig } from '../../src/config.js';
import { request, type Body, type CallOptions } from './client.js';
import { bangkokDay, registerByCode } from './members.js';

let env: TestEnv;
let gateway: FastifyInstance;
let auth: FastifyInstance;
let payments: ServiceProcess;
let fake: FakeProvider;
let bus: TestBus;
let base: string;

const call = <B = Body>(method: string, path: string, body?: unknown, opts: CallOptions = {}) =>
  request<B>(base, method, path, body, opts);

beforeAll(async () => {
  env = await createTestEnv();
  const gatewayPort = await freePort();
  base = `http://127.0.0.1:${gatewayPort}`;
  fake = new FakeProvider({ kbankNotifyUrl: `${base}/api/payments/callbacks/kbank` });
  await fake.start();

  auth = await buildAuth(authConfig(env.envFor('auth')));
  const authPort = await freePort();
  await auth.listen({ port: authPort, host: '127.0.0.1' });
  const authUrl = `http://127.0.0.1:${authPort}`;

  payments = new ServiceProcess('payments', {
    entry: 'services/payments/src/server.ts',
    port: await freePort(),
    logFile: join(REPO_ROOT, 'var', 'test-results', `security-payments-${env.namespace}`, 'payments.log'),
    env: {
      ...env.envFor('payments', { LOG_LEVEL: 'info' }),
      AUTH_JWKS_URL: `${authUrl}/.well-known/jwks.json`,
      PAYMENTS_KBANK_API_URL: fake.url,
      PAYMENTS_CALLBACK_BASE_URL: `${base}/api/payments`,
      PAYMENTS_SLIP_DIR: join(
        REPO_ROOT,
        'var',
        'test-results',
        `security-payments-${env.namespace}`,
        'slips',
      ),
    },
  });
  await payments.start();

  gateway = await buildGateway(
    gatewayConfig({
      LOG_LEVEL: 'silent',
      RIAN_NAMESPACE: env.namespace,
      GATEWAY_SERVICES: 'auth,payments',
      AUTH_URL: authUrl,
      PAYMENTS_URL: payments.url,
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_CODE_MAX: '1000',
    }),
  );
  await gateway.listen({ port: gatewayPort, host: '127.0.0.1' });
  bus = await TestBus.open(env, 'orders');
}, 180_000);

afterAll(async () => {
  await gateway?.close();
  await payments?.dispose();
  await auth?.close();
  await fake?.stop();
  await bus?.close();
  await env?.cleanup();
}, 60_000);

let members = 0;
/** A new member, registered by code and signed in through the gateway. */
async function member(): Promise<{ id: string; token: string }> {
  const email = `payer-${++members}-${Date.now().toString(36)}@example.com`;
  const { id } = await registerByCode(base, env.namespace, email, 'payer-password-1');
  const login = await call('POST', '/api/auth/login', { email, password: 'payer-password-1' });
  expect(login.status).toBe(200);
  return { id, token: login.body.token! };
}

let orderNo = 5_000;
/** An order of `userId` as orders announces it; answered once payments shows it to its buyer. */
async function order(
  buyer: { id: string; token: string },
  extra: Partial<EventData<typeof OrderCreated>> = {},
): Promise<{ orderId: string; ref: string | undefined }> {
  const no = ++orderNo;
  const ev = buildEvent(
    OrderCreated,
    {
      orderId: uuidv7(),
      orderNo: no,
      reference: `SPSK${String(no).padStart(10, '0')}`,
      userId: buyer.id,
      productId: uuidv7(),
      priceId: uuidv7(),
      couponId: null,
      paymentType: 4,
      total: 150_000,
      discount: 0,
      vat: 9_813,
      fee: 0,
      withholding: 0,
      net: 150_000,
      receiptType: 'none',
      schedule: [],
      createdAt: new Date().toISOString(),
      ...extra,
    },
    { source: 'orders' },
  );
  await bus.publish(ev);
  const view = await eventually(async () => {
    const res = await call<OrderPaymentsView>('GET', `/api/payments/payments/${ev.data.orderId}`, undefined, {
      token: buyer.token,
    });
    return res.status === 200 ? res.body : undefined;
  }, 15_000);
  return { orderId: ev.data.orderId, ref: view.attempts[0]!.ref };
}

const attemptStatus = async (orderId: string, token: string) =>
  (await call<OrderPaymentsView>('GET', `/api/payments/payments/${orderId}`, undefined, { token })).body
    .attempts[0]!.status;

const notifyKbank = (body: Record<string, unknown>) =>
  fetch(`${base}/api/payments/callbacks/kbank`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function uploadSlip(orderId: string, token: string, png: Buffer): Promise<Response> {
  const form = new FormData();
  form.append('slip', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'slip.png');
  form.append('paymentDate', bangkokDay(0));
  form.append('paymentTime', '14:05');
  return fetch(`${base}/api/payments/payments/${orderId}/slip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/** payments' peak resident memory so far, in MB (VmHWM of its process). */
async function paymentsPeakMb(): Promise<number> {
  const status = await readFile(`/proc/${payments.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

const png = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: { r: 245, g: 245, b: 240 } } })
    .png()
    .toBuffer();

describe('payments security through the gateway (issue 11 §3, §6)', () => {
  it("§3: a KBank notice re-addressed to another order's UnionPay session (same amount) settles nothing; the genuine one settles its own order", async () => {
    const [a, b] = [await member(), await member()];
    const card = { paymentType: 1 as const, fee: 4_500, net: 154_500 };
    const mine = await order(a, card);
    const victim = await order(b, card);
    for (const o of [mine, victim]) {
      const res = await call('POST', `/api/payments/pay/${o.ref}/unionpay`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const [chargeMine, chargeVictim] = [...fake.charges.values()].slice(-2);
    const genuine = fake.kbankNotice(chargeMine!, true);
    const readdressed = { ...genuine, reference_order: chargeVictim!.reference_order };

    const forged = await notifyKbank(readdressed);
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'payments.callback_signature' });
    // signed with the real key, still naming our charge: refused as well
    const signed = {
      ...readdressed,
      checksum: kbankChecksum(readdressed as unknown as KbankNotice, fake.apiKey),
    };
    const refused = await notifyKbank(signed);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'payments.callback_unknown' });
    expect(await attemptStatus(victim.orderId, b.token)).toBe('create');

    expect((await notifyKbank(genuine)).status).toBe(200);
    expect(await attemptStatus(mine.orderId, a.token)).toBe('finish');
    expect(await attemptStatus(victim.orderId, b.token)).toBe('create');
  });

  it('§6: 64 uploads at once of 7700 × 7700 pictures by one member are refused from the header; payments stays small and its breaker closed', async () => {
    const flooder = await member();
    const target = await order(flooder);
    const huge = await png(7_700);
    const before = await paymentsPeakMb();
    const answers = await Promise.all(
      Array.from({ length: 64 }, () => uploadSlip(target.orderId, flooder.token, huge)),
    );
    const bodies = await Promise.all(
      answers.map(async (r) => ({ status: r.status, body: (await r.json()) as Body })),
    );
    // refused by the size its header declares (413), or beyond the member's allowance (429): never the gateway's 503
    expect(bodies.filter((b) => b.status === 413).length).toBeGreaterThan(0);
    for (const b of bodies) expect([413, 429]).toContain(b.status);
    expect(bodies.filter((b) => b.status === 429).length).toBe(54);
    expect(bodies.find((b) => b.status === 429)!.body.detail).toBe('ส่งสลิปบ่อยเกินไป กรุณาลองใหม่ภายหลัง');
    const growth = (await paymentsPeakMb()) - before;
    expect(growth, `payments' peak memory grew ${growth.toFixed(0)} MB`).toBeLessThan(150);

    const other = await member();
    const theirs = await order(other);
    expect((await uploadSlip(theirs.orderId, other.token, await png(40))).status).toBe(201);
  });

  it('§6: 64 uploads at once of 4000 × 4000 pictures (under the limit, decoded) by one member: bounded memory, other members still served', async () => {
    const flooder = await member();
    const targets = [await order(flooder), await order(flooder), await order(flooder), await order(flooder)];
    const big = await png(4_000);
    const before = await paymentsPeakMb();
    const answers = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        uploadSlip(targets[i % targets.length]!.orderId, flooder.token, big),
      ),
    );
    const bodies = await Promise.all(
      answers.map(async (r) => ({ status: r.status, body: (await r.json()) as Body & { code?: string } })),
    );
    for (const b of bodies) {
      // 201, a slip already waiting (409), the allowance (429) or every decode slot busy (503 from payments)
      expect([201, 409, 429, 503]).toContain(b.status);
      if (b.status === 503) expect(b.body.code).toBe('payments.slip_busy');
    }
    expect(bodies.filter((b) => b.status === 429).length).toBe(54);
    expect(bodies.filter((b) => b.status === 201).length).toBeGreaterThan(0);
    const growth = (await paymentsPeakMb()) - before;
    // each decode of 16 M pixels holds ~64 MB; two at a time, not ten (or 64)
    expect(growth, `payments' peak memory grew ${growth.toFixed(0)} MB`).toBeLessThan(400);

    const other = await member();
    const theirs = await order(other);
    expect((await uploadSlip(theirs.orderId, other.token, await png(40))).status).toBe(201);
  });
});

/**
 * Issue 19 item 6: the services scale out. Two instances each of orders, payments and learning run
 * as real processes against the same databases and the same NATS (a server of the test's own), with
 * auth and catalog beside them, and two gateways: A routes to the first instance of each, B to the
 * second (as two pods behind a load balancer). A batch of buyers checks out through both gateways
 * and pays by transfer slip; staff approve; one instance of each of orders, payments and learning is
 * killed (SIGKILL) while the approvals' events are on their way, and the rest goes through B. More
 * buyers leave their orders unpaid past a short deadline, which both orders instances poll.
 *
 * The end state: every paid order paid and its buyer enrolled exactly once; every event on the bus
 * exactly once (each outbox row published by one relay only: no event id twice, no second
 * `orders.order.paid` or `learning.enrolment.granted` for an order); every unpaid order cancelled
 * once, by one of the two pollers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  createTestEnv,
  eventually,
  freePort,
  OwnNatsServer,
  publishedEvents,
  type TestEnv,
} from '@rian/kit/testing';
import { REPO_ROOT, ServiceProcess } from '@rian/kit/testing-process';
import { buildGateway } from '../../src/app.js';
import { readConfig as gatewayConfig } from '../../src/config.js';
import { request, type Body, type CallOptions } from './client.js';
import { registerByCode } from './members.js';
import { linkNewCourses, productOnSale, transferSlipForm } from './shop.js';

const SINGLE = ['auth', 'catalog'] as const;
const SCALED = ['orders', 'payments', 'learning'] as const;
type Scaled = (typeof SCALED)[number];
const ADMIN = { username: 'replica-admin', password: 'replica-admin-password' };
const PAID_BUYERS = 8;
const UNPAID_BUYERS = 4;
/** 36 s: long enough for a slip to be uploaded under load (a slip holds the deadline), short for the test */
const DEADLINE_HOURS = '0.01';

let env: TestEnv;
let nats: OwnNatsServer;
let slipDir: string;
const single = {} as Record<(typeof SINGLE)[number], ServiceProcess>;
/** [instance 1, instance 2] of each scaled service */
const scaled = {} as Record<Scaled, [ServiceProcess, ServiceProcess]>;
const gateways: FastifyInstance[] = [];
/** the two gateways' base URLs: A in front of the first instances, B of the second */
let A = '';
let B = '';

const call = <T = Body>(base: string, method: string, path: string, body?: unknown, opts: CallOptions = {}) =>
  request<T>(base, method, path, body, opts);

const until = <T>(what: string, fn: () => Promise<T | undefined | null | false>, ms: number) =>
  eventually(fn, ms).catch((err: Error) => {
    throw new Error(`${what}: ${err.message}`);
  });

beforeAll(async () => {
  env = await createTestEnv();
  nats = await OwnNatsServer.create();
  await nats.start();
  slipDir = mkdtempSync(join(tmpdir(), 'rian-replica-slips-'));

  const port = async () => freePort();
  const logFile = (name: string) =>
    join(REPO_ROOT, 'var', 'test-results', `replicas-${env.namespace}`, `${name}.log`);
  const authPort = await port();
  const authUrl = `http://127.0.0.1:${authPort}`;
  const common = (service: string) => ({
    ...env.envFor(service, { NATS_URL: nats.url, LOG_LEVEL: 'info' }),
    AUTH_JWKS_URL: `${authUrl}/.well-known/jwks.json`,
  });
  const extra: Record<string, Record<string, string>> = {
    auth: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
    // both payments instances keep slips in one place (a ReadWriteMany volume, or a bucket)
    payments: { PAYMENTS_SLIP_DIR: slipDir },
    orders: { ORDERS_PAYMENT_DEADLINE_HOURS: DEADLINE_HOURS, ORDERS_DEADLINE_POLL_SECONDS: '0.5' },
  };
  single.auth = new ServiceProcess('auth', {
    entry: 'services/auth/src/server.ts',
    port: authPort,
    logFile: logFile('auth'),
    env: { ...common('auth'), ...extra.auth },
  });
  single.catalog = new ServiceProcess('catalog', {
    entry: 'services/catalog/src/server.ts',
    port: await port(),
    logFile: logFile('catalog'),
    env: common('catalog'),
  });
  for (const s of SCALED) {
    const make = async (n: 1 | 2) =>
      new ServiceProcess(`${s}-${n}`, {
        entry: `services/${s}/src/server.ts`,
        port: await port(),
        logFile: logFile(`${s}-${n}`),
        env: { ...common(s), ...extra[s] },
      });
    scaled[s] = [await make(1), await make(2)];
  }
  await single.auth.start();
  // the first instance of each migrates its database; the second then starts beside it
  await Promise.all([single.catalog.start(), ...SCALED.map((s) => scaled[s][0].start())]);
  await Promise.all(SCALED.map((s) => scaled[s][1].start()));

  for (const n of [0, 1] as const) {
    const gateway = await buildGateway(
      gatewayConfig({
        LOG_LEVEL: 'silent',
        RIAN_NAMESPACE: env.namespace,
        GATEWAY_SERVICES: [...SINGLE, ...SCALED].join(','),
        AUTH_URL: single.auth.url,
        CATALOG_URL: single.catalog.url,
        ...Object.fromEntries(SCALED.map((s) => [`${s.toUpperCase()}_URL`, scaled[s][n].url])),
        UPSTREAM_TIMEOUT_MS: '5000',
        RATE_LIMIT_LOGIN_MAX: '1000',
        RATE_LIMIT_CODE_MAX: '1000',
      }),
    );
    const p = await freePort();
    await gateway.listen({ port: p, host: '127.0.0.1' });
    gateways.push(gateway);
  }
  A = `http://127.0.0.1:${(gateways[0]!.server.address() as { port: number }).port}`;
  B = `http://127.0.0.1:${(gateways[1]!.server.address() as { port: number }).port}`;
}, 240_000);

afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await Promise.all([
    ...Object.values(single).map((p) => p.dispose()),
    ...Object.values(scaled).flatMap((pair) => pair.map((p) => p.dispose())),
  ]);
  await env?.cleanup();
  await nats?.dispose();
  rmSync(slipDir, { recursive: true, force: true });
}, 60_000);

interface Buyer {
  id: string;
  token: string;
  base: string;
  orderId?: string;
  paymentId?: string;
}

/** counts of each value: the ones seen more than once */
const repeated = (values: string[]) => {
  const seen = new Map<string, number>();
  for (const v of values) seen.set(v, (seen.get(v) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1);
};

describe('two instances of orders, payments and learning, one of each killed mid-saga', () => {
  let staff = '';
  let productId = '';
  let priceId = '';
  let courseId: string | undefined;
  const paying: Buyer[] = [];
  const unpaid: Buyer[] = [];

  it('staff put a one-course product on sale', async () => {
    const login = await call(A, 'POST', '/api/auth/staff/login', ADMIN);
    expect(login.status).toBe(200);
    staff = login.body.token!;
    ({ productId, priceId } = await productOnSale(
      A,
      staff,
      { url: `replicas-${env.namespace}`, title: 'คอร์สสองเครื่อง', price: 90_000 },
      { type: 'NL', member: 'NL', value: 90_000, title: 'ราคาปกติ' },
    ));
    [courseId] = await linkNewCourses(B, staff, productId, ['สองเครื่อง'], 30_000);
  }, 60_000);

  it('buyers check out through both gateways: every order is taken once', async () => {
    const password = 'replica-buyer-password';
    for (let i = 0; i < PAID_BUYERS + UNPAID_BUYERS; i++) {
      const base = i % 2 === 0 ? A : B;
      const email = `replica-${i}-${env.namespace}@example.com`;
      const user = await registerByCode(base, env.namespace, email, password, {
        natsUrl: nats.url,
        timeoutMs: 30_000,
      });
      const login = await call(base, 'POST', '/api/auth/login', { email, password });
      expect(login.status).toBe(200);
      (i < PAID_BUYERS ? paying : unpaid).push({ id: user.id, token: login.body.token!, base });
    }
    // orders learns the product from catalog's events (each instance reads them from the bus)
    await Promise.all(
      [...paying, ...unpaid].map(async (buyer, i) => {
        const placed = await until(
          'checkout',
          async () => {
            const res = await call<{ order?: { id: string } }>(
              buyer.base,
              'POST',
              '/api/orders/checkout',
              { productId, priceId, paymentType: 4 },
              { token: buyer.token, key: `replica-${env.namespace}-${i}` },
            );
            return res.status === 201 ? res : undefined;
          },
          30_000,
        );
        buyer.orderId = placed.body.order!.id;
      }),
    );
    // each order's event reaches the bus when its instance's outbox relay has run after the commit
    const placedIds = [...paying, ...unpaid].map((b) => b.orderId!);
    const created = await until(
      'every order on the bus',
      async () => {
        const events = await publishedEvents<{ orderId: string }>(
          env.namespace,
          'orders',
          'orders.order.created',
          nats.url,
        );
        return events.length >= placedIds.length && events;
      },
      30_000,
    );
    expect(created.map((e) => e.data.orderId).sort()).toEqual(
      [...paying, ...unpaid].map((b) => b.orderId).sort(),
    );
  }, 180_000);

  it('the paying buyers upload slips; staff approve; one instance of each is killed mid-way; all paid and enrolled once', async () => {
    // payments opens each attempt from orders.order.created (whichever instance took the event)
    await Promise.all(
      paying.map(async (buyer) => {
        await until(
          'payment attempt opened',
          async () =>
            (
              await call(buyer.base, 'GET', `/api/payments/payments/${buyer.orderId}`, undefined, {
                token: buyer.token,
              })
            ).status === 200,
          30_000,
        );
        const upload = await fetch(`${buyer.base}/api/payments/payments/${buyer.orderId}/slip`, {
          method: 'POST',
          headers: { authorization: `Bearer ${buyer.token}` },
          body: await transferSlipForm('10:30'),
        });
        expect(upload.status, await upload.clone().text()).toBe(201);
      }),
    );
    const waiting = await call<{ items: { id: string; orderId: string }[] }>(
      B,
      'GET',
      '/api/payments/admin/slips?status=wait&pageSize=100',
      undefined,
      { token: staff },
    );
    const slipOf = (b: Buyer) => waiting.body.items.find((s) => s.orderId === b.orderId)!.id;
    expect(paying.every((b) => waiting.body.items.some((s) => s.orderId === b.orderId))).toBe(true);

    // half approved through A (its instances), and the instant they answer, A's instances die
    const firstHalf = paying.slice(0, PAID_BUYERS / 2);
    const approvedA = await Promise.all(
      firstHalf.map((b) =>
        call(A, 'POST', `/api/payments/admin/slips/${slipOf(b)}/approve`, undefined, { token: staff }),
      ),
    );
    expect(approvedA.map((r) => r.status)).toEqual(firstHalf.map(() => 200));
    await Promise.all(SCALED.map((s) => scaled[s][0].kill()));
    // the rest through B, while the first half's events are still on their way
    const secondHalf = paying.slice(PAID_BUYERS / 2);
    const approvedB = await Promise.all(
      secondHalf.map((b) =>
        call(B, 'POST', `/api/payments/admin/slips/${slipOf(b)}/approve`, undefined, { token: staff }),
      ),
    );
    expect(approvedB.map((r) => r.status)).toEqual(secondHalf.map(() => 200));

    // a consumer killed mid-delivery sees its message again after its ack wait (30 s)
    const deadline = 90_000;
    for (const buyer of paying) {
      await until(
        `order ${buyer.orderId} paid`,
        async () => {
          const o = await call<{ status?: string }>(
            B,
            'GET',
            `/api/orders/admin/orders/${buyer.orderId}`,
            undefined,
            {
              token: staff,
            },
          );
          return o.body.status === 'paid';
        },
        deadline,
      );
      await until(
        `buyer ${buyer.id} enrolled`,
        async () => {
          const e = await call<{ items?: { courseId: string }[] }>(
            B,
            'GET',
            `/api/learning/admin/enrolments?userId=${buyer.id}&pageSize=10`,
            undefined,
            { token: staff },
          );
          return e.body.items?.length === 1 && e.body.items[0]!.courseId === courseId;
        },
        deadline,
      );
    }
  }, 300_000);

  it('the unpaid orders are cancelled at their deadline, each once, by one of the two pollers', async () => {
    for (const buyer of unpaid) {
      await until(
        `order ${buyer.orderId} cancelled`,
        async () => {
          const o = await call<{ status?: string }>(
            B,
            'GET',
            `/api/orders/admin/orders/${buyer.orderId}`,
            undefined,
            {
              token: staff,
            },
          );
          // `not`: cancelled (services/orders/src/domain/order-status.ts)
          return o.body.status === 'not';
        },
        120_000,
      );
    }
  }, 150_000);

  it('every event is on the bus once: no outbox row published twice, no step of the saga done twice', async () => {
    // a last look after the survivors have had time to redeliver and republish anything pending
    const byType = async (owner: string, type: string) =>
      publishedEvents<{ orderId?: string; userId?: string; paymentId?: string }>(
        env.namespace,
        owner,
        type,
        nats.url,
      );
    const paid = await byType('orders', 'orders.order.paid');
    const approved = await byType('payments', 'payments.payment.approved');
    const granted = await byType('learning', 'learning.enrolment.granted');
    // the last cancellation's event follows its commit by one relay pass: wait for them all, then
    // every count below must be exact
    const cancelled = await until(
      'every cancellation on the bus',
      async () => {
        const events = await byType('orders', 'orders.order.cancelled');
        return events.length >= unpaid.length && events;
      },
      30_000,
    );

    const paidIds = paying.map((b) => b.orderId!).sort();
    expect(paid.map((e) => e.data.orderId).sort()).toEqual(paidIds);
    expect(approved.map((e) => e.data.orderId).sort()).toEqual(paidIds);
    expect(granted.map((e) => e.data.userId).sort()).toEqual(paying.map((b) => b.id).sort());
    expect(cancelled.map((e) => e.data.orderId).sort()).toEqual(unpaid.map((b) => b.orderId!).sort());
    for (const events of [paid, approved, granted, cancelled])
      expect(repeated(events.map((e) => e.id))).toEqual([]);

    // the enrolments as learning keeps them: one per paying buyer, none for the others
    for (const buyer of [...paying, ...unpaid]) {
      const e = await call<{ total?: number }>(
        B,
        'GET',
        `/api/learning/admin/enrolments?userId=${buyer.id}&pageSize=10`,
        undefined,
        { token: staff },
      );
      expect(e.body.total, buyer.id).toBe(paying.includes(buyer) ? 1 : 0);
    }
  }, 60_000);
});

/**
 * The checkout saga (ARCHITECTURE §3) end to end, with every part real and the services as real
 * processes: auth, catalog, orders, payments, learning and notifications each run as `npm start`
 * runs them (node + tsx) on their own databases, a NATS JetStream server of the test's own, Redis,
 * an SMTP server and a local stand-in for the LINE Messaging API. The gateway routes the calls.
 *
 * A buyer places an order (bank transfer), uploads a slip, staff approve it; the end state is the
 * order paid, the buyer enrolled in the product's two courses and Premium, one order-confirmed
 * e-mail and one staff chat message. Then the same again with each of orders, payments, learning,
 * notifications and NATS killed (SIGKILL) and restarted mid-way: the end state is the same, with
 * no duplicate enrolment, e-mail, chat message or event.
 */
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
import { BodyServer } from '@rian/kit/testing-body-server';
import { TestSmtpServer } from '@rian/kit/testing-smtp';
import { buildGateway } from '../../src/app.js';
import { readConfig as gatewayConfig } from '../../src/config.js';
import { request, type Body, type CallOptions } from './client.js';
import { registerByCode } from './members.js';
import { linkNewCourses, productOnSale, transferSlipForm } from './shop.js';

const SERVICES = ['auth', 'catalog', 'orders', 'payments', 'learning', 'notifications'] as const;
type ServiceName = (typeof SERVICES)[number];
type Victim = ServiceName | 'nats' | 'none' | 'consumers-in-flight';

const ADMIN = { username: 'saga-admin', password: 'saga-admin-password' };
const LINE_TO = 'C-staff-group';

/** Records what the LINE Messaging API would receive (POST /v2/bot/message/push). */
class LineRecorder {
  readonly pushes: { path: string; body: string }[] = [];
  private readonly http = new BodyServer((req, body) => {
    this.pushes.push({ path: req.url ?? '', body: body.toString('utf8') });
    return { headers: { 'content-type': 'application/json' }, body: '{}' };
  });
  get url(): string {
    return this.http.url;
  }
  async start(): Promise<void> {
    await this.http.start();
  }
  /** pushes that name `reference` and contain `text` */
  about(reference: string, text = 'ชำระเงินแล้ว'): string[] {
    return this.pushes.map((p) => p.body).filter((b) => b.includes(reference) && b.includes(text));
  }
  async stop(): Promise<void> {
    await this.http.stop();
  }
}

let env: TestEnv;
let nats: OwnNatsServer;
let smtp: TestSmtpServer;
let line: LineRecorder;
let gateway: FastifyInstance;
let base: string;
const procs = {} as Record<ServiceName, ServiceProcess>;

const call = <B = Body>(method: string, path: string, body?: unknown, opts: CallOptions = {}) =>
  request<B>(base, method, path, body, opts);

beforeAll(async () => {
  env = await createTestEnv();
  nats = await OwnNatsServer.create();
  await nats.start();
  smtp = new TestSmtpServer(await freePort());
  await smtp.start();
  line = new LineRecorder();
  await line.start();

  const ports = Object.fromEntries(
    await Promise.all(SERVICES.map(async (s) => [s, await freePort()] as const)),
  ) as Record<ServiceName, number>;
  const urls = Object.fromEntries(SERVICES.map((s) => [s, `http://127.0.0.1:${ports[s]}`])) as Record<
    ServiceName,
    string
  >;
  const extra: Partial<Record<ServiceName, Record<string, string>>> = {
    auth: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
    notifications: {
      SMTP_URL: smtp.url,
      MAIL_RETRY_BASE_MS: '200',
      LINE_CHANNEL_TOKEN: 'line-test-token',
      LINE_TO,
      LINE_API_URL: line.url,
    },
  };
  for (const s of SERVICES) {
    procs[s] = new ServiceProcess(s, {
      entry: `services/${s}/src/server.ts`,
      port: ports[s],
      logFile: join(REPO_ROOT, 'var', 'test-results', `saga-${env.namespace}`, `${s}.log`),
      env: {
        ...env.envFor(s, { NATS_URL: nats.url, LOG_LEVEL: 'info' }),
        AUTH_JWKS_URL: `${urls.auth}/.well-known/jwks.json`,
        ...extra[s],
      },
    });
  }
  // auth first (the others read its keys), then the rest side by side
  await procs.auth.start();
  await Promise.all(SERVICES.filter((s) => s !== 'auth').map((s) => procs[s].start()));

  gateway = await buildGateway(
    gatewayConfig({
      LOG_LEVEL: 'silent',
      RIAN_NAMESPACE: env.namespace,
      GATEWAY_SERVICES: SERVICES.join(','),
      ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, urls[s]])),
      UPSTREAM_TIMEOUT_MS: '5000',
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_CODE_MAX: '1000',
    }),
  );
  const port = await freePort();
  await gateway.listen({ port, host: '127.0.0.1' });
  base = `http://127.0.0.1:${port}`;
}, 180_000);

afterAll(async () => {
  await gateway?.close();
  await Promise.all(Object.values(procs).map((p) => p.dispose()));
  await line?.stop();
  await smtp?.stop();
  await env?.cleanup();
  // the streams lived on the test's own NATS: its store goes with it
  await nats?.dispose();
}, 60_000);

/** A new visitor registers (status New, code NL only) and signs in. */
async function newBuyer(email: string): Promise<{ id: string; token: string }> {
  const password = 'saga-buyer-password';
  const user = await registerByCode(base, env.namespace, email, password, {
    profile: { firstName: 'สมหญิง', lastName: 'ตั้งใจเรียน' },
    natsUrl: nats.url,
    timeoutMs: 20_000,
  });
  const login = await call('POST', '/api/auth/login', { email, password });
  expect(login.status).toBe(200);
  return { id: user.id, token: login.body.token! };
}

const ORDER_PAID = 'orders.order.paid';

/** `eventually`, naming what was awaited when it times out. */
const until = <T>(
  what: string,
  fn: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  ms: number,
) =>
  eventually(fn, ms).catch((err: Error) => {
    throw new Error(`${what}: ${err.message}`);
  });

/** The order's status as staff see it (the buyer's token is revoked once they become Premium). */
async function orderStatus(orderId: string, staff: string): Promise<string | number> {
  const o = await call<{ status?: string }>('GET', `/api/orders/admin/orders/${orderId}`, undefined, {
    token: staff,
  });
  return o.status === 200 ? o.body.status! : o.status;
}
const ENROLMENT_GRANTED = 'learning.enrolment.granted';

describe('the checkout saga survives a crash of any part', () => {
  let staff: string;
  let productId: string;
  let priceId: string;
  /** learning's ids of the two courses the product grants */
  const courses: string[] = [];

  it('staff put a product on sale: ฿1,500 at the normal price (NL) today, granting two courses', async () => {
    const login = await call('POST', '/api/auth/staff/login', ADMIN);
    expect(login.status).toBe(200);
    staff = login.body.token!;
    ({ productId, priceId } = await productOnSale(
      base,
      staff,
      { url: `saga-${env.namespace}`, title: 'คอร์ส Saga', price: 150_000 },
      { type: 'NL', member: 'NL', value: 150_000, title: 'ราคาปกติ' },
    ));
    // the courses are learning's; catalog links them once learning's course events reached it
    courses.push(...(await linkNewCourses(base, staff, productId, ['Saga พื้นฐาน', 'Saga ไลฟ์'])));
  });

  /**
   * One purchase with `victim` killed at the point of the saga where it hurts most:
   * - orders, learning, notifications: killed before the approval and kept down across it, so the
   *   events meant for them wait in JetStream (and the approval is visible upstream without them);
   * - payments: killed the instant the approval is answered, its event perhaps still in the outbox;
   * - NATS: killed after the slip upload, so the approval's event cannot be published until it is back;
   * - consumers-in-flight: orders, learning and notifications all killed the instant the approval
   *   answers, while the events travel — a handler may die before or after its commit, or between
   *   its commit and its ack (then the inbox must skip the redelivery).
   */
  async function purchase(victim: Victim, n: number) {
    const email = `saga-${victim}-${n}@example.com`;
    const buyer = await newBuyer(email);

    // orders learns the product from catalog's events: until then checkout says it does not know it
    const placed = await until(
      'checkout',
      async () => {
        const res = await call(
          'POST',
          '/api/orders/checkout',
          { productId, priceId, paymentType: 4 },
          { token: buyer.token, key: `saga-${victim}-${n}` },
        );
        return res.status === 201 ? res : undefined;
      },
      20_000,
    );
    const orderId = placed.body.order!.id;
    const reference = placed.body.order!.reference;

    // payments opens the attempt from orders.order.created
    await until(
      'payment attempt opened',
      async () =>
        (await call('GET', `/api/payments/payments/${orderId}`, undefined, { token: buyer.token })).status ===
        200,
      20_000,
    );
    const upload = await fetch(`${base}/api/payments/payments/${orderId}/slip`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}` },
      body: await transferSlipForm(),
    });
    expect(upload.status, await upload.clone().text()).toBe(201);

    const waiting = await call<{ items: { id: string; orderId: string }[] }>(
      'GET',
      '/api/payments/admin/slips?status=wait&pageSize=100',
      undefined,
      { token: staff },
    );
    const slip = waiting.body.items.find((s) => s.orderId === orderId);
    expect(slip).toBeDefined();

    if (victim === 'orders' || victim === 'learning' || victim === 'notifications') {
      await procs[victim].kill();
    }
    if (victim === 'nats') await nats.stop();

    const approved = await call('POST', `/api/payments/admin/slips/${slip!.id}/approve`, undefined, {
      token: staff,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.status).toBe('approved');

    if (victim === 'payments') await procs.payments.kill();
    const inFlight = ['orders', 'learning', 'notifications'] as const;
    if (victim === 'consumers-in-flight') {
      // a moment for the events to be on their way, then all at once
      await new Promise((r) => setTimeout(r, 30));
      await Promise.all(inFlight.map((s) => procs[s].kill()));
    }

    // while the victim is away, the part of the saga behind it has not happened
    if (victim === 'orders') {
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await orderStatus(orderId, staff)).toBe(503);
    }
    if (victim === 'learning' || victim === 'notifications') {
      // the order is paid without them…
      await until(
        'order paid without the victim',
        async () => (await orderStatus(orderId, staff)) === 'paid',
        20_000,
      );
      await new Promise((r) => setTimeout(r, 1_000));
      // …but nothing of theirs has happened yet
      if (victim === 'notifications') {
        expect(
          smtp.received.filter((m) => m.rcptTo.includes(email) && m.mail.subject?.includes(reference)),
        ).toEqual([]);
        expect(line.about(reference)).toEqual([]);
      }
    }
    if (victim === 'nats') {
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await orderStatus(orderId, staff)).toBe('wait');
      await nats.start();
    }
    if (victim === 'consumers-in-flight') {
      await new Promise((r) => setTimeout(r, 500));
      await Promise.all(inFlight.map((s) => procs[s].start()));
    } else if (victim !== 'nats' && victim !== 'none') {
      await new Promise((r) => setTimeout(r, 500));
      await procs[victim].start();
    }

    await endState({ victim, orderId, reference, buyer, email });
  }

  async function endState(s: {
    victim: Victim;
    orderId: string;
    reference: string;
    buyer: { id: string; token: string };
    email: string;
  }) {
    const { orderId, reference, buyer, email } = s;
    const deadline = 60_000; // a consumer killed mid-delivery sees its message again after ack wait (30 s)
    await until('order paid', async () => (await orderStatus(orderId, staff)) === 'paid', deadline);
    const enrolled = await until(
      'two enrolments',
      async () => {
        const e = await call<{ items: { courseId: string; orderId: string | null }[] }>(
          'GET',
          `/api/learning/admin/enrolments?userId=${buyer.id}&pageSize=100`,
          undefined,
          { token: staff },
        );
        return e.body.items?.length === 2 ? e.body.items : undefined;
      },
      deadline,
    );
    expect(enrolled.map((e) => e.courseId).sort()).toEqual([...courses].sort());
    expect(enrolled.every((e) => e.orderId === orderId)).toBe(true);
    await until(
      'Premium',
      async () => {
        const u = await call<{ user: { status: string; membershipCodes: string[] } }>(
          'GET',
          `/api/auth/admin/users/${buyer.id}`,
          undefined,
          { token: staff },
        );
        // NL is every signed-in user's code (D19): bought at NL, no code is added
        return u.body.user?.status === 'Premium';
      },
      deadline,
    );
    const mails = () =>
      smtp.received.filter((m) => m.rcptTo.includes(email) && m.mail.subject?.includes(reference));
    await until('order-confirmed e-mail', () => mails().length >= 1, deadline);
    await until('staff chat message', () => line.about(reference).length >= 1, deadline);

    // settle: a redelivery or a republished event would show up now
    await new Promise((r) => setTimeout(r, 2_500));
    expect(mails()).toHaveLength(1);
    expect(mails()[0]!.mail.subject).toContain('ยืนยันคำสั่งซื้อ');
    expect(line.about(reference)).toHaveLength(1);
    const enrolments = await call<{ total: number }>(
      'GET',
      `/api/learning/admin/enrolments?userId=${buyer.id}&pageSize=100`,
      undefined,
      { token: staff },
    );
    expect(enrolments.body.total).toBe(2);
    const paid = (
      await publishedEvents<{ orderId: string }>(env.namespace, 'orders', ORDER_PAID, nats.url)
    ).filter((e) => e.data.orderId === orderId);
    expect(paid).toHaveLength(1);
    const granted = (
      await publishedEvents<{ userId: string }>(env.namespace, 'learning', ENROLMENT_GRANTED, nats.url)
    ).filter((e) => e.data.userId === buyer.id);
    expect(granted).toHaveLength(2);
  }

  const runs: Victim[] = [
    'none',
    'orders',
    'payments',
    'learning',
    'notifications',
    'nats',
    'consumers-in-flight',
  ];
  runs.forEach((victim, n) => {
    const title =
      victim === 'none'
        ? 'nothing fails: paid, enrolled twice, Premium, one e-mail, one chat message'
        : `${victim} killed mid-way and restarted: the same end state, nothing twice`;
    it(title, () => purchase(victim, n), 150_000);
  });

  it('after a saga run, /metrics of each service and of the gateway lists the named metrics with real values', async () => {
    // the runs above restarted processes (their counters with them): one clean run to read
    await purchase('none', runs.length);
    const scrape = async (url: string) => {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      return parseMetrics(await res.text());
    };
    for (const s of ['orders', 'payments', 'learning', 'notifications'] as const) {
      // the relay has published everything by now: the backlog is empty and its age 0
      const m = await until(
        `${s}'s outbox empty`,
        async () => {
          const m = await scrape(`${procs[s].url}/metrics`);
          return value(m, 'rian_outbox_backlog') === 0 ? m : undefined;
        },
        20_000,
      );
      expect(value(m, 'rian_outbox_oldest_age_seconds'), s).toBe(0);
      // HTTP rate per route pattern, never a raw URL (no ids in the label)
      const http = series(m, 'http_requests_total');
      expect(http.filter((x) => x.value > 0 && x.labels.route !== 'unmatched').length, s).toBeGreaterThan(0);
      expect(
        http.every((x) => !/[0-9a-f]{8}-[0-9a-f]{4}/.test(x.labels.route ?? '')),
        s,
      ).toBe(true);
      expect(
        series(m, 'http_request_duration_seconds_count').some((x) => x.value > 0),
        s,
      ).toBe(true);
      // every service in the saga consumed events, and JetStream's lag per durable is read
      const handled = series(m, 'rian_events_consumed_total').filter((x) => x.labels.outcome === 'handled');
      expect(
        handled.reduce((sum, x) => sum + x.value, 0),
        s,
      ).toBeGreaterThan(0);
      const lag = series(m, 'rian_consumer_pending');
      expect(lag.length, s).toBeGreaterThan(0);
      expect(lag.map((x) => x.labels.consumer).sort()).toEqual(
        [...new Set(series(m, 'rian_consumer_ack_pending').map((x) => x.labels.consumer))].sort(),
      );
      expect(
        series(m, 'rian_dead_letters_total').every((x) => x.value === 0),
        s,
      ).toBe(true);
      // the database pool: one connection at least was opened and is back
      expect(value(m, 'rian_db_pool_used'), s).toBeGreaterThanOrEqual(0);
      expect(value(m, 'rian_db_pool_free')! + value(m, 'rian_db_pool_used')!, s).toBeGreaterThan(0);
      expect(value(m, 'rian_db_pool_pending'), s).toBe(0);
      expect(value(m, 'nodejs_eventloop_lag_seconds'), s).toBeGreaterThanOrEqual(0);
      expect(series(m, 'nodejs_eventloop_lag_p99_seconds')[0]?.labels.service).toBe(s);
    }
    const g = await scrape(`${base}/metrics`);
    const proxied = series(g, 'http_requests_total').filter((x) => x.labels.route === '/api/orders/*');
    expect(proxied.reduce((sum, x) => sum + x.value, 0)).toBeGreaterThan(0);
    // the gateway's breakers, one per upstream, all closed after a clean run
    const breakers = series(g, 'rian_breaker_state').filter((x) => x.labels.breaker?.startsWith('upstream:'));
    expect(breakers.map((x) => x.labels.breaker).sort()).toEqual(SERVICES.map((s) => `upstream:${s}`).sort());
    expect(breakers.every((x) => x.value === 0)).toBe(true);
    expect(value(g, 'rian_sse_clients_admin')).toBe(0);
    expect(value(g, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    // a service's metrics are never reachable through the gateway
    for (const path of ['/api/orders/metrics', '/api/payments/metrics?x=1', '/api/LEARNING/metrics']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('http_requests_total');
    }
  }, 180_000);
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text format → samples (comments skipped). */
function parseMetrics(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[l[1]!] = l[2]!;
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}
const series = (m: Sample[], name: string) => m.filter((x) => x.name === name);
const value = (m: Sample[], name: string) => series(m, name)[0]?.value;

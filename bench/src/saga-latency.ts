/**
 * The saga's latency (issue 6): from staff approving a transfer slip to the enrolment being visible
 * to the member — payments commits the approval and relays `payments.payment.approved`, orders marks
 * the order paid and relays `orders.order.paid`, learning grants the enrolments; the member's
 * `GET /enrolments/mine` then lists them. p50/p95 over ORDERS orders (default 200).
 *
 * Baseline, measured in the same run on the same NATS: one JetStream publish → durable pull consumer
 * hop (the floor of one event). The saga crosses two such hops plus three database transactions.
 *
 *   npm run saga-latency -w @rian/bench   (ORDERS=200 CONCURRENCY=1 POLL_MS=5)
 *
 * Each consumer handles up to EVENTS_CONCURRENCY events at once (default 8; one order's events
 * still in order): `EVENTS_CONCURRENCY=1` gives the one-at-a-time consumers of before issue 18.
 *
 * catalog, orders, payments and learning run in this process (buildApp, as the services' tests do)
 * against the real PostgreSQL, NATS and Redis, in a namespace of their own; tokens are signed by a
 * test issuer the services trust.
 */
import { performance } from 'node:perf_hooks';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { connect } from '@nats-io/transport-node';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { createTestEnv, eventually, TestTokenIssuer } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { defaultConcurrency } from '@rian/kit/consumer';
import { buildApp as buildCatalog } from '@rian/catalog/app';
import { readConfig as catalogConfig } from '@rian/catalog/config';
import { buildApp as buildOrders } from '@rian/orders/app';
import { readConfig as ordersConfig } from '@rian/orders/config';
import { buildApp as buildPayments } from '@rian/payments/app';
import { readConfig as paymentsConfig } from '@rian/payments/config';
import { buildApp as buildLearning } from '@rian/learning/app';
import { readConfig as learningConfig } from '@rian/learning/config';
import { summary } from './stats.js';

const ORDERS = Number(process.env.ORDERS ?? 200);
const CONCURRENCY = Math.max(1, Number(process.env.CONCURRENCY ?? 1));
const POLL_MS = Math.max(1, Number(process.env.POLL_MS ?? 5));

const env = await createTestEnv();
const issuer = await TestTokenIssuer.create();
const slipDir = await mkdtemp(join(tmpdir(), 'rian-bench-slips-'));
const apps: ServiceApp[] = [];
const start = async (build: () => Promise<ServiceApp>) => {
  const app = await build();
  await app.ready();
  apps.push(app);
  return app;
};
const quiet = { LOG_LEVEL: 'silent' };
const opts = { tokenKeys: issuer.keys };
const catalog = await start(() => buildCatalog(catalogConfig(env.envFor('catalog', quiet)), opts));
const orders = await start(() => buildOrders(ordersConfig(env.envFor('orders', quiet)), opts));
const payments = await start(() =>
  buildPayments(paymentsConfig(env.envFor('payments', { ...quiet, PAYMENTS_SLIP_DIR: slipDir })), opts),
);
const learning = await start(() => buildLearning(learningConfig(env.envFor('learning', quiet)), opts));

const staff = await issuer.staff('admin');
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The floor: one JetStream publish → durable pull consumer delivery, sequentially. */
async function jetStreamHop(n: number): Promise<number[]> {
  const nc = await connect({ servers: env.envFor('bench').NATS_URL });
  const stream = `${env.namespace.toUpperCase()}_BENCH`;
  const subject = `${env.namespace}.bench.hop`;
  const jsm = await jetstreamManager(nc);
  await jsm.streams.add({ name: stream, subjects: [subject] });
  await jsm.consumers.add(stream, { durable_name: 'bench-hop', ack_policy: AckPolicy.Explicit });
  const js = jetstream(nc);
  const consumer = await js.consumers.get(stream, 'bench-hop');
  const waiting = new Map<number, (t: number) => void>();
  const messages = await consumer.consume({ max_messages: 100 });
  void (async () => {
    for await (const m of messages) {
      m.ack();
      waiting.get(m.json<{ i: number }>().i)?.(performance.now());
    }
  })();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const got = new Promise<number>((resolve) => waiting.set(i, resolve));
    const t0 = performance.now();
    await js.publish(subject, JSON.stringify({ i }), { msgID: `${env.namespace}-${i}` });
    out.push((await got) - t0);
  }
  await messages.close();
  await jsm.streams.delete(stream);
  await nc.close();
  return out;
}

/** A product at ฿1,500 (NL price today) granting two courses; orders learns it from catalog's events. */
async function product(): Promise<{ productId: string; priceId: string }> {
  const bangkok = (d: number) =>
    new Date(Date.now() + 7 * 3_600_000 + d * 86_400_000).toISOString().slice(0, 10);
  const p = await catalog.inject({
    method: 'POST',
    url: '/admin/products',
    headers: auth(staff),
    payload: { url: `bench-${env.namespace}`, title: 'Bench course', price: 150_000 },
  });
  const productId = p.json<{ id: string }>().id;
  const price = await catalog.inject({
    method: 'POST',
    url: `/admin/products/${productId}/prices`,
    headers: auth(staff),
    payload: { type: 'NL', member: 'NL', value: 150_000, title: 'NL', start: bangkok(-1), to: bangkok(30) },
  });
  // learning's courses: catalog links them once learning's course events reached it
  const courseIds: string[] = [];
  for (const title of ['Bench course A', 'Bench course B']) {
    const c = await learning.inject({
      method: 'POST',
      url: '/admin/courses',
      headers: auth(staff),
      payload: { title },
    });
    courseIds.push(c.json<{ id: string }>().id);
  }
  await eventually(async () => {
    const known = await catalog.inject({
      method: 'GET',
      url: `/admin/learning-courses?ids=${courseIds.join(',')}`,
      headers: auth(staff),
    });
    return known.json<{ total: number }>().total === courseIds.length;
  }, 20_000);
  await catalog.inject({
    method: 'PUT',
    url: `/admin/products/${productId}/courses`,
    headers: auth(staff),
    payload: { courseIds },
  });
  return { productId, priceId: price.json<{ id: string }>().id };
}

async function slipBody(): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const png = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#1e78c8' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('slip', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'slip.png');
  form.append('paymentDate', new Date().toISOString().slice(0, 10));
  form.append('paymentTime', '14:05');
  const req = new Request('http://bench/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  };
}

/** One member's order, paid by a slip that now waits for staff: the slip id and the member's token. */
async function waitingSlip(productId: string, priceId: string, i: number) {
  const member = await issuer.member(crypto.randomUUID(), { membershipCodes: ['NL'] });
  const placed = await eventually(async () => {
    const r = await orders.inject({
      method: 'POST',
      url: '/checkout',
      headers: { ...auth(member), 'idempotency-key': `bench-${i}` },
      payload: { productId, priceId, paymentType: 4 },
    });
    return r.statusCode === 201 ? r.json<{ order: { id: string } }>() : undefined;
  }, 20_000);
  const orderId = placed.order.id;
  const body = await slipBody();
  const uploaded = await eventually(async () => {
    const r = await payments.inject({
      method: 'POST',
      url: `/payments/${orderId}/slip`,
      headers: { ...auth(member), ...body.headers },
      payload: body.payload,
    });
    return r.statusCode === 201 ? r.json<{ attempts: { slips: { id: string }[] }[] }>() : undefined;
  }, 20_000);
  return { member, orderId, slipId: uploaded.attempts[0]!.slips[0]!.id };
}

/** When each event of the saga went by on the bus (core subscription), by order id. */
const seen = new Map<string, Map<string, number>>();
const STAGES = ['payments.payment.approved', 'orders.order.paid', 'learning.enrolment.granted'] as const;
async function watchBus() {
  const nc = await connect({ servers: env.envFor('bench').NATS_URL });
  const sub = nc.subscribe(`${env.namespace}.>`);
  void (async () => {
    for await (const m of sub) {
      let e: { type?: string; data?: { orderId?: string | null } };
      try {
        e = m.json();
      } catch {
        continue; // not an event (another bench's payload)
      }
      if (!e.type || !e.data?.orderId) continue;
      const byType = seen.get(e.type) ?? new Map<string, number>();
      // the last enrolment of the order is when it is complete
      byType.set(e.data.orderId, performance.now());
      seen.set(e.type, byType);
    }
  })();
  return nc;
}
const approvedAt = new Map<string, number>();
/** Per stage, how long after the approval request its event was on the bus. */
function stageTimes(stage: (typeof STAGES)[number]): number[] {
  const out: number[] = [];
  for (const [orderId, t0] of approvedAt) {
    const at = seen.get(stage)?.get(orderId);
    if (at !== undefined) out.push(at - t0);
  }
  return out;
}

/** Staff approve; the clock runs until the member's enrolments list shows both courses. */
async function approvalToEnrolment(slip: {
  member: string;
  slipId: string;
  orderId: string;
}): Promise<number> {
  const t0 = performance.now();
  const approved = await payments.inject({
    method: 'POST',
    url: `/admin/slips/${slip.slipId}/approve`,
    headers: auth(staff),
  });
  if (approved.statusCode !== 200) throw new Error(`approve answered ${approved.statusCode}`);
  for (;;) {
    const r = await learning.inject({ method: 'GET', url: '/enrolments/mine', headers: auth(slip.member) });
    if (r.statusCode === 200 && r.json<{ items: unknown[] }>().items.length === 2) {
      approvedAt.set(slip.orderId, t0);
      return performance.now() - t0;
    }
    if (performance.now() - t0 > 30_000) throw new Error('enrolment not visible within 30 s');
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

try {
  const { productId, priceId } = await product();
  process.stdout.write(`preparing ${ORDERS} orders with a slip waiting…\n`);
  const slips: { member: string; slipId: string; orderId: string }[] = [];
  for (let i = 0; i < ORDERS; i++) slips.push(await waitingSlip(productId, priceId, i));

  const hop = summary(await jetStreamHop(ORDERS));

  const watcher = await watchBus();
  await watcher.flush();
  process.stdout.write(`approving ${ORDERS} slips, ${CONCURRENCY} at a time…\n`);
  const latencies: number[] = [];
  let next = 0;
  const wall0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < slips.length) latencies.push(await approvalToEnrolment(slips[next++]!));
    }),
  );
  const wall = performance.now() - wall0;
  // the last events (relayed after their commit) may still be on their way
  await new Promise((r) => setTimeout(r, 1_000));
  await watcher.close();
  process.stderr.write(JSON.stringify([...seen].map(([k, v]) => [k, v.size])) + '\n');
  const saga = summary(latencies);

  const f = (n: number) => n.toFixed(1).padStart(8);
  const x = (a: number, b: number) => `${(a / b).toFixed(1)}x`.padStart(10);
  process.stdout.write(
    [
      '',
      `saga latency: approval → enrolment visible (${ORDERS} orders, ${CONCURRENCY} at a time, polled every ${POLL_MS} ms; consumers handle ${defaultConcurrency()} events at once; load ${(await readFile('/proc/loadavg', 'utf8').catch(() => '?')).split(' ').slice(0, 3).join(' ')})`,
      'scenario                                   p50 ms   p95 ms   max ms   p50 vs baseline   p95 vs baseline',
      `baseline: one JetStream hop               ${f(hop.p50)} ${f(hop.p95)} ${f(hop.max)}      ${x(1, 1)}        ${x(1, 1)}`,
      `approve → enrolment (2 hops, 3 commits)   ${f(saga.p50)} ${f(saga.p95)} ${f(saga.max)}      ${x(saga.p50, hop.p50)}        ${x(saga.p95, hop.p95)}`,
      ...STAGES.map((stage) => {
        const t = summary(stageTimes(stage));
        return `  ${`… ${stage} on the bus`.padEnd(41)}${f(t.p50)} ${f(t.p95)} ${f(t.max)}`;
      }),
      `throughput: ${((ORDERS / wall) * 1000).toFixed(1)} approvals/s end to end`,
      '',
    ].join('\n'),
  );
} finally {
  for (const app of apps.reverse()) await app.close().catch(() => undefined);
  await rm(slipDir, { recursive: true, force: true });
  await env.cleanup();
}

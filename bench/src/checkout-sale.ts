/**
 * Checkout under a sale (issue 18, goal 4): BUYERS members (default 200) check out the same product
 * through the gateway within SPREAD_S seconds (default 3), each making the requests the SPA makes
 * for a bank transfer, one after another:
 *   1. quote   POST /api/orders/checkout/quote       (the checkout dialog asks it before "confirm")
 *   2. order   POST /api/orders/checkout             (Idempotency-Key; 201 with the order)
 *   3. view    GET  /api/payments/payments/:orderId  (the slip dialog; asked again every 100 ms
 *                                                      until payments has the order — the saga)
 *   4. slip    POST /api/payments/payments/:orderId/slip  (multipart, a small PNG)
 * Run twice: without a coupon, and with a coupon whose use limit is COUPON_LIMIT (default 50) —
 * a buyer whose coupon is refused as used up (409) checks out again without it, as a buyer would,
 * so both runs end with BUYERS orders. Checked in orders' database afterwards: exactly BUYERS
 * orders per run and exactly COUPON_LIMIT orders holding the coupon.
 * Baseline, same run, same schedule: a plain Fastify server (src/baseline-server.ts) answering the
 * captured JSON on the same four paths.
 *
 * Auth, orders, payments, the gateway and the baseline run as child processes (as `npm start` runs
 * them) on a fresh database, NATS and Redis namespace; the product, its price and the coupon are
 * written straight into orders' tables (what catalog's events would have written). Tokens are signed
 * with the key auth is given (AUTH_SIGNING_JWK).
 *
 *   npm run checkout-sale -w @rian/bench
 *   (BUYERS=200 SPREAD_S=3 COUPON_LIMIT=50 CONNECTIONS=100 SAMPLE_DB=1; BENCH_LOGS, BENCH_LOG_LEVEL,
 *    BENCH_PROFILE, BENCH_PROFILE_DIR: see src/processes.ts)
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import sharp from 'sharp';
import { FormData, Pool } from 'undici';
import { createTestEnv, freePort } from '@rian/kit/testing';
import { CpuMeter } from './cpu-time.js';
import { onExit, start, stopAll, waitReady } from './processes.js';
import { summary } from './stats.js';
import { memberToken, signingJwk } from './member-tokens.js';

const BUYERS = Number(process.env.BUYERS ?? 200);
const SPREAD_S = Number(process.env.SPREAD_S ?? 3);
const COUPON_LIMIT = Number(process.env.COUPON_LIMIT ?? 50);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
/** sample pg_stat_activity's wait events of orders' and payments' backends every 20 ms during a run */
const SAMPLE_DB = process.env.SAMPLE_DB !== '0';
const PRICE = 390_000; // satang
const COUPON_OFF = 100_000;
const STEPS = ['quote', 'order', 'view', 'slip'] as const;
type Step = (typeof STEPS)[number];

// ---------------------------------------------------------------- one run

interface Tally {
  steps: Record<Step, number[]>;
  /** every request's time */
  all: number[];
  /** a buyer's whole sequence, from its planned start */
  journeys: number[];
  /** view requests answered 404 before payments had the order (asked again) */
  viewRetries: number;
  /** buyers whose coupon was refused (409) and who checked out without it */
  couponRefused: number;
  couponOrders: number;
  statuses: Map<string, number>;
  samples: string[];
  answers: Partial<Record<Step, { status: number; body: string }>>;
  wallMs: number;
  /** CPU ms per server over the run (src/cpu-time.ts) */
  cpu?: Map<string, number>;
  waits: Map<string, number>;
  waitSamples: number;
}

const newTally = (): Tally => ({
  steps: { quote: [], order: [], view: [], slip: [] },
  all: [],
  journeys: [],
  viewRetries: 0,
  couponRefused: 0,
  couponOrders: 0,
  statuses: new Map(),
  samples: [],
  answers: {},
  wallMs: 0,
  waits: new Map(),
  waitSamples: 0,
});

function failure(t: Tally, what: string, detail: string) {
  t.statuses.set(what, (t.statuses.get(what) ?? 0) + 1);
  if (t.samples.length < 6) t.samples.push(`${what}: ${detail.slice(0, 300)}`);
}

interface Buyer {
  userId: string;
  auth: string;
}

interface Sale {
  productId: string;
  priceId: string;
  couponCode?: string;
}

async function timed(
  t: Tally,
  step: Step,
  pool: Pool,
  opts: Parameters<Pool['request']>[0],
): Promise<{ status: number; text: string }> {
  const t0 = performance.now();
  const res = await pool.request(opts);
  const text = await res.body.text();
  const ms = performance.now() - t0;
  t.steps[step].push(ms);
  t.all.push(ms);
  t.answers[step] ??= { status: res.statusCode, body: text };
  return { status: res.statusCode, text };
}

async function buy(pool: Pool, buyer: Buyer, sale: Sale, slip: Buffer, t: Tally): Promise<void> {
  const json = { authorization: buyer.auth, 'content-type': 'application/json' };
  let body: Record<string, unknown> = {
    productId: sale.productId,
    priceId: sale.priceId,
    paymentType: 4,
    ...(sale.couponCode ? { couponCode: sale.couponCode } : {}),
  };
  let q = await timed(t, 'quote', pool, {
    method: 'POST',
    path: '/api/orders/checkout/quote',
    headers: json,
    body: JSON.stringify(body),
  });
  if (q.status === 409 && sale.couponCode) {
    // the quote already says the coupon is used up: the buyer drops it
    t.couponRefused++;
    const { couponCode: _c, ...without } = body;
    body = without;
    q = await timed(t, 'quote', pool, {
      method: 'POST',
      path: '/api/orders/checkout/quote',
      headers: json,
      body: JSON.stringify(body),
    });
  }
  if (q.status !== 200) return failure(t, `quote ${q.status}`, q.text);
  let o = await timed(t, 'order', pool, {
    method: 'POST',
    path: '/api/orders/checkout',
    headers: { ...json, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(body),
  });
  if (o.status === 409 && 'couponCode' in body) {
    // used up between the quote and the order: without it, as a new order (a new key)
    t.couponRefused++;
    const { couponCode: _c2, ...without } = body;
    body = without;
    o = await timed(t, 'order', pool, {
      method: 'POST',
      path: '/api/orders/checkout',
      headers: { ...json, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify(body),
    });
  }
  if (o.status !== 201) return failure(t, `order ${o.status}`, o.text);
  if ('couponCode' in body) t.couponOrders++;
  const orderId = (JSON.parse(o.text) as { order: { id: string } }).order.id;
  for (;;) {
    const v = await timed(t, 'view', pool, {
      method: 'GET',
      path: `/api/payments/payments/${orderId}`,
      headers: { authorization: buyer.auth },
    });
    if (v.status === 200) break;
    if (v.status !== 404) return failure(t, `view ${v.status}`, v.text);
    t.viewRetries++;
    if (t.viewRetries > BUYERS * 200) return failure(t, 'view never 200', orderId);
    await new Promise((r) => setTimeout(r, 100));
  }
  const form = new FormData();
  form.append('paymentDate', new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10));
  form.append('paymentTime', '10:30');
  form.append('slip', new Blob([slip], { type: 'image/png' }), 'slip.png');
  const s = await timed(t, 'slip', pool, {
    method: 'POST',
    path: `/api/payments/payments/${orderId}/slip`,
    headers: { authorization: buyer.auth },
    body: form,
  });
  if (s.status !== 201) return failure(t, `slip ${s.status}`, s.text);
}

/** Buyer i starts at i/n of SPREAD_S; each goes through its steps one after another. */
async function run(
  base: string,
  buyers: Buyer[],
  sale: Sale,
  slip: Buffer,
  sampler?: (t: Tally, until: () => boolean) => Promise<void>,
  meter?: CpuMeter,
): Promise<Tally> {
  const t = newTally();
  const c0 = await meter?.snapshot();
  const pool = new Pool(base, { connections: CONNECTIONS, pipelining: 1, keepAliveTimeout: 60_000 });
  let done = false;
  const sampling = sampler?.(t, () => done);
  const t0 = performance.now();
  await Promise.all(
    buyers.map(async (b, i) => {
      const at = (i * SPREAD_S * 1000) / buyers.length;
      await new Promise((r) => setTimeout(r, Math.max(0, at - (performance.now() - t0))));
      try {
        await buy(pool, b, sale, slip, t);
        t.journeys.push(performance.now() - t0 - at);
      } catch (err) {
        failure(t, 'socket error', (err as Error).message);
      }
    }),
  );
  t.wallMs = performance.now() - t0;
  if (meter && c0) t.cpu = CpuMeter.delta(c0, await meter.snapshot());
  done = true;
  await sampling;
  await pool.close();
  return t;
}

// ---------------------------------------------------------------- the run

const env = await createTestEnv();
const cleanup = onExit(async () => {
  await stopAll();
  await env.cleanup();
});
const say = (line: string) => process.stderr.write(`${line}\n`);
const fmt = (n: number, w = 8, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-').padStart(w);
let ordersDb: pg.Client | undefined;
let monitor: pg.Client | undefined;
let exitCode = 0;

try {
  const [authPort, ordersPort, paymentsPort, gatewayPort, baselinePort] = (await Promise.all(
    Array.from({ length: 5 }, () => freePort()),
  )) as [number, number, number, number, number];
  const url = (p: number) => `http://127.0.0.1:${p}`;
  const jwksUrl = `${url(authPort)}/.well-known/jwks.json`;
  const quiet = { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent', HOST: '127.0.0.1' };

  say('starting auth, orders, payments and the gateway…');
  const auth = start('auth', 'services/auth/src/server.ts', {
    ...env.envFor('auth', quiet),
    PORT: String(authPort),
    AUTH_SIGNING_JWK: JSON.stringify(signingJwk),
  });
  await waitReady(auth, `${url(authPort)}/readyz`);
  const orders = start('orders', 'services/orders/src/server.ts', {
    ...env.envFor('orders', quiet),
    PORT: String(ordersPort),
    AUTH_JWKS_URL: jwksUrl,
  });
  const payments = start('payments', 'services/payments/src/server.ts', {
    ...env.envFor('payments', quiet),
    PORT: String(paymentsPort),
    AUTH_JWKS_URL: jwksUrl,
    PAYMENTS_SLIP_DIR: `${process.env.TMPDIR ?? '/tmp'}/rian-bench-slips-${env.namespace}`,
  });
  const gateway = start('gateway', 'gateway/src/server.ts', {
    ...quiet,
    PORT: String(gatewayPort),
    RIAN_NAMESPACE: env.namespace,
    REDIS_URL: env.envFor('gateway').REDIS_URL!,
    NATS_URL: env.envFor('gateway').NATS_URL!,
    GATEWAY_SERVICES: 'auth,orders,payments',
    AUTH_URL: url(authPort),
    ORDERS_URL: url(ordersPort),
    PAYMENTS_URL: url(paymentsPort),
    AUTH_JWKS_URL: jwksUrl,
  });
  await waitReady(orders, `${url(ordersPort)}/readyz`);
  await waitReady(payments, `${url(paymentsPort)}/readyz`);
  await waitReady(gateway, `${url(gatewayPort)}/api/health`);

  // the product as catalog's events would have left it in orders' read model, and the coupon
  ordersDb = new pg.Client({ connectionString: env.databaseUrl('orders') });
  await ordersDb.connect();
  const sql = ordersDb;
  const productId = crypto.randomUUID();
  const priceId = crypto.randomUUID();
  await sql.query(
    `insert into sellable_products (product_id, url, title, price, disable, book, coin_pay, changed_at, event_id)
     values ($1, 'bench-sale', 'Bench: the sale', $2, 'N', 'N', 'N', now(), gen_random_uuid())`,
    [productId, PRICE],
  );
  await sql.query(
    `insert into product_prices (price_id, product_id, type, member, value, show, title, fee, removed, revision, changed_at)
     values ($1, $2, 'NL', 'NL', $3, 'Y', 'Normal', 'N', false, 1, now())`,
    [priceId, productId, PRICE],
  );
  const couponCode = `SALE${Date.now().toString(36).toUpperCase()}`;
  await sql.query(
    `insert into coupons (coupon_id, code, name, product_id, product_scope, type, price, "limit")
     values (gen_random_uuid(), $1, 'Bench sale', $2, 'Only', 'Price', $3, $4)`,
    [couponCode, productId, COUPON_OFF, COUPON_LIMIT],
  );
  const couponId = (
    (await sql.query(`select coupon_id from coupons where code = $1`, [couponCode])).rows[0] as {
      coupon_id: string;
    }
  ).coupon_id;

  const slip = await sharp({
    create: { width: 400, height: 600, channels: 3, background: { r: 240, g: 240, b: 250 } },
  })
    .png()
    .toBuffer();
  const makeBuyers = (n: number) =>
    Promise.all(
      Array.from({ length: n }, async () => {
        const userId = crypto.randomUUID();
        return { userId, auth: `Bearer ${await memberToken(userId)}` };
      }),
    );

  // pg_stat_activity of orders' and payments' backends: what they wait on during a run
  monitor = new pg.Client({ connectionString: env.databaseUrl('orders') });
  await monitor.connect();
  const dbNames = [env.databaseUrl('orders'), env.databaseUrl('payments')].map((u) =>
    new URL(u).pathname.slice(1),
  );
  const mon = monitor;
  const sampler = SAMPLE_DB
    ? async (t: Tally, until: () => boolean) => {
        while (!until()) {
          const { rows } = await mon.query<{ w: string; n: string }>(
            `select datname || ' ' || coalesce(wait_event_type || ':' || wait_event, state) as w, count(*)::text as n
             from pg_stat_activity where datname = any($1) and state <> 'idle' and pid <> pg_backend_pid()
             group by 1`,
            [dbNames],
          );
          t.waitSamples++;
          for (const r of rows) t.waits.set(r.w, (t.waits.get(r.w) ?? 0) + Number(r.n));
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    : undefined;

  const meter = new CpuMeter(
    [
      { name: 'orders', pid: () => orders.proc.pid },
      { name: 'payments', pid: () => payments.proc.pid },
      { name: 'gateway', pid: () => gateway.proc.pid },
      { name: 'auth', pid: () => auth.proc.pid },
    ],
    { client: mon, database: dbNames[0]! },
  );

  say('warm-up: 10 buyers…');
  {
    const t = await run(url(gatewayPort), await makeBuyers(10), { productId, priceId }, slip);
    if (t.statuses.size) throw new Error(`warm-up failed:\n${t.samples.join('\n')}`);
  }
  const ordersBefore = Number(
    ((await sql.query(`select count(*) as n from orders`)).rows[0] as { n: string }).n,
  );

  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  const loads: string[] = [];
  loads.push(load());
  say(`${BUYERS} buyers without a coupon…`);
  const plain = await run(
    url(gatewayPort),
    await makeBuyers(BUYERS),
    { productId, priceId },
    slip,
    sampler,
    meter,
  );
  const ordersAfterPlain = Number(
    ((await sql.query(`select count(*) as n from orders`)).rows[0] as { n: string }).n,
  );
  loads.push(load());
  say(`${BUYERS} buyers with a coupon limited to ${COUPON_LIMIT} uses…`);
  const coupon = await run(
    url(gatewayPort),
    await makeBuyers(BUYERS),
    { productId, priceId, couponCode },
    slip,
    sampler,
    meter,
  );
  const ordersAfterCoupon = Number(
    ((await sql.query(`select count(*) as n from orders`)).rows[0] as { n: string }).n,
  );
  const couponUses = Number(
    (
      (await sql.query(`select count(*) as n from orders where coupon_id = $1`, [couponId])).rows[0] as {
        n: string;
      }
    ).n,
  );
  const payDb = new pg.Client({ connectionString: env.databaseUrl('payments') });
  await payDb.connect();
  const slipsWaiting = Number(
    (
      (await payDb.query(`select count(*) as n from slips`).catch(() => ({ rows: [{ n: 'NaN' }] })))
        .rows[0] as { n: string }
    ).n,
  );
  await payDb.end();

  say('the same schedule at the baseline…');
  const a = plain.answers;
  const baseline = start('baseline', 'bench/src/baseline-server.ts', {
    PORT: String(baselinePort),
    BASELINE_ROUTES: JSON.stringify({
      'POST /api/orders/checkout/quote': a.quote?.body ?? '{}',
      'POST /api/orders/checkout': { status: 201, body: a.order?.body ?? '{}' },
      '/api/payments/payments/:orderId': a.view?.status === 200 ? a.view.body : '{}',
      'POST /api/payments/payments/:orderId/slip': { status: 201, body: a.slip?.body ?? '{}' },
    }),
  });
  await waitReady(baseline, `${url(baselinePort)}/readyz`);
  await run(url(baselinePort), await makeBuyers(10), { productId, priceId }, slip);
  loads.push(load());
  const base = await run(url(baselinePort), await makeBuyers(BUYERS), { productId, priceId }, slip);

  // ------------------------------------------------------------ the report
  const out: string[] = [];
  const row = (name: string, t: Tally, b: Tally, load: string) => {
    const lines: string[] = [];
    const reqs = t.all.length;
    for (const step of [...STEPS, 'all', 'buyer'] as const) {
      const ms = step === 'all' ? t.all : step === 'buyer' ? t.journeys : t.steps[step];
      const bms = step === 'all' ? b.all : step === 'buyer' ? b.journeys : b.steps[step];
      const s = summary(ms);
      const bs = summary(bms);
      lines.push(
        [
          (step === 'quote' ? name : '').padEnd(28),
          step.padEnd(6),
          String(s.n).padStart(5),
          fmt(s.p50),
          fmt(s.p99),
          fmt(s.max),
          `${(s.p99 / Math.max(bs.p99, 0.1)).toFixed(1)}x`.padStart(10),
        ].join(' '),
      );
    }
    const errors = [...t.statuses].map(([k, v]) => `${k}: ${v}`).join(', ') || 'none';
    lines.push(
      `${''.padEnd(28)} ${((reqs / t.wallMs) * 1000).toFixed(0)} req/s over ${(t.wallMs / 1000).toFixed(2)} s; ` +
        `errors: ${errors}; view asked again (payments not yet told): ${t.viewRetries}; load ${load}`,
    );
    if (t.cpu) {
      const per = (name: string, n: number) => ((t.cpu!.get(name) ?? 0) / Math.max(1, n)).toFixed(2);
      const ordersReqs = t.steps.quote.length + t.steps.order.length;
      const paymentsReqs = t.steps.view.length + t.steps.slip.length;
      lines.push(
        `${''.padEnd(28)} CPU ms per request: orders ${per('orders', ordersReqs)} (quote+order, ${ordersReqs}), ` +
          `orders' postgres ${per('postgres', ordersReqs)}, payments ${per('payments', paymentsReqs)} ` +
          `(view+slip, ${paymentsReqs}), gateway ${per('gateway', reqs)}, auth ${per('auth', reqs)}`,
      );
    }
    return lines;
  };
  out.push(
    '',
    `checkout under a sale: ${BUYERS} buyers of one product starting over ${SPREAD_S} s, each quote → order → ` +
      `payments view (again until payments has it) → slip upload, through the gateway, ${CONNECTIONS} connections; ` +
      `auth, orders, payments, gateway, baseline and the load generator in 6 processes on ${availableParallelism()} cores`,
    'run                          step       n   p50 ms   p99 ms   max ms  p99 vs base',
    ...row('baseline (plain Fastify)', base, base, loads[2]!),
    ...row('no coupon', plain, base, loads[0]!),
    ...row(`coupon, limit ${COUPON_LIMIT}`, coupon, base, loads[1]!),
    '',
    `orders written: no coupon ${ordersAfterPlain - ordersBefore} (want ${BUYERS}), ` +
      `coupon run ${ordersAfterCoupon - ordersAfterPlain} (want ${BUYERS}); ` +
      `orders holding the coupon: ${couponUses} (want exactly ${COUPON_LIMIT}); ` +
      `coupon refused and bought without: ${coupon.couponRefused} buyer steps; slips stored: ${slipsWaiting}`,
  );
  for (const [name, t] of [
    ['no coupon', plain],
    ['coupon', coupon],
  ] as const) {
    if (!t.waitSamples) continue;
    const top = [...t.waits]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 8)
      .map(([k, v]) => `${k} ${(v / t.waitSamples).toFixed(2)}`)
      .join('; ');
    out.push(`db backends busy, mean per sample (${name}, ${t.waitSamples} samples): ${top}`);
  }
  for (const t of [plain, coupon]) if (t.samples.length) out.push('error samples:', ...t.samples);
  process.stdout.write(`${out.join('\n')}\n`);
  const ok =
    ordersAfterPlain - ordersBefore === BUYERS &&
    ordersAfterCoupon - ordersAfterPlain === BUYERS &&
    couponUses === COUPON_LIMIT;
  if (!ok) {
    process.stdout.write('NOT EXACT: see the counts above\n');
    exitCode = 1;
  }
} catch (err) {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  exitCode = 1;
} finally {
  await monitor?.end().catch(() => undefined);
  await ordersDb?.end().catch(() => undefined);
  await cleanup();
}
process.exit(exitCode);

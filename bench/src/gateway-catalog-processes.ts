/**
 * The gateway-catalog scenario with every server in a process of its own, as `npm start` runs
 * them: the catalog service (`services/catalog/src/server.ts`, Redis cache on), the gateway
 * (`gateway/src/server.ts`, catalog only) and the plain Fastify baseline (src/baseline-server.ts,
 * answering the JSON captured from the catalog) are child processes; autocannon drives them from
 * this one. Unlike gateway-catalog.ts, the proxy does not share an event loop with the service or
 * the load generator, so "through the gateway" vs "catalog directly" is the hop's own cost (on a
 * box with fewer cores than processes they still share CPU time — the report says how many).
 * Two gateways run side by side: one with its HTTP cache for public reads off
 * (GATEWAY_CACHE_MAX_BYTES=0: every request is a second hop to catalog), one with it on (the
 * default: public, cacheable answers served from the gateway's own memory).
 * Run: npm run gateway-catalog-processes -w @rian/bench   (DURATION=10 CONNECTIONS=50 to change the
 * load; the default, 64 connections, is issue 18's goal; ROUNDS=3 interleaves three rounds and shows
 * the median of each row, for a machine others are using)
 */
import { availableParallelism, loadavg } from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { createTestEnv, freePort } from '@rian/kit/testing';
import { onExit, start, startDemoCatalog, stopAll, waitReady } from './processes.js';

const duration = Number(process.env.DURATION ?? 5);
// issue 18's goal is set at 64 connections
const connections = Number(process.env.CONNECTIONS ?? 64);
const warmup = Math.min(2, duration);
/** ROUNDS=3 on a busy machine: each row is then the round with the median req/s (its p50/p99 with it) */
const rounds = Math.max(1, Number(process.env.ROUNDS ?? 1));

function median(results: Result[]): Result {
  const sorted = [...results].sort((a, b) => a.requests.average - b.requests.average);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
const SCENARIOS = [
  { name: 'product list', path: '/products?pageSize=20' },
  // a demo product (src/domain/demo-products.ts of catalog)
  { name: 'product page', path: '/products/by-url/forex-basics' },
  // what the SPA's /pricing page reads (web/src/features/catalog/routes/pricing.tsx) for a visitor
  { name: 'pricing', path: '/products?page=1&pageSize=100' },
] as const;

function load(url: string, seconds: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const env = await createTestEnv();
// Ctrl-C mid-run still stops the children and drops the namespace
const cleanup = onExit(async () => {
  await stopAll();
  await env.cleanup();
});

try {
  const { base: catalogBase } = await startDemoCatalog(env);
  const catalogEnv = env.envFor('catalog');

  const gatewayEnv = {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RIAN_NAMESPACE: env.namespace,
    REDIS_URL: catalogEnv.REDIS_URL!,
    NATS_URL: catalogEnv.NATS_URL ?? 'nats://127.0.0.1:4222',
    GATEWAY_SERVICES: 'catalog',
    CATALOG_URL: catalogBase,
  };
  const gatewayPort = await freePort();
  const gatewayBase = `http://127.0.0.1:${gatewayPort}`;
  const gateway = start('gateway', 'gateway/src/server.ts', {
    ...gatewayEnv,
    PORT: String(gatewayPort),
    GATEWAY_CACHE_MAX_BYTES: '0',
  });
  await waitReady(gateway, `${gatewayBase}/api/health`);
  const cachedPort = await freePort();
  const cachedBase = `http://127.0.0.1:${cachedPort}`;
  const cached = start('gateway-cache', 'gateway/src/server.ts', { ...gatewayEnv, PORT: String(cachedPort) });
  await waitReady(cached, `${cachedBase}/api/health`);

  const samples = new Map<string, string>();
  for (const s of SCENARIOS) {
    const res = await fetch(`${catalogBase}${s.path}`);
    if (res.status !== 200) throw new Error(`${s.path} answered ${res.status}: is the demo product seeded?`);
    samples.set(s.path, await res.text());
  }
  const baselinePort = await freePort();
  const baselineBase = `http://127.0.0.1:${baselinePort}`;
  const baseline = start('baseline', 'bench/src/baseline-server.ts', {
    PORT: String(baselinePort),
    BASELINE_ROUTES: JSON.stringify(Object.fromEntries(SCENARIOS.map((s) => [s.path, samples.get(s.path)!]))),
  });
  await waitReady(baseline, `${baselineBase}/readyz`);

  const lines = [
    `${connections} connections, ${duration}s each (after a ${warmup}s warm-up), ${rounds} round(s) (median shown); ` +
      `catalog, two gateways, baseline and autocannon in 5 processes on ${availableParallelism()} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at start`,
  ];
  for (const s of SCENARIOS) {
    const targets = [
      ['baseline (plain Fastify, own process)', `${baselineBase}${s.path}`],
      ['catalog directly, Redis cache', `${catalogBase}${s.path}`],
      ['through the gateway, no gateway cache', `${gatewayBase}/api/catalog${s.path}`],
      ['through the gateway, gateway cache', `${cachedBase}/api/catalog${s.path}`],
    ] as const;
    // rounds interleave the targets, so a burst of load from elsewhere falls on all of them alike
    const runs: Result[][] = targets.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (const [i, [, url]] of targets.entries()) {
        await load(url, warmup);
        runs[i]!.push(await load(url, duration));
      }
    }
    const rows: [string, Result][] = targets.map(([name], i) => [name, median(runs[i]!)]);
    const base = rows[0]![1];
    const direct = rows[1]![1];
    lines.push(
      '',
      `${s.name}: GET ${s.path} — ${samples.get(s.path)!.length} bytes per answer`,
      'scenario                               req/s    p50 ms   p99 ms   req/s vs baseline   p99 vs baseline    failed',
    );
    for (const [name, r] of rows) {
      lines.push(
        [
          name.padEnd(37),
          r.requests.average.toFixed(0).padStart(7),
          r.latency.p50.toFixed(1).padStart(9),
          r.latency.p99.toFixed(1).padStart(8),
          `${(r.requests.average / base.requests.average).toFixed(2)}x`.padStart(20),
          `${(r.latency.p99 / Math.max(base.latency.p99, 0.1)).toFixed(2)}x`.padStart(18),
          // non-2xx answers, socket errors and timeouts
          String(r.non2xx + r.errors + r.timeouts).padStart(9),
        ].join(' '),
      );
    }
    const hop = rows[2]![1];
    const cachedHop = rows[3]![1];
    lines.push(
      `gateway (no gateway cache) vs direct: ${(hop.requests.average / direct.requests.average).toFixed(2)}x req/s, ` +
        `p50 +${(hop.latency.p50 - direct.latency.p50).toFixed(1)} ms, p99 +${(hop.latency.p99 - direct.latency.p99).toFixed(1)} ms`,
      `gateway cache vs baseline: ${(cachedHop.requests.average / base.requests.average).toFixed(2)}x req/s ` +
        `(goal >= 0.6x), p99 ${cachedHop.latency.p99.toFixed(1)} ms (goal <= 25 ms); load average now ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await cleanup();
}

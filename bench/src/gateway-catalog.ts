/**
 * The shop's two hottest reads — the public product list and a product page (/products/by-url/<url>)
 * — measured in one run so the ratios mean something on any machine:
 *   baseline        — a plain Fastify server answering the same JSON from memory (the floor),
 *   catalog, no cache — the catalog service directly with CATALOG_CACHE_TTL_SECONDS=0 (database read,
 *                     validation, serialisation on every request),
 *   catalog, cached — the catalog service directly with its Redis cache (the default),
 *   gateway         — the cached catalog through the gateway (proxy, breaker, request ids, headers).
 * Run: npm run gateway-catalog -w @rian/bench   (DURATION=10 CONNECTIONS=50 to change the load)
 */
import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import { createTestEnv, freePort } from '@rian/kit/testing';
import { buildApp as buildCatalog } from '@rian/catalog/app';
import { readConfig as readCatalogConfig } from '@rian/catalog/config';
import { buildGateway } from '@rian/gateway/app';
import { readConfig as readGatewayConfig } from '@rian/gateway/config';

const duration = Number(process.env.DURATION ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 20);
const warmup = Math.min(2, duration);
const SCENARIOS = [
  { name: 'product list', path: '/products?pageSize=20' },
  // a demo product (src/domain/demo-products.ts of catalog)
  { name: 'product page', path: '/products/by-url/forex-basics' },
] as const;

function load(url: string, seconds: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const env = await createTestEnv();
const startCatalog = async (extra: Record<string, string>) => {
  const app = await buildCatalog(
    readCatalogConfig(env.envFor('catalog', { CATALOG_SEED_DEMO: 'true', LOG_LEVEL: 'silent', ...extra })),
  );
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${port}` };
};
// one database, two replicas: the same data read with and without the cache
const cached = await startCatalog({});
const uncached = await startCatalog({ CATALOG_CACHE_TTL_SECONDS: '0' });

const gatewayPort = await freePort();
const gateway = await buildGateway(
  readGatewayConfig({
    ...process.env,
    PORT: String(gatewayPort),
    LOG_LEVEL: 'silent',
    RIAN_NAMESPACE: env.namespace,
    GATEWAY_SERVICES: 'catalog',
    CATALOG_URL: cached.base,
  }),
);
await gateway.listen({ port: gatewayPort, host: '127.0.0.1' });

const samples = new Map<string, string>();
for (const s of SCENARIOS) {
  const res = await fetch(`${uncached.base}${s.path}`);
  if (res.status !== 200) throw new Error(`${s.path} answered ${res.status}: is the demo product seeded?`);
  samples.set(s.path, await res.text());
}
const baseline = Fastify();
for (const s of SCENARIOS) {
  const body = samples.get(s.path)!;
  baseline.get(s.path.split('?')[0]!, async (_req, reply) => reply.type('application/json').send(body));
}
const baselinePort = await freePort();
await baseline.listen({ port: baselinePort, host: '127.0.0.1' });

try {
  const lines = [`${connections} connections, ${duration}s each (after a ${warmup}s warm-up)`];
  for (const s of SCENARIOS) {
    const rows: [string, Result][] = [];
    for (const [name, url] of [
      ['baseline (plain Fastify, in memory)', `http://127.0.0.1:${baselinePort}${s.path}`],
      ['catalog directly, no cache', `${uncached.base}${s.path}`],
      ['catalog directly, Redis cache', `${cached.base}${s.path}`],
      ['through the gateway (cached)', `http://127.0.0.1:${gatewayPort}/api/catalog${s.path}`],
    ] as const) {
      await load(url, warmup);
      rows.push([name, await load(url, duration)]);
    }
    const base = rows[0]![1];
    lines.push(
      '',
      `${s.name}: GET ${s.path} — ${samples.get(s.path)!.length} bytes per answer`,
      'scenario                               req/s    p50 ms   p99 ms   req/s vs baseline   p99 vs baseline   non-2xx',
    );
    for (const [name, r] of rows) {
      lines.push(
        [
          name.padEnd(36),
          r.requests.average.toFixed(0).padStart(8),
          r.latency.p50.toFixed(1).padStart(9),
          r.latency.p99.toFixed(1).padStart(8),
          `${(r.requests.average / base.requests.average).toFixed(2)}x`.padStart(20),
          `${(r.latency.p99 / Math.max(base.latency.p99, 0.1)).toFixed(2)}x`.padStart(18),
          String(r.non2xx).padStart(9),
        ].join(' '),
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await baseline.close();
  await gateway.close();
  await cached.app.close();
  await uncached.app.close();
  await env.cleanup();
}

/**
 * The public product list, three ways, measured in one run so the ratios mean something on any machine:
 *   baseline — a plain Fastify server answering the same JSON from memory (the floor),
 *   catalog  — the catalog service directly (database read, validation, serialisation),
 *   gateway  — the same call through the gateway (proxy, breaker, request ids, headers).
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
const path = '/products?pageSize=20';

function load(url: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const env = await createTestEnv();
const catalog = await buildCatalog(
  readCatalogConfig(env.envFor('catalog', { CATALOG_SEED_DEMO: 'true', LOG_LEVEL: 'silent' })),
);
const catalogPort = await freePort();
await catalog.listen({ port: catalogPort, host: '127.0.0.1' });

const gatewayPort = await freePort();
const gateway = await buildGateway(
  readGatewayConfig({
    ...process.env,
    PORT: String(gatewayPort),
    LOG_LEVEL: 'silent',
    RIAN_NAMESPACE: env.namespace,
    GATEWAY_SERVICES: 'catalog',
    CATALOG_URL: `http://127.0.0.1:${catalogPort}`,
  }),
);
await gateway.listen({ port: gatewayPort, host: '127.0.0.1' });

const sample = await (await fetch(`http://127.0.0.1:${catalogPort}${path}`)).text();
const baseline = Fastify();
baseline.get('/products', async (_req, reply) => reply.type('application/json').send(sample));
const baselinePort = await freePort();
await baseline.listen({ port: baselinePort, host: '127.0.0.1' });

try {
  const rows: [string, Result][] = [];
  for (const [name, url] of [
    ['baseline (plain Fastify, in memory)', `http://127.0.0.1:${baselinePort}${path}`],
    ['catalog service directly', `http://127.0.0.1:${catalogPort}${path}`],
    ['through the gateway', `http://127.0.0.1:${gatewayPort}/api/catalog${path}`],
  ] as const) {
    await load(url); // warm-up pass, not counted
    rows.push([name, await load(url)]);
  }
  const base = rows[0]![1];
  const lines = [
    `GET ${path} — ${connections} connections, ${duration}s each, ${sample.length} bytes per answer`,
    'scenario                               req/s    p50 ms   p99 ms   req/s vs baseline   p99 vs baseline   non-2xx',
  ];
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
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await baseline.close();
  await gateway.close();
  await catalog.close();
  await env.cleanup();
}

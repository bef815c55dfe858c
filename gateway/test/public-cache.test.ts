/**
 * The gateway's cache of public answers (D101–D104), behind a stand-in catalog that counts the calls
 * it gets and says per route what may be cached, and two gateways sharing one namespace on the real
 * NATS: what is stored, what never is, ETag/304, stale-while-revalidate, and the change events that
 * empty both gateways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { BusNames } from '@rian/kit/nats';
import { eventually, newNamespace } from '@rian/kit/testing';
import { CACHE_HEADER, CLIENT_CACHE_CONTROL } from '../src/plugins/public-cache.js';
import { standIn, startGateway, type StandIn, type TestGateway } from './helpers.js';

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30';

describe('the public cache at the gateway', () => {
  const calls = new Map<string, number>();
  let version = 1;
  let catalog: StandIn;
  let gw: TestGateway;
  let other: TestGateway;
  let nc: NatsConnection;
  let names: BusNames;

  const count = (path: string) => calls.get(path) ?? 0;

  beforeAll(async () => {
    catalog = await standIn((app) => {
      app.addHook('onRequest', async (req) => {
        const path = req.url.split('?')[0]!;
        calls.set(path, count(path) + 1);
      });
      app.get('/products', async (req, reply) =>
        reply.header('cache-control', PUBLIC).send({ items: [`v${version}`], query: req.query }),
      );
      app.get('/products/by-url/:url', async (req, reply) =>
        reply
          .header('cache-control', PUBLIC)
          .header('vary', 'Accept-Language')
          .send({
            url: (req.params as { url: string }).url,
            lang: req.headers['accept-language'] ?? null,
            version,
          }),
      );
      // a member's own prices: who asks decides the answer
      app.get('/products/:id/prices', async (req, reply) =>
        reply
          .header('cache-control', 'private, no-store')
          .send({ for: req.headers.authorization ?? 'nobody' }),
      );
      // /me-like and order-like answers that forget to say: nothing stored without `public`
      app.get('/me', async (req) => ({ me: req.headers.authorization ?? null }));
      app.get('/orders/mine', async (req, reply) =>
        reply.header('cache-control', 'max-age=60').send({ orders: req.headers.authorization ?? null }),
      );
      app.get('/missing', async (_req, reply) =>
        reply.code(404).header('cache-control', PUBLIC).send({ no: 1 }),
      );
      app.get('/broken', async (_req, reply) =>
        reply.code(500).header('cache-control', PUBLIC).send({ no: 1 }),
      );
      app.get('/with-cookie', async (_req, reply) =>
        reply.header('cache-control', PUBLIC).header('set-cookie', 'seen=1; Path=/').send({ ok: 1 }),
      );
      app.get('/by-who', async (req, reply) =>
        reply
          .header('cache-control', PUBLIC)
          .header('vary', 'Authorization')
          .send({ who: req.headers.authorization ?? null }),
      );
      app.get('/short', async (_req, reply) =>
        reply.header('cache-control', 'public, max-age=1, stale-while-revalidate=60').send({ version }),
      );
    });
    const namespace = newNamespace('gwcache');
    const env = { CATALOG_URL: catalog.url, GATEWAY_SERVICES: 'catalog', RIAN_NAMESPACE: namespace };
    gw = await startGateway(env);
    other = await startGateway(env);
    await gw.app.publicCache!.ready;
    await other.app.publicCache!.ready;
    nc = await connect({ servers: NATS_URL });
    names = new BusNames(namespace);
  });

  afterAll(async () => {
    await nc?.close();
    await gw?.close();
    await other?.close();
    await catalog?.close();
  });

  const get = (app: TestGateway, url: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url, headers });

  it('keeps a public answer: the second read is served by the gateway, same body, with an Age', async () => {
    const first = await get(gw, '/api/catalog/products?pageSize=20&page=1');
    expect(first.statusCode).toBe(200);
    expect(first.headers[CACHE_HEADER]).toBe('stored');
    const before = count('/products');
    // the same query in another order is the same entry
    const second = await get(gw, '/api/catalog/products?page=1&pageSize=20');
    expect(second.statusCode).toBe(200);
    expect(second.headers[CACHE_HEADER]).toBe('hit');
    expect(second.body).toBe(first.body);
    // browsers may keep it but check each time: stale-while-revalidate is the gateway's own
    expect(first.headers['cache-control']).toBe(CLIENT_CACHE_CONTROL);
    expect(second.headers['cache-control']).toBe(CLIENT_CACHE_CONTROL);
    expect(second.headers.age).toMatch(/^\d+$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(count('/products')).toBe(before);
  });

  it('answers 304 to a matching If-None-Match, from the cache and on the miss that stores it', async () => {
    const first = await get(gw, '/api/catalog/products?pageSize=5');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const before = count('/products');
    const again = await get(gw, '/api/catalog/products?pageSize=5', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(count('/products')).toBe(before);
    // another gateway has nothing yet: it asks the catalog, stores, and still answers 304
    const fromOther = await get(other, '/api/catalog/products?pageSize=5', { 'if-none-match': etag });
    expect(fromOther.statusCode).toBe(304);
    expect(count('/products')).toBe(before + 1);
    const changed = await get(gw, '/api/catalog/products?pageSize=5', { 'if-none-match': '"other"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ items: [`v${version}`] });
  });

  it('keys on the Accept-Language a public answer varies by', async () => {
    const th = await get(gw, '/api/catalog/products/by-url/forex', { 'accept-language': 'th' });
    const en = await get(gw, '/api/catalog/products/by-url/forex', { 'accept-language': 'en' });
    expect(th.json().lang).toBe('th');
    expect(en.json().lang).toBe('en');
    const thAgain = await get(gw, '/api/catalog/products/by-url/forex', { 'accept-language': 'th' });
    expect(thAgain.headers[CACHE_HEADER]).toBe('hit');
    expect(thAgain.json().lang).toBe('th');
  });

  it("never stores a member's price view: each member gets their own, an anonymous caller none of it", async () => {
    const url = '/api/catalog/products/p-1/prices';
    const before = count('/products/p-1/prices');
    const a = await get(gw, url, { authorization: 'Bearer member-a' });
    const b = await get(gw, url, { authorization: 'Bearer member-b' });
    const anonymous = await get(gw, url);
    expect(a.json()).toEqual({ for: 'Bearer member-a' });
    expect(b.json()).toEqual({ for: 'Bearer member-b' });
    expect(anonymous.json()).toEqual({ for: 'nobody' });
    for (const res of [a, b, anonymous]) expect(res.headers[CACHE_HEADER]).toBe(undefined);
    expect(count('/products/p-1/prices')).toBe(before + 3);
    expect(gw.app.publicCache!.cache.size).toBeGreaterThan(0);
  });

  it('never stores /me, /orders/mine, a 4xx, a 5xx, a Set-Cookie answer or one that varies by Authorization', async () => {
    for (const path of ['/me', '/orders/mine', '/missing', '/broken', '/with-cookie', '/by-who']) {
      const before = count(path);
      const first = await get(gw, `/api/catalog${path}`, {
        authorization: 'Bearer member-a',
        cookie: 'rian_refresh=x',
      });
      const second = await get(gw, `/api/catalog${path}`);
      expect(count(path), path).toBe(before + 2);
      for (const res of [first, second]) expect(res.headers[CACHE_HEADER], path).not.toBe('hit');
      if (path === '/me') expect(second.json()).toEqual({ me: null });
      if (path === '/by-who') expect(second.json()).toEqual({ who: null });
    }
  });

  // (before the events' test: an event empties everything again a second later)
  it('serves a stale answer once while it asks again, then the fresh one', async () => {
    const url = '/api/catalog/short';
    const first = await get(gw, url);
    const old = first.json().version as number;
    version += 1;
    // after max-age (1 s) the entry is stale: served as it was, and refreshed in the background
    const stale = await eventually(
      async () => {
        const r = await get(gw, url);
        return r.headers[CACHE_HEADER] === 'stale' ? r : undefined;
      },
      5_000,
      50,
    );
    expect(stale.json().version).toBe(old);
    const fresh = await eventually(async () => {
      const r = await get(gw, url);
      return r.headers[CACHE_HEADER] === 'hit' && r.json().version === version ? r : undefined;
    });
    expect(fresh.json().version).toBe(version);
  });
  it('a catalog change event empties the entry on both gateways', async () => {
    const url = '/api/catalog/products?pageSize=7';
    await get(gw, url);
    await get(other, url);
    expect((await get(gw, url)).headers[CACHE_HEADER]).toBe('hit');
    expect((await get(other, url)).headers[CACHE_HEADER]).toBe('hit');
    version += 1;
    nc.publish(names.subject('catalog.product.changed'), JSON.stringify({ id: 'e-1' }));
    await nc.flush();
    for (const g of [gw, other]) {
      const res = await eventually(async () => {
        const r = await get(g, url);
        return r.json().items[0] === `v${version}` && r.headers[CACHE_HEADER] === 'stored' ? r : undefined;
      });
      expect(res.json().items).toEqual([`v${version}`]);
    }
    // the other catalog events (a price, a coach, a deletion) do the same
    version += 1;
    nc.publish(names.subject('catalog.product.deleted'), JSON.stringify({ id: 'e-2' }));
    await eventually(async () => (await get(other, url)).json().items[0] === `v${version}`);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, freePort, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { PackageStaff } from '@rian/proto-contracts/catalog-commerce';
import { bearer, productBody, startCatalog } from '../../helpers.js';
import { newProduct } from '../../commerce-helpers.js';
import { CatalogCache } from '../../../src/plugins/app/cache.js';

describe('the Redis cache of public catalog reads', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let a: ServiceApp;
  let b: ServiceApp;
  let staff: Record<string, string>;
  const apps: ServiceApp[] = [];

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    // two replicas on one database and one Redis
    a = await startCatalog(env, issuer);
    b = await startCatalog(env, issuer);
    apps.push(a, b);
    staff = bearer(await issuer.staff());
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await env?.cleanup();
  });

  const get = (app: ServiceApp, url: string) => app.inject({ method: 'GET', url });

  it('answers the second read of the product list from the cache, byte for byte', async () => {
    await newProduct(a, staff);
    const first = await get(a, '/products?pageSize=5');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    const second = await get(a, '/products?pageSize=5');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.body).toBe(first.body);
    // another replica reads the same entry
    expect((await get(b, '/products?pageSize=5')).headers['x-cache']).toBe('hit');
  });

  it('shows a staff change to the next public read, on every replica', async () => {
    const product = await newProduct(a, staff, { title: 'ก่อน (before)' });
    const page = `/products/by-url/${product.url}`;
    for (const app of [a, b]) await get(app, page);
    expect((await get(a, page)).headers['x-cache']).toBe('hit');
    expect((await get(b, page)).headers['x-cache']).toBe('hit');
    const list = await get(b, '/products?pageSize=100');
    expect(list.body).toContain('ก่อน (before)');

    // the change goes through replica a ...
    const put = await a.inject({
      method: 'PUT',
      url: `/admin/products/${product.id}`,
      headers: staff,
      payload: { title: 'หลัง (after)' },
    });
    expect(put.statusCode).toBe(200);
    // ... and replica b answers the new title at once (a miss: its old entry is forgotten) ...
    const onB = await get(b, page);
    expect(onB.headers['x-cache']).toBe('miss');
    expect(onB.json()).toMatchObject({ title: 'หลัง (after)' });
    // ... and replica a the same fresh entry b just stored
    const onA = await get(a, page);
    expect(onA.headers['x-cache']).toBe('hit');
    expect(onA.json()).toMatchObject({ title: 'หลัง (after)' });
    const fresh = await get(b, '/products?pageSize=100');
    expect(fresh.body).toContain('หลัง (after)');
    expect(fresh.body).not.toContain('ก่อน (before)');

    // a delete hides it at once too
    await b.inject({ method: 'DELETE', url: `/admin/products/${product.id}`, headers: staff });
    expect((await get(a, page)).statusCode).toBe(404);
  });

  it('does not keep a not-found answer: a product created after a 404 shows at once', async () => {
    const url = `later-${Date.now().toString(36)}`;
    expect((await get(a, `/products/by-url/${url}`)).statusCode).toBe(404);
    expect((await get(a, `/products/by-url/${url}`)).statusCode).toBe(404);
    await a.inject({ method: 'POST', url: '/admin/products', headers: staff, payload: productBody({ url }) });
    expect((await get(a, `/products/by-url/${url}`)).statusCode).toBe(200);
  });

  it('caches public packages and forgets them when a package changes', async () => {
    const created = await a.inject({
      method: 'POST',
      url: '/admin/packages',
      headers: staff,
      payload: { url: `cache-pkg-${Date.now().toString(36)}`, title: 'Package', price: 100 },
    });
    const pkg = created.json<PackageStaff>();
    await get(b, `/packages/${pkg.id}`);
    await get(b, '/packages');
    expect((await get(b, `/packages/${pkg.id}`)).headers['x-cache']).toBe('hit');
    expect((await get(b, '/packages')).headers['x-cache']).toBe('hit');
    await a.inject({
      method: 'PUT',
      url: `/admin/packages/${pkg.id}`,
      headers: staff,
      payload: { price: 200 },
    });
    expect((await get(b, `/packages/${pkg.id}`)).json()).toMatchObject({ price: 200 });
    expect((await get(b, '/packages')).body).toContain('"price":200');
  });

  it('keeps entries under catalog:cache: in the namespace, for at most the configured seconds', async () => {
    await get(a, '/products?page=1&pageSize=7');
    const keys = await a.kit.redis.keys(`${env.namespace}:catalog:cache:*`);
    expect(keys.length).toBeGreaterThan(1);
    expect(keys).toContain(`${env.namespace}:catalog:cache:version`);
    const entry = keys.find((k) => k.endsWith(':http:/products?page=1&pageSize=7'))!;
    expect(entry).toBeDefined();
    const ttl = await a.kit.redis.ttl(entry.slice(env.namespace.length + 1));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30);
  });

  it('never serves an answer computed before a change that committed while it was computed', async () => {
    // the cache of each replica, as its plugin builds it
    const onA = new CatalogCache(a.kit.redis, a.kit.logger, 30);
    const onB = new CatalogCache(b.kit.redis, b.kit.logger, 30);
    const key = `race-${Date.now()}`;
    const before = await onA.read(key); // a reader takes the version, then reads the database ...
    expect(before?.value).toBeNull();
    await onB.invalidate(); // ... meanwhile a change commits on another replica ...
    await onA.write(before!.version, key, '"stale"'); // ... and the reader stores what it had read
    expect((await onA.read(key))?.value).toBeNull();
    expect(await onB.json(key, async () => 'fresh')).toBe('fresh');
    expect(await onA.json(key, async () => 'not called')).toBe('fresh');
  });

  it('is off with CATALOG_CACHE_TTL_SECONDS=0', async () => {
    const off = await startCatalog(env, issuer, { CATALOG_CACHE_TTL_SECONDS: '0' });
    apps.push(off);
    const res = await get(off, '/products?pageSize=3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-cache']).toBeUndefined();
  });

  it('reads the database when Redis is away: slower, still right', async () => {
    const product = await newProduct(a, staff);
    const noRedis = await startCatalog(env, issuer, { REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    apps.push(noRedis);
    const started = Date.now();
    const res = await get(noRedis, `/products/by-url/${product.url}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: product.id });
    expect(res.headers['x-cache']).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

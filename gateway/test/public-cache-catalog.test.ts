/**
 * The gateway's cache in front of the real catalog (PostgreSQL, NATS JetStream, Redis): the shop's
 * reads are kept, a staff change travels as catalog's own event and empties both gateways, and a
 * member's price view goes to the catalog every time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestEnv, eventually, freePort, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { buildApp as buildCatalog } from '@rian/catalog/app';
import { readConfig as catalogConfig } from '@rian/catalog/config';
import type { ProductPublic, ProductStaff } from '@rian/proto-contracts/catalog';
import { buildGateway } from '../src/app.js';
import { readConfig as gatewayConfig } from '../src/config.js';
import { CACHE_HEADER } from '../src/plugins/public-cache.js';

let env: TestEnv;
let catalog: FastifyInstance;
const gateways: FastifyInstance[] = [];
let staff: Record<string, string>;
let member: Record<string, string>;
let product: ProductStaff;

beforeAll(async () => {
  env = await createTestEnv();
  const issuer = await TestTokenIssuer.create();
  staff = { authorization: `Bearer ${await issuer.staff()}` };
  member = { authorization: `Bearer ${await issuer.member()}` };
  catalog = await buildCatalog(catalogConfig(env.envFor('catalog')), { tokenKeys: issuer.keys });
  const port = await freePort();
  await catalog.listen({ port, host: '127.0.0.1' });
  for (let i = 0; i < 2; i++) {
    const gw = await buildGateway(
      gatewayConfig({
        LOG_LEVEL: 'silent',
        RIAN_NAMESPACE: env.namespace,
        CATALOG_URL: `http://127.0.0.1:${port}`,
        GATEWAY_SERVICES: 'catalog',
      }),
    );
    await gw.ready();
    await gw.publicCache!.ready;
    gateways.push(gw);
  }
  const res = await catalog.inject({
    method: 'POST',
    url: '/admin/products',
    headers: staff,
    payload: { url: `cached-course-${Date.now().toString(36)}`, title: 'คอร์สก่อนแก้', price: 150_000 },
  });
  expect(res.statusCode).toBe(201);
  product = res.json<ProductStaff>();
}, 120_000);

afterAll(async () => {
  for (const gw of gateways) await gw.close();
  await catalog?.close();
  await env?.cleanup();
});

const read = (gw: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  gw.inject({ method: 'GET', url: `/api/catalog${url}`, headers });

describe('the public cache in front of the catalog', () => {
  it("keeps the product page until the staff's change reaches both gateways as catalog.product.changed", async () => {
    const page = `/products/by-url/${product.url}`;
    for (const gw of gateways) {
      // (the product's own creation event may still be on its way: what is read before it is not kept)
      const hit = await eventually(async () => {
        const res = await read(gw, page);
        return res.headers[CACHE_HEADER] === 'hit' ? res : undefined;
      });
      expect(hit.json<ProductPublic>().title).toBe('คอร์สก่อนแก้');
    }
    const put = await catalog.inject({
      method: 'PUT',
      url: `/admin/products/${product.id}`,
      headers: staff,
      payload: { title: 'คอร์สหลังแก้' },
    });
    expect(put.statusCode).toBe(200);
    for (const gw of gateways) {
      await eventually(async () => (await read(gw, page)).json<ProductPublic>().title === 'คอร์สหลังแก้');
    }
  });

  it("sends a member's price view to the catalog every time and keeps none of it", async () => {
    const url = `/products/${product.id}/prices`;
    const [gw] = gateways;
    const before = gw!.publicCache!.cache.size;
    for (let i = 0; i < 2; i++) {
      const res = await read(gw!, url, member);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers[CACHE_HEADER]).toBe(undefined);
    }
    // nothing added (the previous change's second invalidation may still empty what there was)
    expect(gw!.publicCache!.cache.size).toBeLessThanOrEqual(before);
  });
});

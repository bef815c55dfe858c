/**
 * What the catalog tells shared caches (the gateway's, D101): its URL-only shop reads may be kept
 * (`public`, s-maxage, stale-while-revalidate); a member's prices, staff views and any error never.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { ProductStaff } from '@rian/proto-contracts/catalog';
import { bearer, productBody, startCatalog } from '../helpers.js';

const PUBLIC = 'public, max-age=0, s-maxage=45, stale-while-revalidate=15';

describe('Cache-Control on catalog answers', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let staff: Record<string, string>;
  let member: Record<string, string>;
  let product: ProductStaff;

  beforeAll(async () => {
    env = await createTestEnv();
    const issuer = await TestTokenIssuer.create();
    app = await startCatalog(env, issuer, {
      CATALOG_PUBLIC_MAX_AGE_SECONDS: '45',
      CATALOG_PUBLIC_STALE_SECONDS: '15',
    });
    staff = bearer(await issuer.staff());
    member = bearer(await issuer.member());
    const res = await app.inject({
      method: 'POST',
      url: '/admin/products',
      headers: staff,
      payload: productBody({ url: 'cache-control-course', title: 'คอร์ส Cache' }),
    });
    expect(res.statusCode).toBe(201);
    product = res.json<ProductStaff>();
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('marks the shop reads that depend on the URL alone public, for a shared cache', async () => {
    for (const url of [
      '/products?pageSize=20',
      '/products/by-url/cache-control-course',
      `/products/${product.id}/coaches`,
      '/coaches',
      '/packages',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PUBLIC);
    }
    // the same when the catalog's own cache answers (second read) and when a member asks
    expect((await get('/products?pageSize=20')).headers['cache-control']).toBe(PUBLIC);
    expect((await get('/products?pageSize=20', member)).headers['cache-control']).toBe(PUBLIC);
  });

  it("never lets a member's prices, a staff view or an error be kept", async () => {
    const cases: [string, Record<string, string>, number][] = [
      [`/products/${product.id}/prices`, member, 200],
      ['/admin/products', staff, 200],
      ['/products/by-url/no-such-course', {}, 404],
      ['/products?pageSize=100000', {}, 400],
      ['/admin/products', {}, 401],
    ];
    for (const [url, headers, status] of cases) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { ProductPublic, ProductStaff } from '@rian/proto-contracts/catalog';
import { bearer, productBody, learningCourses, startCatalog } from '../helpers.js';

interface PublicPage {
  items: ProductPublic[];
  page: number;
  pageSize: number;
  total: number;
}

const STAFF_ONLY = [
  'code',
  'coursesId',
  'disable',
  'hasLineToken',
  'hasTelegramToken',
  'createdBy',
  'createdAt',
  'updatedAt',
  'lineToken',
  'telegramToken',
];

describe('the shop reads products (/products), no token needed', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let staff: Record<string, string>;
  const made: Record<string, ProductStaff> = {};

  beforeAll(async () => {
    env = await createTestEnv();
    const issuer = await TestTokenIssuer.create();
    app = await startCatalog(env, issuer);
    staff = bearer(await issuer.staff());
    const [c1] = await learningCourses(env, 'C 1');
    // created oldest first; the shop lists newest first
    const bodies = {
      forex: productBody({
        url: 'forex-basics',
        title: 'คอร์สเทรด Forex พื้นฐาน (Forex Basics)',
        code: 'FXB',
        coursesId: c1,
        lineToken: 'line-x',
      }),
      hidden: productBody({ url: 'old-cohort', title: 'Forex รุ่นเก่า (old cohort)', disable: 'Y' }),
      gold: productBody({ url: 'gold-scalping', title: 'Gold Scalping', subtitle: 'เทรดทองคำระยะสั้น' }),
      percent: productBody({ url: 'win_rate-100', title: 'Win rate 100% guaranteed?' }),
      crypto: productBody({ url: 'Crypto-101', title: 'Crypto 101', price: 0 }),
    };
    for (const [key, body] of Object.entries(bodies)) {
      const res = await app.inject({ method: 'POST', url: '/admin/products', headers: staff, payload: body });
      expect(res.statusCode).toBe(201);
      made[key] = res.json<ProductStaff>();
    }
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const list = async (query: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url: '/products', query });
    expect(res.statusCode).toBe(200);
    return res.json<PublicPage>();
  };

  it('lists enabled products only, newest first, without staff fields', async () => {
    const page = await list();
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 4 });
    expect(page.items.map((p) => p.url)).toEqual([
      'Crypto-101',
      'win_rate-100',
      'gold-scalping',
      'forex-basics',
    ]);
    for (const item of page.items) for (const key of STAFF_ONLY) expect(item).not.toHaveProperty(key);
    expect(page.items[3]).toEqual({
      id: made.forex!.id,
      url: 'forex-basics',
      title: 'คอร์สเทรด Forex พื้นฐาน (Forex Basics)',
      subtitle: null,
      detail: null,
      start: null,
      to: null,
      price: 150_000,
      priceUnchanged: null,
      img: null,
      imgCourse: null,
      imgSlide: null,
      year: null,
      format: 'online',
      type: 'product',
      status: 'coming',
      book: 'N',
      priceList: 'N',
      coinPay: 'N',
    });
  });

  it('pages through the list', async () => {
    const first = await list({ pageSize: '3' });
    const second = await list({ pageSize: '3', page: '2' });
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.items).toHaveLength(3);
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.items.map((p) => p.url)).toEqual(['forex-basics']);
    expect((await list({ pageSize: '3', page: '9' })).items).toEqual([]);
  });

  it('refuses a page size over 100 or a page below 1 with a problem', async () => {
    const bad: Record<string, string>[] = [{ pageSize: '101' }, { page: '0' }, { pageSize: 'many' }];
    for (const query of bad) {
      const res = await app.inject({ method: 'GET', url: '/products', query });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'validation.failed' });
    }
  });

  it('searches title, subtitle and url, ignoring case, and never shows a disabled match', async () => {
    expect((await list({ q: 'FOREX' })).items.map((p) => p.url)).toEqual(['forex-basics']);
    expect((await list({ q: 'ทองคำ' })).items.map((p) => p.url)).toEqual(['gold-scalping']);
    expect((await list({ q: 'crypto-1' })).items.map((p) => p.url)).toEqual(['Crypto-101']);
    expect(await list({ q: 'no such course' })).toMatchObject({ total: 0, items: [] });
    expect((await list({ q: '   ' })).total).toBe(4);
  });

  it('takes % and _ in q literally, not as wildcards', async () => {
    expect((await list({ q: '100%' })).items.map((p) => p.url)).toEqual(['win_rate-100']);
    expect((await list({ q: '%' })).items.map((p) => p.url)).toEqual(['win_rate-100']);
    expect((await list({ q: '_' })).items.map((p) => p.url)).toEqual(['win_rate-100']);
    expect((await list({ q: 'n_r' })).items.map((p) => p.url)).toEqual(['win_rate-100']);
    expect((await list({ q: 'o_d' })).total).toBe(0);
  });

  it('shows a product by its url, exactly as written', async () => {
    const res = await app.inject({ method: 'GET', url: '/products/by-url/gold-scalping' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: made.gold!.id,
      title: 'Gold Scalping',
      subtitle: 'เทรดทองคำระยะสั้น',
    });
    for (const key of STAFF_ONLY) expect(res.json()).not.toHaveProperty(key);
    expect((await app.inject({ method: 'GET', url: '/products/by-url/Crypto-101' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/products/by-url/crypto-101' })).statusCode).toBe(404);
  });

  it('answers 404 catalog.product_not_found for an unknown or a disabled product', async () => {
    for (const url of ['no-such-product', 'old-cohort']) {
      const res = await app.inject({ method: 'GET', url: `/products/by-url/${url}` });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'catalog.product_not_found', detail: 'ไม่พบสินค้านี้' });
    }
    const en = await app.inject({
      method: 'GET',
      url: '/products/by-url/old-cohort',
      headers: { 'accept-language': 'en' },
    });
    expect(en.json()).toMatchObject({ detail: 'The product was not found' });
  });

  it('shows a product again once staff enable it', async () => {
    const put = await app.inject({
      method: 'PUT',
      url: `/admin/products/${made.hidden!.id}`,
      headers: staff,
      payload: { disable: 'N' },
    });
    expect(put.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/products/by-url/old-cohort' })).statusCode).toBe(200);
    expect((await list()).total).toBe(5);
    await app.inject({
      method: 'PUT',
      url: `/admin/products/${made.hidden!.id}`,
      headers: staff,
      payload: { disable: 'Y' },
    });
    expect((await list()).total).toBe(4);
  });

  it('documents its routes in OpenAPI', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/products',
        '/products/by-url/{url}',
        '/admin/products',
        '/admin/products/{id}',
      ]),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { ProductCoursesChanged, type ProductCourses } from '@rian/proto-contracts/catalog-commerce';
import { bearer, learningCourses, startCatalog } from '../helpers.js';
import { newProduct, outboxCount, PROBLEM, publishedEvent } from '../commerce-helpers.js';

describe('the courses a product grants (/admin/products/:id/courses)', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let staff: Record<string, string>;
  // learning's courses, known to catalog through learning.course.changed
  let gold: string, forex: string, crypto301: string, a1: string, b2: string;
  let many: string[];

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startCatalog(env, issuer);
    staff = bearer(await issuer.staff());
    [gold, forex, crypto301, a1, b2, ...many] = await learningCourses(
      env,
      'Gold 201',
      'Forex 101',
      'Crypto 301',
      'A1',
      'B2',
      ...Array.from({ length: 8 }, (_, i) => `C${i}`),
    );
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const call = async (method: string, url: string, payload?: object) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: staff,
      ...(payload ? { payload } : {}),
    });
    return res;
  };

  it('starts empty, then keeps the list staff set (duplicates dropped, order kept) and publishes it whole', async () => {
    const product = await newProduct(app, staff);
    const url = `/admin/products/${product.id}/courses`;
    expect((await call('GET', url)).json()).toEqual({
      productId: product.id,
      courseIds: [],
      revision: 0,
      updatedAt: null,
    });

    const put = await call('PUT', url, { courseIds: [gold, forex, gold] });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ courseIds: [gold, forex], revision: 1 });
    const first = await publishedEvent(env, ProductCoursesChanged, (d) => d.productId === product.id);
    expect(first.data).toEqual({
      productId: product.id,
      courseIds: [gold, forex],
      revision: 1,
      changedAt: put.json<ProductCourses>().updatedAt,
    });

    const added = await call('POST', url, { courseId: crypto301 });
    expect(added.json()).toMatchObject({ courseIds: [gold, forex, crypto301], revision: 2 });
    const removed = await call('DELETE', `${url}/${gold}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ courseIds: [forex, crypto301], revision: 3 });
    const third = await publishedEvent(
      env,
      ProductCoursesChanged,
      (d) => d.productId === product.id && d.revision === 3,
    );
    expect(third.data.courseIds).toEqual([forex, crypto301]);
    expect((await call('GET', url)).json()).toMatchObject({
      courseIds: [forex, crypto301],
      revision: 3,
    });
  });

  it('writes nothing and says nothing when the list does not change', async () => {
    const product = await newProduct(app, staff);
    const url = `/admin/products/${product.id}/courses`;
    await call('PUT', url, { courseIds: [a1, b2] });
    const events = await outboxCount(app, ProductCoursesChanged.type);
    expect((await call('POST', url, { courseId: a1 })).json()).toMatchObject({ revision: 1 });
    expect((await call('DELETE', `${url}/not-there`)).json()).toMatchObject({
      courseIds: [a1, b2],
      revision: 1,
    });
    expect((await call('PUT', url, { courseIds: [a1, b2] })).json()).toMatchObject({ revision: 1 });
    expect(await outboxCount(app, ProductCoursesChanged.type)).toBe(events);
    // emptying the list is a change
    expect((await call('PUT', url, { courseIds: [] })).json()).toMatchObject({ courseIds: [], revision: 2 });
  });

  it('applies concurrent additions one after the other: none is lost', async () => {
    const product = await newProduct(app, staff);
    const url = `/admin/products/${product.id}/courses`;
    const ids = [...many].sort();
    const answers = await Promise.all(ids.map((courseId) => call('POST', url, { courseId })));
    for (const a of answers) expect(a.statusCode).toBe(200);
    const list = (await call('GET', url)).json<ProductCourses>();
    expect([...list.courseIds].sort()).toEqual(ids);
    expect(list.revision).toBe(8);
  });

  it('answers 404 for an unknown product and 400 for bad course ids, changing nothing', async () => {
    const missing = `/admin/products/${crypto.randomUUID()}/courses`;
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { courseIds: ['a'] }],
      ['POST', { courseId: 'a' }],
    ] as const) {
      const res = await call(method, missing, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.headers['content-type']).toContain(PROBLEM);
      expect(res.json()).toMatchObject({ code: 'catalog.product_not_found' });
    }
    const product = await newProduct(app, staff);
    const url = `/admin/products/${product.id}/courses`;
    const events = await outboxCount(app);
    const bad: [string, object, string][] = [
      ['PUT', { courseIds: [''] }, 'courseIds.0'],
      ['PUT', { courseIds: ['with space'] }, 'courseIds.0'],
      ['PUT', { courseIds: Array.from({ length: 101 }, (_, i) => `c${i}`) }, 'courseIds'],
      ['PUT', {}, 'courseIds'],
      ['POST', { courseId: 'x'.repeat(65) }, 'courseId'],
      ['POST', {}, 'courseId'],
    ];
    for (const [method, payload, field] of bad) {
      const res = await call(method, url, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ field }));
    }
    expect(await outboxCount(app)).toBe(events);
    expect((await call('GET', url)).json()).toMatchObject({ courseIds: [], revision: 0 });
  });

  it('is for staff only: anonymous 401, members 403', async () => {
    const product = await newProduct(app, staff);
    const url = `/admin/products/${product.id}/courses`;
    const memberToken = bearer(await issuer.member());
    for (const [method, path, payload] of [
      ['GET', url, undefined],
      ['PUT', url, { courseIds: ['a'] }],
      ['POST', url, { courseId: 'a' }],
      ['DELETE', `${url}/a`, undefined],
    ] as const) {
      const opts = { method, url: path, ...(payload ? { payload } : {}) };
      expect((await app.inject(opts)).statusCode).toBe(401);
      expect((await app.inject({ ...opts, headers: memberToken })).statusCode).toBe(403);
    }
    expect((await call('GET', url)).json()).toMatchObject({ courseIds: [] });
  });

  it('goes with its product: deleting the product deletes the list', async () => {
    const product = await newProduct(app, staff);
    await call('PUT', `/admin/products/${product.id}/courses`, { courseIds: [a1] });
    expect((await call('DELETE', `/admin/products/${product.id}`)).statusCode).toBe(204);
    const rows = (await app.kit.orm.em
      .fork()
      .execute('select count(*)::int as n from product_courses where product_id = ?', [product.id])) as {
      n: number;
    }[];
    expect(rows[0]?.n).toBe(0);
  });
});

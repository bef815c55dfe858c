import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { ProductStaff } from '@rian/proto-contracts/catalog';
import type { PackageCreateProductResult, ProductCourses } from '@rian/proto-contracts/catalog-commerce';
import { bearer, learningCourses, productBody, startCatalog } from '../helpers.js';
import { newProduct, outboxCount, PROBLEM } from '../commerce-helpers.js';

const UNKNOWN_TH = 'ไม่พบคอร์สนี้ในระบบการเรียน กรุณาเลือกคอร์สจากรายการ';

/**
 * A product is only given courses learning has (issue 11 item 13: `FX2027` was accepted and enrolled
 * nobody): an id catalog's read model of learning's courses does not hold → 422 in Thai, nothing saved.
 */
describe('course ids on a product are learning courses', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let staff: Record<string, string>;
  let forex: string;
  let gold: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startCatalog(env, issuer);
    staff = bearer(await issuer.staff());
    [forex, gold] = await learningCourses(env, 'Forex 101', 'Gold 201');
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: staff, ...(payload ? { payload } : {}) });
  const expectUnknown = (res: Awaited<ReturnType<typeof call>>, field: string, ids: string[]) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.headers['content-type']).toContain(PROBLEM);
    expect(res.json()).toMatchObject({
      code: 'catalog.course_unknown',
      detail: UNKNOWN_TH,
      errors: [{ field, code: 'catalog.course_unknown', message: UNKNOWN_TH }],
      unknownCourseIds: ids,
    });
  };

  it('the course list refuses an id learning does not have (PUT, POST): 422 in Thai, the list as it was', async () => {
    const product = await newProduct(app, staff);
    const url = `/admin/products/${product.id}/courses`;
    expect((await call('PUT', url, { courseIds: [forex] })).statusCode).toBe(200);
    const events = await outboxCount(app);

    expectUnknown(await call('PUT', url, { courseIds: [forex, 'FX2027', gold] }), 'courseIds', ['FX2027']);
    expectUnknown(await call('POST', url, { courseId: 'FX2027' }), 'courseId', ['FX2027']);
    // a uuid learning never announced is as unknown as a typed code
    const stranger = crypto.randomUUID();
    expectUnknown(await call('POST', url, { courseId: stranger }), 'courseId', [stranger]);
    expect((await call('GET', url)).json<ProductCourses>()).toMatchObject({
      courseIds: [forex],
      revision: 1,
    });
    expect(await outboxCount(app)).toBe(events);

    // in English when asked
    const en = await app.inject({
      method: 'POST',
      url,
      headers: { ...staff, 'accept-language': 'en' },
      payload: { courseId: 'FX2027' },
    });
    expect(en.json()).toMatchObject({ detail: 'Learning has no such course: pick one from the list' });

    // a known one is saved, spelled as learning spells it
    const added = await call('POST', url, { courseId: gold.toUpperCase() });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<ProductCourses>()).toMatchObject({ courseIds: [forex, gold], revision: 2 });
  });

  it('ids already on a list before the check stay; only the ones added are checked', async () => {
    const product = await newProduct(app, staff);
    // a list written before catalog checked course ids
    await app.kit.orm.em
      .fork()
      .execute(
        `insert into product_courses (product_id, course_ids, revision, updated_at) values (?, '["legacy-1"]', 1, now())`,
        [product.id],
      );
    const url = `/admin/products/${product.id}/courses`;
    const res = await call('POST', url, { courseId: forex });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProductCourses>().courseIds).toEqual(['legacy-1', forex]);
    expectUnknown(await call('PUT', url, { courseIds: ['legacy-1', 'legacy-2'] }), 'courseIds', ['legacy-2']);
  });

  it("a product's own course (coursesId) on create and update: unknown → 422, nothing saved; known → saved", async () => {
    const events = await outboxCount(app);
    const body = productBody({ coursesId: 'FX2027' });
    expectUnknown(await call('POST', '/admin/products', body), 'coursesId', ['FX2027']);
    const listed = await call('GET', `/admin/products?q=${body.url}`);
    expect(listed.json<{ total: number }>().total).toBe(0);
    expect(await outboxCount(app)).toBe(events);

    const created = await call('POST', '/admin/products', { ...body, coursesId: forex });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json<ProductStaff>();
    expect(product.coursesId).toBe(forex);

    const before = await outboxCount(app);
    expectUnknown(
      await call('PUT', `/admin/products/${product.id}`, { coursesId: 'FX2027', title: 'changed' }),
      'coursesId',
      ['FX2027'],
    );
    const read = (await call('GET', `/admin/products/${product.id}`)).json<ProductStaff>();
    expect(read).toMatchObject({ coursesId: forex, title: product.title, updatedAt: product.updatedAt });
    expect(await outboxCount(app)).toBe(before);

    const changed = await call('PUT', `/admin/products/${product.id}`, { coursesId: gold });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<ProductStaff>().coursesId).toBe(gold);
    // other fields change freely while the course stays
    expect((await call('PUT', `/admin/products/${product.id}`, { title: 'again' })).statusCode).toBe(200);
  });

  it('a product made from a package with an unknown course is not made', async () => {
    const pkgRes = await call('POST', '/admin/packages', {
      url: `pkg-check-${Date.now().toString(36)}`,
      title: 'VIP',
      price: 100_000,
    });
    expect(pkgRes.statusCode, pkgRes.body).toBe(201);
    const pkg = pkgRes.json<{ id: string; url: string }>();
    const events = await outboxCount(app);
    const res = await call('POST', `/admin/packages/${pkg.id}/create-product`, {
      courseIds: [forex, 'FX2027'],
    });
    expectUnknown(res, 'courseIds', ['FX2027']);
    expect((await call('GET', `/admin/products?q=${pkg.url}`)).json<{ total: number }>().total).toBe(0);
    expect(await outboxCount(app)).toBe(events);

    const made = await call('POST', `/admin/packages/${pkg.id}/create-product`, { courseIds: [forex] });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<PackageCreateProductResult>().courses.courseIds).toEqual([forex]);
  });
});

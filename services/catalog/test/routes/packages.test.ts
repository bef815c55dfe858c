import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { ProductChanged } from '@rian/proto-contracts/catalog';
import {
  PackageChanged,
  PackageDeleted,
  ProductCoursesChanged,
  type PackageCreateBody,
  type PackageCreateProductResult,
  type PackagePublic,
  type PackageStaff,
} from '@rian/proto-contracts/catalog-commerce';
import { bearer, learningCourses, startCatalog } from '../helpers.js';
import { outboxCount, PROBLEM, publishedEvent } from '../commerce-helpers.js';

let n = 0;
const packageBody = (extra: Partial<PackageCreateBody> = {}): PackageCreateBody => {
  n += 1;
  return {
    url: `pkg-${Date.now().toString(36)}-${n}`,
    title: `แพ็กเกจ ${n} (Package ${n})`,
    price: 4_900_000,
    ...extra,
  };
};

const STAFF_ONLY = [
  'disable',
  'hasLineToken',
  'hasTelegramToken',
  'revision',
  'createdBy',
  'createdAt',
  'updatedAt',
];

describe('packages (/packages, /admin/packages) and CreatePackages', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let staff: Record<string, string>;
  const staffSub = crypto.randomUUID();
  // learning's courses, known to catalog through learning.course.changed
  let forex: string, gold: string, crypto301: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startCatalog(env, issuer);
    staff = bearer(await issuer.staff('staff', staffSub));
    [forex, gold, crypto301] = await learningCourses(env, 'Forex 101', 'Gold 201', 'Crypto 301');
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const create = async (body: object, headers = staff) =>
    app.inject({ method: 'POST', url: '/admin/packages', headers, payload: body });
  const made = async (extra: Partial<PackageCreateBody> = {}) => {
    const res = await create(packageBody(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<PackageStaff>();
  };

  it('creates a package with the spec defaults (price_list Y) and publishes catalog.package.changed', async () => {
    const body = packageBody({
      subtitle: '3 คอร์ส',
      start: '2027-01-01',
      to: '2027-06-30',
      telegramToken: 'tg-secret',
    });
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    const pkg = res.json<PackageStaff>();
    expect(pkg).toMatchObject({
      url: body.url,
      title: body.title,
      subtitle: '3 คอร์ส',
      price: 4_900_000,
      priceUnchanged: null,
      format: 'online',
      status: 'coming',
      disable: 'N',
      book: 'N',
      priceList: 'Y',
      hasLineToken: false,
      hasTelegramToken: true,
      revision: 1,
      createdBy: staffSub,
    });
    expect(res.body).not.toContain('tg-secret');
    const event = await publishedEvent(env, PackageChanged, (d) => d.packageId === pkg.id);
    expect(event.data).toMatchObject({
      url: body.url,
      title: body.title,
      price: 4_900_000,
      start: '2027-01-01',
      to: '2027-06-30',
      priceList: 'Y',
      disable: 'N',
      hasTelegramToken: true,
      revision: 1,
      changedAt: pkg.updatedAt,
    });
    expect(JSON.stringify(event)).not.toContain('tg-secret');
  });

  it('lists enabled packages to anyone, without staff fields, and finds one by id; a disabled one is 404', async () => {
    const tag = `pub${Date.now().toString(36)}`;
    const shown = await made({ url: `${tag}-a`, title: `${tag} A` });
    const hidden = await made({ url: `${tag}-b`, title: `${tag} B`, disable: 'Y' });
    const res = await app.inject({ method: 'GET', url: '/packages', query: { q: tag } });
    expect(res.statusCode).toBe(200);
    const page = res.json<{ items: PackagePublic[]; total: number }>();
    expect(page.total).toBe(1);
    expect(page.items.map((p) => p.id)).toEqual([shown.id]);
    for (const key of STAFF_ONLY) expect(page.items[0]).not.toHaveProperty(key);

    const one = await app.inject({ method: 'GET', url: `/packages/${shown.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: shown.id, url: shown.url, priceList: 'Y' });
    for (const id of [hidden.id, crypto.randomUUID()]) {
      const res404 = await app.inject({ method: 'GET', url: `/packages/${id}` });
      expect(res404.statusCode).toBe(404);
      expect(res404.headers['content-type']).toContain(PROBLEM);
      expect(res404.json()).toMatchObject({ code: 'catalog.package_not_found', detail: 'ไม่พบแพ็กเกจนี้' });
    }
    const staffList = await app.inject({
      method: 'GET',
      url: '/admin/packages',
      headers: staff,
      query: { q: tag },
    });
    expect(staffList.json<{ items: PackageStaff[] }>().items.map((p) => p.id)).toEqual([hidden.id, shown.id]);
  });

  it('updates only the fields sent (new revision, event); a change is visible to the next public read', async () => {
    const pkg = await made({ status: 'open' });
    expect((await app.inject({ method: 'GET', url: `/packages/${pkg.id}` })).json()).toMatchObject({
      price: 4_900_000,
    });
    const res = await app.inject({
      method: 'PUT',
      url: `/admin/packages/${pkg.id}`,
      headers: staff,
      payload: { price: 3_900_000, priceUnchanged: 4_900_000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      price: 3_900_000,
      priceUnchanged: 4_900_000,
      status: 'open',
      revision: 2,
    });
    expect((await app.inject({ method: 'GET', url: `/packages/${pkg.id}` })).json()).toMatchObject({
      price: 3_900_000,
    });
    await publishedEvent(
      env,
      PackageChanged,
      (d) => d.packageId === pkg.id && d.revision === 2 && d.price === 3_900_000,
    );

    await app.inject({
      method: 'PUT',
      url: `/admin/packages/${pkg.id}`,
      headers: staff,
      payload: { disable: 'Y' },
    });
    expect((await app.inject({ method: 'GET', url: `/packages/${pkg.id}` })).statusCode).toBe(404);
  });

  it('deletes a package (204, then 404) and publishes catalog.package.deleted', async () => {
    const pkg = await made();
    expect(
      (await app.inject({ method: 'DELETE', url: `/admin/packages/${pkg.id}`, headers: staff })).statusCode,
    ).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: `/admin/packages/${pkg.id}`, headers: staff })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/admin/packages/${pkg.id}`, headers: staff })).statusCode,
    ).toBe(404);
    const event = await publishedEvent(env, PackageDeleted, (d) => d.packageId === pkg.id);
    expect(event.data.url).toBe(pkg.url);
  });

  it('refuses a url another package uses (409) on create and update, changing nothing', async () => {
    const first = await made();
    const second = await made();
    const events = await outboxCount(app);
    const dup = await create(packageBody({ url: first.url }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'catalog.package_url_taken' });
    const rename = await app.inject({
      method: 'PUT',
      url: `/admin/packages/${second.id}`,
      headers: staff,
      payload: { url: first.url, price: 1 },
    });
    expect(rename.statusCode).toBe(409);
    expect(
      (await app.inject({ method: 'GET', url: `/admin/packages/${second.id}`, headers: staff })).json(),
    ).toMatchObject({
      url: second.url,
      price: second.price,
      revision: 1,
    });
    expect(await outboxCount(app)).toBe(events);
  });

  it.each([
    ['missing title', 'title', 'กรุณากรอกข้อมูล', { title: undefined }],
    ['title of blanks', 'title', 'กรุณากรอกข้อมูล', { title: '  ' }],
    ['missing url', 'url', 'กรุณากรอกข้อมูล', { url: undefined }],
    ['url with a space', 'url', 'รูปแบบข้อมูลไม่ถูกต้อง', { url: 'vip 2027' }],
    ['missing price', 'price', 'กรุณากรอกข้อมูล', { price: undefined }],
    ['negative price', 'price', 'รูปแบบข้อมูลไม่ถูกต้อง', { price: -5 }],
    ['unknown format', 'format', 'รูปแบบข้อมูลไม่ถูกต้อง', { format: 'webinar' }],
    ['price_list not Y/N', 'priceList', 'รูปแบบข้อมูลไม่ถูกต้อง', { priceList: 'maybe' }],
    ['ends before it starts', 'to', 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม', { start: '2027-02-01', to: '2027-01-31' }],
  ])('validation: %s → 400 on field %s, nothing stored', async (_name, field, message, change) => {
    const body: Record<string, unknown> = { ...packageBody(), ...change };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const total = async () =>
      (await app.inject({ method: 'GET', url: '/admin/packages', headers: staff })).json<{ total: number }>()
        .total;
    const before = await total();
    const events = await outboxCount(app);
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain(PROBLEM);
    expect(res.json().errors).toContainEqual(expect.objectContaining({ field, message }));
    expect(await total()).toBe(before);
    expect(await outboxCount(app)).toBe(events);
  });

  describe('CreatePackages (POST /admin/packages/:id/create-product)', () => {
    it('makes a product of type package from the package, with the courses it grants, in one go', async () => {
      const pkg = await made({
        subtitle: 'Forex + Gold + Crypto',
        priceUnchanged: 5_900_000,
        book: 'Y',
        lineToken: 'line-secret',
        imgCourse: 'vip.webp',
      });
      const res = await app.inject({
        method: 'POST',
        url: `/admin/packages/${pkg.id}/create-product`,
        headers: staff,
        payload: { courseIds: [forex, gold, forex, crypto301] },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { product, courses } = res.json<PackageCreateProductResult>();
      expect(product).toMatchObject({
        url: pkg.url,
        title: pkg.title,
        subtitle: 'Forex + Gold + Crypto',
        price: 4_900_000,
        priceUnchanged: 5_900_000,
        imgCourse: 'vip.webp',
        type: 'package',
        book: 'Y',
        priceList: 'Y',
        disable: 'N',
        coinPay: 'N',
        hasLineToken: true,
        createdBy: staffSub,
      });
      expect(courses).toEqual({
        productId: product.id,
        courseIds: [forex, gold, crypto301],
        revision: 1,
        updatedAt: expect.any(String),
      });
      // on sale at once: the shop finds it by url
      const page = await app.inject({ method: 'GET', url: `/products/by-url/${pkg.url}` });
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ id: product.id, type: 'package' });

      const productEvent = await publishedEvent(env, ProductChanged, (d) => d.productId === product.id);
      expect(productEvent.data).toMatchObject({ url: pkg.url, price: 4_900_000, book: 'Y' });
      const coursesEvent = await publishedEvent(
        env,
        ProductCoursesChanged,
        (d) => d.productId === product.id,
      );
      expect(coursesEvent.data).toMatchObject({
        courseIds: [forex, gold, crypto301],
        revision: 1,
      });
    });

    it('takes another url when asked, so one package can become several products', async () => {
      const pkg = await made();
      const first = await app.inject({
        method: 'POST',
        url: `/admin/packages/${pkg.id}/create-product`,
        headers: staff,
        payload: {},
      });
      expect(first.statusCode).toBe(201);
      expect(first.json<PackageCreateProductResult>().courses).toMatchObject({ courseIds: [], revision: 0 });
      const events = await outboxCount(app);
      const again = await app.inject({
        method: 'POST',
        url: `/admin/packages/${pkg.id}/create-product`,
        headers: staff,
        payload: {},
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'catalog.product_url_taken' });
      expect(await outboxCount(app)).toBe(events);
      const second = await app.inject({
        method: 'POST',
        url: `/admin/packages/${pkg.id}/create-product`,
        headers: staff,
        payload: { url: `${pkg.url}-cohort-2`, courseIds: [gold] },
      });
      expect(second.statusCode).toBe(201);
      expect(second.json<PackageCreateProductResult>().product.url).toBe(`${pkg.url}-cohort-2`);
    });

    it('answers 404 for an unknown package and 400 for a bad url or course id, writing nothing', async () => {
      const pkg = await made();
      const events = await outboxCount(app);
      const unknown = await app.inject({
        method: 'POST',
        url: `/admin/packages/${crypto.randomUUID()}/create-product`,
        headers: staff,
        payload: {},
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'catalog.package_not_found' });
      for (const payload of [
        { url: 'has space' },
        { courseIds: [''] },
        { courseIds: ['a/b'] },
        { courseIds: 'c-1' },
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: `/admin/packages/${pkg.id}/create-product`,
          headers: staff,
          payload,
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation.failed' });
      }
      expect(await outboxCount(app)).toBe(events);
      expect((await app.inject({ method: 'GET', url: `/products/by-url/${pkg.url}` })).statusCode).toBe(404);
    });
  });

  it('refuses anonymous callers (401) and members (403) on every staff route', async () => {
    const pkg = await made();
    const routes: [string, string, object | undefined][] = [
      ['GET', '/admin/packages', undefined],
      ['GET', `/admin/packages/${pkg.id}`, undefined],
      ['POST', '/admin/packages', packageBody()],
      ['PUT', `/admin/packages/${pkg.id}`, { price: 1 }],
      ['DELETE', `/admin/packages/${pkg.id}`, undefined],
      ['POST', `/admin/packages/${pkg.id}/create-product`, {}],
    ];
    const memberToken = bearer(await issuer.member(undefined, { status: 'Premium' }));
    for (const [method, url, payload] of routes) {
      const opts = { method: method as 'GET', url, ...(payload ? { payload } : {}) };
      expect((await app.inject(opts)).statusCode, `${method} ${url}`).toBe(401);
      expect((await app.inject({ ...opts, headers: memberToken })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(
      (await app.inject({ method: 'GET', url: `/admin/packages/${pkg.id}`, headers: staff })).json(),
    ).toMatchObject({
      revision: 1,
    });
    expect((await app.inject({ method: 'GET', url: `/products/by-url/${pkg.url}` })).statusCode).toBe(404);
  });
});

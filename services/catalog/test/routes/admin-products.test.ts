import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { validateEvent } from '@rian/proto-contracts/envelope';
import {
  ProductChanged,
  ProductChatChannelsChanged,
  ProductDeleted,
  type ProductStaff,
} from '@rian/proto-contracts/catalog';
import { bearer, CatalogStream, learningCourses, productBody, startCatalog } from '../helpers.js';

const PROBLEM = 'application/problem+json';

describe('staff product administration (/admin/products)', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let stream: CatalogStream;
  let staff: Record<string, string>;
  const staffSub = crypto.randomUUID();
  let course42: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startCatalog(env, issuer);
    stream = await CatalogStream.open(env);
    staff = bearer(await issuer.staff('staff', staffSub));
    [course42] = await learningCourses(env, 'Course 42');
  });

  afterAll(async () => {
    await stream?.close();
    await app?.close();
    await env?.cleanup();
  });

  const create = (payload: object, headers = staff) =>
    app.inject({ method: 'POST', url: '/admin/products', headers, payload });
  // every event ever written for publishing (the relay marks rows published, it does not delete them)
  const outboxRows = async () =>
    ((await app.kit.orm.em.fork().execute('select count(*)::int as n from kit_outbox')) as { n: number }[])[0]
      ?.n;
  const staffTotal = async (q?: string) =>
    (
      await app.inject({ method: 'GET', url: '/admin/products', query: q ? { q } : {}, headers: staff })
    ).json<{ total: number }>().total;

  it('creates a product with the spec defaults (201) and publishes catalog.product.changed to JetStream', async () => {
    const body = productBody({
      lineToken: 'line-secret-AAA',
      start: '2027-01-10',
      to: '2027-03-28',
      coursesId: course42,
    });
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    const product = res.json<ProductStaff>();
    expect(product).toMatchObject({
      url: body.url,
      title: body.title,
      price: 150_000,
      start: '2027-01-10',
      to: '2027-03-28',
      format: 'online',
      type: 'product',
      status: 'coming',
      disable: 'N',
      book: 'N',
      priceList: 'N',
      coinPay: 'N',
      coursesId: course42,
      subtitle: null,
      priceUnchanged: null,
      hasLineToken: true,
      hasTelegramToken: false,
      createdBy: staffSub,
    });
    expect(product.id).toMatch(/^[0-9a-f-]{36}$/);

    const event = await stream.waitFor(
      (e) => e.type === 'catalog.product.changed' && e.data.productId === product.id,
    );
    expect(() => validateEvent(ProductChanged, event)).not.toThrow();
    expect(stream.subjects.get(event.id)).toBe(`${env.namespace}.catalog.product.changed`);
    expect(event.source).toBe('catalog');
    expect(event.data).toEqual({
      productId: product.id,
      url: body.url,
      title: body.title,
      price: 150_000,
      disable: 'N',
      book: 'N',
      coinPay: 'N',
      coursesId: course42,
      hasLineToken: true,
      hasTelegramToken: false,
      changedAt: product.updatedAt,
    });

    const read = await app.inject({ method: 'GET', url: `/admin/products/${product.id}`, headers: staff });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(product);
  });

  it('keeps null as null and zero as zero (no "" or 0 slipped in for a cleared field)', async () => {
    const res = await create(
      productBody({ subtitle: null, start: null, priceUnchanged: null, year: null, price: 0 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      subtitle: null,
      start: null,
      priceUnchanged: null,
      year: null,
      price: 0,
    });
    const zero = await create(productBody({ priceUnchanged: 0 }));
    expect(zero.json()).toMatchObject({ priceUnchanged: 0 });
  });

  it('keeps product_url case-sensitive: "Forex-X" and "forex-x" are two products', async () => {
    const base = productBody().url;
    expect((await create(productBody({ url: `Cs-${base}` }))).statusCode).toBe(201);
    expect((await create(productBody({ url: `cs-${base}` }))).statusCode).toBe(201);
  });

  it('updates only the fields sent, keeps the rest, and publishes the change', async () => {
    const created = (
      await create(productBody({ status: 'open', book: 'Y', telegramToken: 'tg-secret' }))
    ).json<ProductStaff>();
    const res = await app.inject({
      method: 'PUT',
      url: `/admin/products/${created.id}`,
      headers: staff,
      payload: { price: 99_000, disable: 'Y', subtitle: 'ใหม่ · new' },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json<ProductStaff>();
    expect(updated).toMatchObject({
      id: created.id,
      url: created.url,
      title: created.title,
      price: 99_000,
      disable: 'Y',
      subtitle: 'ใหม่ · new',
      status: 'open',
      book: 'Y',
      hasTelegramToken: true,
      createdBy: staffSub,
      createdAt: created.createdAt,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const event = await stream.waitFor(
      (e) =>
        e.type === 'catalog.product.changed' && e.data.productId === created.id && e.data.price === 99_000,
    );
    expect(() => validateEvent(ProductChanged, event)).not.toThrow();
    expect(event.data).toMatchObject({
      disable: 'Y',
      book: 'Y',
      hasTelegramToken: true,
      changedAt: updated.updatedAt,
    });

    // null clears a nullable field and a token
    const cleared = await app.inject({
      method: 'PUT',
      url: `/admin/products/${created.id}`,
      headers: staff,
      payload: { subtitle: null, telegramToken: null },
    });
    expect(cleared.json()).toMatchObject({ subtitle: null, hasTelegramToken: false, price: 99_000 });
  });

  it('deletes a product (204), then it is gone (404), and publishes catalog.product.deleted', async () => {
    const created = (await create(productBody())).json<ProductStaff>();
    const res = await app.inject({ method: 'DELETE', url: `/admin/products/${created.id}`, headers: staff });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const again = await app.inject({ method: 'GET', url: `/admin/products/${created.id}`, headers: staff });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'catalog.product_not_found' });
    const byUrl = await app.inject({ method: 'GET', url: `/products/by-url/${created.url}` });
    expect(byUrl.statusCode).toBe(404);

    const event = await stream.waitFor(
      (e) => e.type === 'catalog.product.deleted' && e.data.productId === created.id,
    );
    expect(() => validateEvent(ProductDeleted, event)).not.toThrow();
    expect(event.data).toMatchObject({ productId: created.id, url: created.url });
  });

  it('answers 404 catalog.product_not_found for an unknown id on read, update and delete', async () => {
    const id = crypto.randomUUID();
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { price: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await app.inject({
        method,
        url: `/admin/products/${id}`,
        headers: staff,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers['content-type']).toContain(PROBLEM);
      expect(res.json()).toMatchObject({ code: 'catalog.product_not_found', messages: { th: 'ไม่พบสินค้านี้' } });
    }
  });

  it('refuses a url another product uses (409) on create and on update, and changes nothing', async () => {
    const first = (await create(productBody())).json<ProductStaff>();
    const second = (await create(productBody())).json<ProductStaff>();
    const before = await staffTotal();

    const dup = await create(productBody({ url: first.url, title: 'ซ้ำ' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.headers['content-type']).toContain(PROBLEM);
    expect(dup.json()).toMatchObject({ code: 'catalog.product_url_taken' });
    expect(await staffTotal()).toBe(before);

    const rename = await app.inject({
      method: 'PUT',
      url: `/admin/products/${second.id}`,
      headers: staff,
      payload: { url: first.url, price: 7 },
    });
    expect(rename.statusCode).toBe(409);
    const still = await app.inject({ method: 'GET', url: `/admin/products/${second.id}`, headers: staff });
    expect(still.json()).toMatchObject({ url: second.url, price: second.price });
  });

  it('sorts by title, url or price either way (newest first by default); an unknown sort is a 400', async () => {
    const tag = `sortcase${Date.now().toString(36)}`;
    for (const [title, price] of [
      ['B sorted', 30_000],
      ['A sorted', 90_000],
      ['C sorted', 10_000],
    ] as const) {
      expect((await create(productBody({ title: `${title} ${tag}`, price }))).statusCode).toBe(201);
    }
    const titles = async (sort?: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/admin/products',
          query: { q: tag, ...(sort ? { sort } : {}) },
          headers: staff,
        })
      )
        .json<{ items: ProductStaff[] }>()
        .items.map((p) => p.title.slice(0, 1));
    expect(await titles()).toEqual(['C', 'A', 'B']);
    expect(await titles('title')).toEqual(['A', 'B', 'C']);
    expect(await titles('-title')).toEqual(['C', 'B', 'A']);
    expect(await titles('price')).toEqual(['C', 'B', 'A']);
    expect(await titles('-price')).toEqual(['A', 'B', 'C']);
    const bad = await app.inject({
      method: 'GET',
      url: '/admin/products',
      query: { sort: 'password' },
      headers: staff,
    });
    expect(bad.statusCode).toBe(400);
  });

  describe('validation: 400 problem+json, nothing stored, no event written', () => {
    const cases: [string, string, string, Record<string, unknown>][] = [
      ['missing title', 'title', 'กรุณากรอกข้อมูล', { title: undefined }],
      ['empty title', 'title', 'กรุณากรอกข้อมูล', { title: '' }],
      ['title of blanks', 'title', 'กรุณากรอกข้อมูล', { title: '   ' }],
      ['missing url', 'url', 'กรุณากรอกข้อมูล', { url: undefined }],
      ['negative price', 'price', 'รูปแบบข้อมูลไม่ถูกต้อง', { price: -100 }],
      ['price in baht with decimals', 'price', 'รูปแบบข้อมูลไม่ถูกต้อง', { price: 1500.5 }],
      ['url with a space', 'url', 'รูปแบบข้อมูลไม่ถูกต้อง', { url: 'forex basics' }],
      ['url with a slash', 'url', 'รูปแบบข้อมูลไม่ถูกต้อง', { url: 'forex/basics' }],
      ['url starting with a dash', 'url', 'รูปแบบข้อมูลไม่ถูกต้อง', { url: '-forex' }],
      ['end before start', 'to', 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม', { start: '2027-03-01', to: '2027-02-28' }],
      ['not a date', 'start', 'รูปแบบข้อมูลไม่ถูกต้อง', { start: '01-03-2027' }],
      ['unknown format', 'format', 'รูปแบบข้อมูลไม่ถูกต้อง', { format: 'webinar' }],
      ['disable not Y/N', 'disable', 'รูปแบบข้อมูลไม่ถูกต้อง', { disable: 'yes' }],
    ];

    it.each(cases)('%s → field %s', async (_name, field, message, change) => {
      const body: Record<string, unknown> = { ...productBody(), ...change };
      for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
      const before = await staffTotal();
      const events = await outboxRows();

      const res = await create(body);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain(PROBLEM);
      const problem = res.json<{ code: string; errors: { field: string; message: string }[] }>();
      expect(problem.code).toBe('validation.failed');
      expect(problem.errors).toContainEqual(expect.objectContaining({ field, message }));

      expect(await staffTotal()).toBe(before);
      expect(await outboxRows()).toBe(events);
    });

    it('gives the English text with Accept-Language: en', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/admin/products',
        headers: { ...staff, 'accept-language': 'en' },
        payload: { url: 'no-title', price: 1 },
      });
      expect(res.json().errors).toContainEqual(
        expect.objectContaining({ field: 'title', message: 'Please fill in' }),
      );
    });

    it('checks the date window of an update against the stored dates', async () => {
      const p = (await create(productBody({ start: '2027-05-01', to: '2027-05-31' }))).json<ProductStaff>();
      const res = await app.inject({
        method: 'PUT',
        url: `/admin/products/${p.id}`,
        headers: staff,
        payload: { to: '2027-04-30' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual(
        expect.objectContaining({ field: 'to', code: 'catalog.product_to_before_start' }),
      );
      const still = await app.inject({ method: 'GET', url: `/admin/products/${p.id}`, headers: staff });
      expect(still.json()).toMatchObject({ to: '2027-05-31' });
    });

    it('rejects a malformed id with 400', async () => {
      const res = await app.inject({ method: 'GET', url: '/admin/products/not-a-uuid', headers: staff });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation.failed' });
    });
  });

  it('lists every product to staff, disabled ones included, newest first, paged, with q', async () => {
    const tag = `lst${Date.now().toString(36)}`;
    const a = (await create(productBody({ url: `${tag}-a`, title: `${tag} A` }))).json<ProductStaff>();
    const b = (
      await create(productBody({ url: `${tag}-b`, title: `${tag} B`, disable: 'Y' }))
    ).json<ProductStaff>();
    const c = (await create(productBody({ url: `${tag}-c`, title: `${tag} C` }))).json<ProductStaff>();

    const res = await app.inject({
      method: 'GET',
      url: '/admin/products',
      query: { q: tag, pageSize: '2' },
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    const page1 = res.json<{ items: ProductStaff[]; total: number; page: number; pageSize: number }>();
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.items.map((p) => p.id)).toEqual([c.id, b.id]);
    expect(page1.items[1]).toMatchObject({ disable: 'Y' });
    const page2 = (
      await app.inject({
        method: 'GET',
        url: '/admin/products',
        query: { q: tag, pageSize: '2', page: '2' },
        headers: staff,
      })
    ).json<{
      items: ProductStaff[];
    }>();
    expect(page2.items.map((p) => p.id)).toEqual([a.id]);

    const tooBig = await app.inject({
      method: 'GET',
      url: '/admin/products',
      query: { pageSize: '101' },
      headers: staff,
    });
    expect(tooBig.statusCode).toBe(400);
  });

  it('never returns the chat tokens, in any response', async () => {
    const secrets = { lineToken: `LINE-${crypto.randomUUID()}`, telegramToken: `TG-${crypto.randomUUID()}` };
    const created = await create(productBody(secrets));
    const p = created.json<ProductStaff>();
    const updated = await app.inject({
      method: 'PUT',
      url: `/admin/products/${p.id}`,
      headers: staff,
      payload: { price: 1, ...secrets },
    });
    const responses = [
      created,
      updated,
      await app.inject({ method: 'GET', url: `/admin/products/${p.id}`, headers: staff }),
      await app.inject({ method: 'GET', url: '/admin/products', headers: staff, query: { pageSize: '100' } }),
      await app.inject({ method: 'GET', url: '/products', query: { pageSize: '100' } }),
      await app.inject({ method: 'GET', url: `/products/by-url/${p.url}` }),
    ];
    for (const r of responses) {
      expect(r.statusCode).toBeLessThan(300);
      expect(r.body).not.toContain(secrets.lineToken);
      expect(r.body).not.toContain(secrets.telegramToken);
      expect(r.body).not.toMatch(/"(lineToken|telegramToken)"/);
    }
    expect(updated.json()).toMatchObject({ hasLineToken: true, hasTelegramToken: true });
    const event = await stream.waitFor((e) => e.data.productId === p.id && e.data.price === 1);
    expect(JSON.stringify(event)).not.toContain(secrets.lineToken);
  });

  it('tells notifications the chat channels in their own event: on create with tokens, on a change, cleared on delete', async () => {
    const channelEvents = async (productId: string) =>
      (await stream.read()).filter(
        (e) => e.type === ProductChatChannelsChanged.type && e.data.productId === productId,
      );
    const created = await create(productBody({ lineToken: 'Cgroup-a', telegramToken: null }));
    const p = created.json<ProductStaff>();
    const first = await stream.waitFor(
      (e) => e.type === ProductChatChannelsChanged.type && e.data.productId === p.id,
    );
    validateEvent(ProductChatChannelsChanged, first);
    expect(first.data).toMatchObject({ lineTo: 'Cgroup-a', telegramChatId: null });

    // a change of something else: no channel event
    await app.inject({
      method: 'PUT',
      url: `/admin/products/${p.id}`,
      headers: staff,
      payload: { price: 2 },
    });
    await stream.waitFor(
      (e) => e.type === ProductChanged.type && e.data.productId === p.id && e.data.price === 2,
    );
    expect(await channelEvents(p.id)).toHaveLength(1);

    await app.inject({
      method: 'PUT',
      url: `/admin/products/${p.id}`,
      headers: staff,
      payload: { lineToken: '', telegramToken: '-100200' },
    });
    const second = await eventually(async () => (await channelEvents(p.id))[1]);
    expect(second.data).toMatchObject({ lineTo: null, telegramChatId: '-100200' });

    expect(
      (await app.inject({ method: 'DELETE', url: `/admin/products/${p.id}`, headers: staff })).statusCode,
    ).toBe(204);
    const third = await eventually(async () => (await channelEvents(p.id))[2]);
    expect(third.data).toMatchObject({ lineTo: null, telegramChatId: null });

    // a product created without tokens announces no channel
    const plain = (await create(productBody())).json<ProductStaff>();
    await stream.waitFor((e) => e.type === ProductChanged.type && e.data.productId === plain.id);
    expect(await channelEvents(plain.id)).toHaveLength(0);
  });

  describe('who may call: anonymous 401, member 403, staff and admin allowed', () => {
    const routes = (id: string) =>
      [
        ['GET', '/admin/products', undefined],
        ['GET', `/admin/products/${id}`, undefined],
        ['POST', '/admin/products', productBody()],
        ['PUT', `/admin/products/${id}`, { price: 5 }],
        ['DELETE', `/admin/products/${id}`, undefined],
      ] as const;

    it('refuses anonymous callers, bad tokens and members, and changes nothing', async () => {
      const p = (await create(productBody())).json<ProductStaff>();
      const member = bearer(await issuer.member());
      const premium = bearer(await issuer.member(undefined, { status: 'Premium' }));
      const foreign = bearer(await (await TestTokenIssuer.create()).staff('admin'));
      for (const [method, url, payload] of routes(p.id)) {
        const opts = payload ? { payload } : {};
        const anon = await app.inject({ method, url, ...opts });
        expect(anon.statusCode, `${method} ${url} anonymous`).toBe(401);
        expect(anon.json()).toMatchObject({ code: 'auth.unauthenticated' });
        const forged = await app.inject({ method, url, headers: foreign, ...opts });
        expect(forged.statusCode, `${method} ${url} foreign key`).toBe(401);
        for (const headers of [member, premium]) {
          const res = await app.inject({ method, url, headers, ...opts });
          expect(res.statusCode, `${method} ${url} member`).toBe(403);
          expect(res.json()).toMatchObject({ code: 'auth.forbidden' });
        }
      }
      const still = await app.inject({ method: 'GET', url: `/admin/products/${p.id}`, headers: staff });
      expect(still.json()).toMatchObject({ price: p.price });
    });

    it('lets an admin do what staff do', async () => {
      const admin = bearer(await issuer.staff('admin'));
      const p = (await create(productBody(), admin)).json<ProductStaff>();
      for (const [method, url, payload] of routes(p.id)) {
        const res = await app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(300);
      }
    });
  });
});

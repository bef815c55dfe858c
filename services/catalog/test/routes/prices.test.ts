import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { ProductStaff } from '@rian/proto-contracts/catalog';
import {
  PriceChanged,
  type PriceCreateBody,
  type PriceLookup,
  type PriceStaff,
  type PricingPage,
} from '@rian/proto-contracts/catalog-commerce';
import { bearer } from '../helpers.js';
import {
  newProduct,
  outboxCount,
  PROBLEM,
  publishedEvent,
  startCatalogAt,
  TestClock,
} from '../commerce-helpers.js';

// 00:30 on 1 April in Bangkok, still 31 March in UTC (and on a server in UTC)
const AFTER_BANGKOK_MIDNIGHT = '2026-03-31T17:30:00Z';

describe('product prices (/admin/products/:id/prices) and the lookup by date (/products/:id/prices)', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let staff: Record<string, string>;
  const clock = new TestClock(new Date(AFTER_BANGKOK_MIDNIGHT));
  const staffSub = crypto.randomUUID();

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startCatalogAt(env, issuer, clock);
    staff = bearer(await issuer.staff('staff', staffSub));
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const member = async (membershipCodes: string[]) =>
    bearer(await issuer.member(undefined, { membershipCodes }));
  const addPrice = async (productId: string, body: PriceCreateBody) => {
    const res = await app.inject({
      method: 'POST',
      url: `/admin/products/${productId}/prices`,
      headers: staff,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<PriceStaff>();
  };
  const lookup = async (productId: string, headers: Record<string, string> = {}, date?: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/products/${productId}/prices`,
      headers,
      query: date ? { date } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PriceLookup>();
  };

  describe('the membership-code rule on dated windows', () => {
    let product: ProductStaff;
    const p: Record<string, PriceStaff> = {};

    beforeAll(async () => {
      product = await newProduct(app, staff);
      const add = async (key: string, body: Omit<PriceCreateBody, 'title'>) => {
        p[key] = await addPrice(product.id, { title: key, ...body });
      };
      await add('nlPublic', {
        type: 'NL',
        member: 'NL',
        value: 150_000,
        start: '2026-01-01',
        to: '2026-12-31',
      });
      await add('sebCg1March', {
        type: 'SEB',
        member: 'CG1',
        value: 90_000,
        start: '2026-03-01',
        to: '2026-03-31',
      });
      await add('sebCg1April', {
        type: 'SEB',
        member: 'CG1',
        value: 95_000,
        start: '2026-04-01',
        to: '2026-04-15',
      });
      await add('ebCg1', {
        type: 'EB',
        member: 'CG1',
        value: 100_000,
        start: '2026-04-01',
        to: '2026-04-30',
      });
      await add('nlCg1', { type: 'NL', member: 'CG1', value: 120_000 });
      await add('ebSptr', {
        type: 'EB',
        member: 'SPTR',
        value: 110_000,
        start: '2026-04-01',
        to: '2026-04-30',
      });
      await add('sebNlLater', { type: 'SEB', member: 'NL', value: 80_000, start: '2026-04-02' });
      await add('removedCg1', { type: 'SEB', member: 'CG1', value: 50_000 });
      const del = await app.inject({
        method: 'DELETE',
        url: `/admin/products/${product.id}/prices/${p.removedCg1!.id}`,
        headers: staff,
      });
      expect(del.statusCode).toBe(204);
    });

    const titles = (l: PriceLookup) => l.items.map((i) => i.title);
    const preselected = (l: PriceLookup) => l.items.find((i) => i.id === l.preselectedPriceId)?.title ?? null;

    it('shows an anonymous visitor nothing, not even the public price', async () => {
      clock.set(AFTER_BANGKOK_MIDNIGHT);
      const l = await lookup(product.id);
      expect(l).toEqual({ productId: product.id, date: '2026-04-01', items: [], preselectedPriceId: null });
    });

    it("shows a member without membership codes the general public's prices (NL is everyone's, D19)", async () => {
      expect(titles(await lookup(product.id, await member([])))).toEqual(['nlPublic']);
    });

    it('shows a CG1 member the CG1 prices of the Bangkok day, SEB before EB before NL, and preselects the SEB', async () => {
      clock.set(AFTER_BANGKOK_MIDNIGHT);
      const l = await lookup(product.id, await member(['CG1']));
      expect(l.date).toBe('2026-04-01');
      // CG1's own three and the public NL (every signed-in user's); NL cheaper first: 1,200 before 1,500
      expect(titles(l)).toEqual(['sebCg1April', 'ebCg1', 'nlCg1', 'nlPublic']);
      expect(preselected(l)).toBe('sebCg1April');
      expect(l.items[0]).toEqual({
        id: p.sebCg1April!.id,
        productId: product.id,
        type: 'SEB',
        member: 'CG1',
        value: 95_000,
        show: 'N',
        start: '2026-04-01',
        to: '2026-04-15',
        title: 'sebCg1April',
        detail: null,
        fee: 'N',
      });
    });

    it('uses the Asia/Bangkok day at the boundary, not the UTC one', async () => {
      const cg1 = await member(['CG1']);
      clock.set('2026-03-31T16:59:59Z'); // 23:59:59 on 31 March in Bangkok
      const before = await lookup(product.id, cg1);
      expect(before.date).toBe('2026-03-31');
      expect(titles(before)).toEqual(['sebCg1March', 'nlCg1', 'nlPublic']);
      clock.set('2026-03-31T17:00:00Z'); // midnight in Bangkok, 17:00 in UTC
      const after = await lookup(product.id, cg1);
      expect(after.date).toBe('2026-04-01');
      expect(titles(after)).toEqual(['sebCg1April', 'ebCg1', 'nlCg1', 'nlPublic']);
      clock.set(AFTER_BANGKOK_MIDNIGHT);
    });

    it('shows the NL prices alike whether the member holds NL or not', async () => {
      const l = await lookup(product.id, await member(['NL']));
      expect(titles(l)).toEqual(['nlPublic']);
      expect(titles(await lookup(product.id, await member([])))).toEqual(['nlPublic']);
      expect(titles(await lookup(product.id, await member(['NL']), '2026-04-02'))).toEqual([
        'sebNlLater',
        'nlPublic',
      ]);
    });

    it('merges the codes of a member with several, and preselects by the spec order', async () => {
      const both = await lookup(product.id, await member(['NL', 'CG1']), '2026-04-02');
      expect(titles(both)).toEqual(['sebNlLater', 'sebCg1April', 'ebCg1', 'nlCg1', 'nlPublic']);
      expect(preselected(both)).toBe('sebCg1April');
      const annual = await lookup(product.id, await member(['NL', 'SPTR']));
      expect(titles(annual)).toEqual(['ebSptr', 'nlPublic']);
      expect(preselected(annual)).toBe('ebSptr');
    });

    it('looks up another day when asked (?date=)', async () => {
      const l = await lookup(product.id, await member(['CG1']), '2026-03-15');
      expect(l.date).toBe('2026-03-15');
      expect(titles(l)).toEqual(['sebCg1March', 'nlCg1', 'nlPublic']);
      // 1 May: CG1's window prices are over; the open-ended public SEB (from 2 April) and the NLs remain
      expect(titles(await lookup(product.id, await member(['CG1']), '2026-05-01'))).toEqual([
        'sebNlLater',
        'nlCg1',
        'nlPublic',
      ]);
    });

    it('never shows a removed price', async () => {
      for (const date of ['2026-04-01', '2026-06-01']) {
        const l = await lookup(product.id, await member(['CG1', 'NL', 'SPTR']), date);
        expect(titles(l)).not.toContain('removedCg1');
      }
    });

    it('ignores codes it does not know, and shows staff nothing (staff hold no membership codes)', async () => {
      expect(titles(await lookup(product.id, await member(['GOLD'])))).toEqual(['nlPublic']);
      expect((await lookup(product.id, staff)).items).toEqual([]);
    });

    it('refuses a bad date, a bad token and a malformed id with a problem; an unknown or disabled product is 404', async () => {
      for (const date of ['2026-13-01', '01-04-2026', 'today']) {
        const res = await app.inject({
          method: 'GET',
          url: `/products/${product.id}/prices`,
          query: { date },
        });
        expect(res.statusCode, date).toBe(400);
        expect(res.headers['content-type']).toContain(PROBLEM);
      }
      const forged = await app.inject({
        method: 'GET',
        url: `/products/${product.id}/prices`,
        headers: bearer(await (await TestTokenIssuer.create()).member()),
      });
      expect(forged.statusCode).toBe(401);
      const garbage = await app.inject({
        method: 'GET',
        url: `/products/${product.id}/prices`,
        headers: { authorization: 'Bearer nonsense' },
      });
      expect(garbage.statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/products/not-a-uuid/prices' })).statusCode).toBe(400);
      const unknown = await app.inject({ method: 'GET', url: `/products/${crypto.randomUUID()}/prices` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'catalog.product_not_found' });

      const hidden = await newProduct(app, staff, { disable: 'Y' });
      await addPrice(hidden.id, { title: 'x', value: 1 });
      const res = await app.inject({
        method: 'GET',
        url: `/products/${hidden.id}/prices`,
        headers: await member(['NL']),
      });
      expect(res.statusCode).toBe(404);
    });

    it('shows a staff change to the very next lookup (the cached price rows are invalidated)', async () => {
      const cg2 = await member(['CG2']);
      expect(titles(await lookup(product.id, cg2))).toEqual(['nlPublic']);
      const added = await addPrice(product.id, { title: 'cg2', member: 'CG2', type: 'EB', value: 1_000 });
      expect((await lookup(product.id, cg2)).items.map((i) => i.id)).toEqual([added.id, p.nlPublic!.id]);
      await app.inject({
        method: 'PUT',
        url: `/admin/products/${product.id}/prices/${added.id}`,
        headers: staff,
        payload: { value: 2_000 },
      });
      expect((await lookup(product.id, cg2)).items[0]).toMatchObject({ value: 2_000 });
      await app.inject({
        method: 'DELETE',
        url: `/admin/products/${product.id}/prices/${added.id}`,
        headers: staff,
      });
      expect(titles(await lookup(product.id, cg2))).toEqual(['nlPublic']);
      // disabling the product hides its prices at once too
      await app.inject({
        method: 'PUT',
        url: `/admin/products/${product.id}`,
        headers: staff,
        payload: { disable: 'Y' },
      });
      const gone = await app.inject({ method: 'GET', url: `/products/${product.id}/prices`, headers: cg2 });
      expect(gone.statusCode).toBe(404);
      await app.inject({
        method: 'PUT',
        url: `/admin/products/${product.id}`,
        headers: staff,
        payload: { disable: 'N' },
      });
    });
  });

  describe('the public /pricing page', () => {
    const pricing = async (date?: string) => {
      const res = await app.inject({ method: 'GET', url: '/pricing', query: date ? { date } : {} });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<PricingPage>();
    };

    it('shows everyone what staff chose to show: price-list products with their shown prices of the day, and price-list packages', async () => {
      clock.set(AFTER_BANGKOK_MIDNIGHT);
      const listed = await newProduct(app, staff, { priceList: 'Y' });
      await newProduct(app, staff, { priceList: 'N' });
      await newProduct(app, staff, { priceList: 'Y', disable: 'Y' });
      const shownNl = await addPrice(listed.id, { title: 'shown NL', value: 150_000, show: 'Y' });
      const shownEb = await addPrice(listed.id, {
        title: 'shown EB CG1',
        type: 'EB',
        member: 'CG1',
        value: 120_000,
        show: 'Y',
        start: '2026-04-01',
        to: '2026-04-30',
      });
      await addPrice(listed.id, { title: 'hidden', value: 1, show: 'N' });
      await addPrice(listed.id, { title: 'shown in May', value: 2, show: 'Y', start: '2026-05-01' });
      const removed = await addPrice(listed.id, { title: 'shown but removed', value: 3, show: 'Y' });
      await app.inject({
        method: 'DELETE',
        url: `/admin/products/${listed.id}/prices/${removed.id}`,
        headers: staff,
      });
      const pkg = await app.inject({
        method: 'POST',
        url: '/admin/packages',
        headers: staff,
        payload: { url: `pricing-pkg-${Date.now()}`, title: 'VIP', price: 10 },
      });
      await app.inject({
        method: 'POST',
        url: '/admin/packages',
        headers: staff,
        payload: { url: `off-list-${Date.now()}`, title: 'Off list', price: 10, priceList: 'N' },
      });

      const page = await pricing();
      expect(page.date).toBe('2026-04-01');
      expect(page.products.map((p) => p.product.id)).toEqual([listed.id]);
      expect(page.products[0]!.prices.map((p) => p.id)).toEqual([shownEb.id, shownNl.id]);
      expect(page.products[0]!.product).not.toHaveProperty('disable');
      expect(page.packages.map((p) => p.id)).toEqual([pkg.json<{ id: string }>().id]);

      const may = await pricing('2026-05-02');
      expect(may.products[0]!.prices.map((p) => p.title)).toEqual(['shown in May', 'shown NL']);

      // the next read after a change shows it
      await app.inject({
        method: 'PUT',
        url: `/admin/products/${listed.id}/prices/${shownNl.id}`,
        headers: staff,
        payload: { show: 'N' },
      });
      expect((await pricing()).products[0]!.prices.map((p) => p.id)).toEqual([shownEb.id]);
      await app.inject({
        method: 'PUT',
        url: `/admin/products/${listed.id}`,
        headers: staff,
        payload: { priceList: 'N' },
      });
      expect((await pricing()).products).toEqual([]);
      expect(
        (await app.inject({ method: 'GET', url: '/pricing', query: { date: '2026-02-30' } })).statusCode,
      ).toBe(400);
    });
  });

  it('documents its routes in OpenAPI', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/products/{productId}/prices',
        '/pricing',
        '/admin/products/{productId}/prices',
        '/admin/products/{productId}/prices/{priceId}',
        '/admin/products/{productId}/prices/{priceId}/restore',
        '/packages',
        '/packages/{id}',
        '/admin/packages',
        '/admin/packages/{id}',
        '/admin/packages/{id}/create-product',
        '/admin/products/{productId}/courses',
        '/admin/products/{productId}/courses/{courseId}',
        '/products/{productId}/installment-plans/today',
        '/admin/installment-plans',
        '/admin/installment-plans/{planId}',
        '/admin/installment-plans/{planId}/emails',
        '/admin/installment-plans/{planId}/emails/{emailId}',
      ]),
    );
  });

  describe('staff administration', () => {
    let product: ProductStaff;
    beforeAll(async () => {
      product = await newProduct(app, staff);
    });
    const url = (priceId?: string) => `/admin/products/${product.id}/prices${priceId ? `/${priceId}` : ''}`;

    it('adds a price with the spec defaults (201) and publishes catalog.price.changed with the whole row', async () => {
      const price = await addPrice(product.id, { title: ' ราคาปกติ (Normal) ', value: 150_000 });
      expect(price).toMatchObject({
        productId: product.id,
        type: 'NL',
        member: 'NL',
        value: 150_000,
        show: 'N',
        fee: 'N',
        start: null,
        to: null,
        title: 'ราคาปกติ (Normal)',
        detail: null,
        removed: 'N',
        removedAt: null,
        removedBy: null,
        revision: 1,
        createdBy: staffSub,
      });
      const event = await publishedEvent(env, PriceChanged, (d) => d.priceId === price.id);
      expect(event.source).toBe('catalog');
      expect(event.data).toEqual({
        priceId: price.id,
        productId: product.id,
        type: 'NL',
        member: 'NL',
        value: 150_000,
        show: 'N',
        start: null,
        to: null,
        title: 'ราคาปกติ (Normal)',
        detail: null,
        fee: 'N',
        removed: false,
        revision: 1,
        changedAt: price.updatedAt,
      });
      const read = await app.inject({ method: 'GET', url: url(price.id), headers: staff });
      expect(read.json()).toEqual(price);
    });

    it('changes only the fields sent, with a new revision and event', async () => {
      const price = await addPrice(product.id, {
        title: 'EB',
        type: 'EB',
        member: 'COL3',
        value: 100_000,
        start: '2026-05-01',
        to: '2026-05-31',
        detail: 'รวมหนังสือ',
        show: 'Y',
      });
      const res = await app.inject({
        method: 'PUT',
        url: url(price.id),
        headers: staff,
        payload: { value: 99_000, fee: 'Y', detail: null },
      });
      expect(res.statusCode).toBe(200);
      const updated = res.json<PriceStaff>();
      expect(updated).toMatchObject({
        type: 'EB',
        member: 'COL3',
        value: 99_000,
        fee: 'Y',
        detail: null,
        show: 'Y',
        start: '2026-05-01',
        to: '2026-05-31',
        revision: 2,
      });
      const event = await publishedEvent(
        env,
        PriceChanged,
        (d) => d.priceId === price.id && d.revision === 2,
      );
      expect(event.data).toMatchObject({
        value: 99_000,
        fee: 'Y',
        detail: null,
        member: 'COL3',
        removed: false,
      });
    });

    it('removes softly: hidden from the list unless includeRemoved=true, kept with who removed it, and restorable', async () => {
      const price = await addPrice(product.id, { title: 'to remove', value: 5 });
      const del = await app.inject({ method: 'DELETE', url: url(price.id), headers: staff });
      expect(del.statusCode).toBe(204);

      const listed = async (includeRemoved?: boolean) =>
        (
          await app.inject({
            method: 'GET',
            url: url(),
            headers: staff,
            query: includeRemoved === undefined ? {} : { includeRemoved: String(includeRemoved) },
          })
        ).json<{ items: PriceStaff[]; total: number }>();
      expect((await listed()).items.map((i) => i.id)).not.toContain(price.id);
      expect((await listed(false)).items.map((i) => i.id)).not.toContain(price.id);
      const all = await listed(true);
      expect(all.items.find((i) => i.id === price.id)).toMatchObject({
        removed: 'Y',
        removedBy: staffSub,
        revision: 2,
      });
      expect(all.total).toBe((await listed()).total + 1);

      const event = await publishedEvent(env, PriceChanged, (d) => d.priceId === price.id && d.removed);
      expect(event.data).toMatchObject({ removed: true, revision: 2, title: 'to remove' });

      // removing again changes nothing and says nothing new
      const events = await outboxCount(app, PriceChanged.type);
      expect((await app.inject({ method: 'DELETE', url: url(price.id), headers: staff })).statusCode).toBe(
        204,
      );
      expect(await outboxCount(app, PriceChanged.type)).toBe(events);

      const restored = await app.inject({ method: 'POST', url: `${url(price.id)}/restore`, headers: staff });
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toMatchObject({ removed: 'N', removedAt: null, removedBy: null, revision: 3 });
      await publishedEvent(
        env,
        PriceChanged,
        (d) => d.priceId === price.id && d.revision === 3 && !d.removed,
      );
    });

    it('answers 404 for an unknown product, an unknown price, and a price of another product', async () => {
      const other = await newProduct(app, staff);
      const foreign = await addPrice(other.id, { title: 'other', value: 1 });
      const cases: [string, string, object | undefined, string][] = [
        [
          'POST',
          `/admin/products/${crypto.randomUUID()}/prices`,
          { title: 'x', value: 1 },
          'catalog.product_not_found',
        ],
        ['GET', `/admin/products/${crypto.randomUUID()}/prices`, undefined, 'catalog.product_not_found'],
        ['GET', url(crypto.randomUUID()), undefined, 'catalog.price_not_found'],
        ['GET', url(foreign.id), undefined, 'catalog.price_not_found'],
        ['PUT', url(foreign.id), { value: 7 }, 'catalog.price_not_found'],
        ['DELETE', url(foreign.id), undefined, 'catalog.price_not_found'],
        ['POST', `${url(foreign.id)}/restore`, undefined, 'catalog.price_not_found'],
      ];
      for (const [method, path, payload, code] of cases) {
        const res = await app.inject({
          method: method as 'GET',
          url: path,
          headers: staff,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.headers['content-type']).toContain(PROBLEM);
        expect(res.json()).toMatchObject({ code });
      }
      const still = await app.inject({
        method: 'GET',
        url: `/admin/products/${other.id}/prices/${foreign.id}`,
        headers: staff,
      });
      expect(still.json()).toMatchObject({ value: 1, removed: 'N' });
    });

    describe('validation: 400 problem+json with the spec message, nothing stored, no event', () => {
      const cases: [string, string, string, Record<string, unknown>][] = [
        ['missing title', 'title', 'กรุณากรอกข้อมูล', { title: undefined }],
        ['empty title', 'title', 'กรุณากรอกข้อมูล', { title: '' }],
        ['title of blanks', 'title', 'กรุณากรอกข้อมูล', { title: '   ' }],
        ['missing value', 'value', 'กรุณากรอกข้อมูล', { value: undefined }],
        ['negative value', 'value', 'รูปแบบข้อมูลไม่ถูกต้อง', { value: -1 }],
        ['baht with decimals', 'value', 'รูปแบบข้อมูลไม่ถูกต้อง', { value: 1500.5 }],
        ['value as text', 'value', 'รูปแบบข้อมูลไม่ถูกต้อง', { value: '1500' }],
        ['unknown type', 'type', 'รูปแบบข้อมูลไม่ถูกต้อง', { type: 'VIP' }],
        ['unknown membership code', 'member', 'รูปแบบข้อมูลไม่ถูกต้อง', { member: 'GOLD' }],
        ['show not Y/N', 'show', 'รูปแบบข้อมูลไม่ถูกต้อง', { show: 'yes' }],
        ['fee not Y/N', 'fee', 'รูปแบบข้อมูลไม่ถูกต้อง', { fee: true }],
        ['not a date', 'start', 'รูปแบบข้อมูลไม่ถูกต้อง', { start: '31/03/2026' }],
        ['ends before it starts', 'to', 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม', { start: '2026-04-02', to: '2026-04-01' }],
      ];

      it.each(cases)('%s → field %s', async (_name, field, message, change) => {
        const body: Record<string, unknown> = { title: 'x', value: 100, ...change };
        for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
        const before = (
          await app.inject({ method: 'GET', url: url(), headers: staff, query: { includeRemoved: 'true' } })
        ).json<{ total: number }>().total;
        const events = await outboxCount(app);
        const res = await app.inject({ method: 'POST', url: url(), headers: staff, payload: body });
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toContain(PROBLEM);
        const problem = res.json<{ code: string; errors: { field: string; message: string }[] }>();
        expect(problem.code).toBe('validation.failed');
        expect(problem.errors).toContainEqual(expect.objectContaining({ field, message }));
        const after = (
          await app.inject({ method: 'GET', url: url(), headers: staff, query: { includeRemoved: 'true' } })
        ).json<{ total: number }>().total;
        expect(after).toBe(before);
        expect(await outboxCount(app)).toBe(events);
      });

      it('checks an update against the stored window, and changes nothing when it fails', async () => {
        const price = await addPrice(product.id, {
          title: 'w',
          value: 1,
          start: '2026-05-01',
          to: '2026-05-31',
        });
        const events = await outboxCount(app);
        const res = await app.inject({
          method: 'PUT',
          url: url(price.id),
          headers: { ...staff, 'accept-language': 'en' },
          payload: { to: '2026-04-30', value: 999 },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toContainEqual({
          field: 'to',
          code: 'catalog.to_before_start',
          message: 'The end date cannot be before the start date',
        });
        const still = await app.inject({ method: 'GET', url: url(price.id), headers: staff });
        expect(still.json()).toMatchObject({ to: '2026-05-31', value: 1, revision: 1 });
        expect(await outboxCount(app)).toBe(events);
      });
    });

    it('refuses anonymous callers (401) and members (403) on every staff route, and changes nothing', async () => {
      const price = await addPrice(product.id, { title: 'guarded', value: 10 });
      const routes: [string, string, object | undefined][] = [
        ['GET', url(), undefined],
        ['GET', url(price.id), undefined],
        ['POST', url(), { title: 'x', value: 1 }],
        ['PUT', url(price.id), { value: 1 }],
        ['DELETE', url(price.id), undefined],
        ['POST', `${url(price.id)}/restore`, undefined],
      ];
      const premium = bearer(await issuer.member(undefined, { status: 'Premium', membershipCodes: ['NL'] }));
      for (const [method, path, payload] of routes) {
        const opts = { method: method as 'GET', url: path, ...(payload ? { payload } : {}) };
        const anon = await app.inject(opts);
        expect(anon.statusCode, `${method} ${path}`).toBe(401);
        expect(anon.json()).toMatchObject({ code: 'auth.unauthenticated' });
        const res = await app.inject({ ...opts, headers: premium });
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'auth.forbidden' });
      }
      const still = await app.inject({ method: 'GET', url: url(price.id), headers: staff });
      expect(still.json()).toMatchObject({ value: 10, removed: 'N', revision: 1 });
    });
  });
});

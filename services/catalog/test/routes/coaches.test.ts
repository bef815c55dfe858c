import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CoachChanged,
  CoachDeleted,
  ProductCoachChanged,
  ProductCoachDeleted,
  type CoachPublic,
  type CoachStaff,
  type ProductCoachStaff,
} from '@rian/proto-contracts/catalog-content';
import type { ProductPublic } from '@rian/proto-contracts/catalog';
import {
  contentWorld,
  expectFieldError,
  expectOpenToAll,
  expectProblem,
  expectStaffOnly,
  publishedEvent,
  type ContentWorld,
} from '../content-helpers.js';

interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

describe('coaches and product–coach links', () => {
  let w: ContentWorld;

  beforeAll(async () => {
    w = await contentWorld();
  });
  afterAll(async () => {
    await w?.close();
  });

  const createCoach = async (body: Record<string, unknown>) => {
    const res = await w.call('POST', '/admin/coaches', { headers: w.staff, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CoachStaff>();
  };
  const link = (productId: string, coachId: string) =>
    w.call('POST', '/admin/product-coaches', { headers: w.staff, payload: { productId, coachId } });

  it('adds a coach (201): texts trimmed, blanks stored as null, author kept; publishes catalog.coach.changed', async () => {
    const coach = await createCoach({
      name: '  โค้ชเอ (Coach A) ',
      nickname: '',
      detail: 'เทรด Forex 10 ปี',
      position: '   ',
      img: 'coach-a.webp',
      pr: 'คอร์สใหม่เดือนนี้',
    });
    expect(coach).toMatchObject({
      name: 'โค้ชเอ (Coach A)',
      nickname: null,
      detail: 'เทรด Forex 10 ปี',
      position: null,
      img: 'coach-a.webp',
      pr: 'คอร์สใหม่เดือนนี้',
      createdBy: w.staffSub,
    });
    const event = await publishedEvent<CoachStaff>(w, CoachChanged, (d) => d.id === coach.id);
    expect(event.data).toEqual(coach);

    const read = await w.call('GET', `/admin/coaches/${coach.id}`, { headers: w.staff });
    expect(read.json()).toEqual(coach);
    const shop = await w.call('GET', `/coaches/${coach.id}`);
    expect(shop.json()).toEqual({
      id: coach.id,
      name: 'โค้ชเอ (Coach A)',
      nickname: null,
      detail: 'เทรด Forex 10 ปี',
      position: null,
      img: 'coach-a.webp',
      pr: 'คอร์สใหม่เดือนนี้',
    });
  });

  it('changes only the fields sent (null clears), and publishes the new state', async () => {
    const coach = await createCoach({ name: 'Coach B', nickname: 'บี', position: 'Head coach' });
    const res = await w.call('PUT', `/admin/coaches/${coach.id}`, {
      headers: w.staff,
      payload: { nickname: null, detail: 'ใหม่' },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json<CoachStaff>();
    expect(updated).toMatchObject({
      name: 'Coach B',
      nickname: null,
      detail: 'ใหม่',
      position: 'Head coach',
      createdAt: coach.createdAt,
    });
    const event = await publishedEvent<CoachStaff>(
      w,
      CoachChanged,
      (d) => d.id === coach.id && d.detail === 'ใหม่',
    );
    expect(event.data).toEqual(updated);
  });

  describe('validation: 400 problem+json with the spec text, nothing stored, no event', () => {
    it.each([
      ['missing name', {}, 'name', 'กรุณากรอกข้อมูล'],
      ['empty name', { name: '' }, 'name', 'กรุณากรอกข้อมูล'],
      ['name of blanks', { name: '   ' }, 'name', 'กรุณากรอกข้อมูล'],
      ['name too long', { name: 'x'.repeat(201) }, 'name', 'ข้อมูลยาวเกินไป'],
      ['nickname not text', { name: 'C', nickname: 5 }, 'nickname', 'รูปแบบข้อมูลไม่ถูกต้อง'],
    ])('%s', async (_name, payload, field, message) => {
      const [coaches, events] = [await w.rows('coaches'), await w.outboxRows()];
      expectFieldError(await w.call('POST', '/admin/coaches', { headers: w.staff, payload }), field, message);
      expect(await w.rows('coaches')).toBe(coaches);
      expect(await w.outboxRows()).toBe(events);
    });

    it('refuses blanking the name on update, in English when asked, and keeps the coach', async () => {
      const coach = await createCoach({ name: 'Coach C' });
      const res = await w.call('PUT', `/admin/coaches/${coach.id}`, {
        headers: { ...w.staff, 'accept-language': 'en' },
        payload: { name: ' ', detail: 'x' },
      });
      expectFieldError(res, 'name', 'Please fill in');
      const still = await w.call('GET', `/admin/coaches/${coach.id}`, { headers: w.staff });
      expect(still.json()).toMatchObject({ name: 'Coach C', detail: null });
    });

    it('answers 404 catalog.coach_not_found for an unknown coach, and 400 for a malformed id', async () => {
      const id = crypto.randomUUID();
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', { name: 'x' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await w.call(method, `/admin/coaches/${id}`, { headers: w.staff, payload });
        expectProblem(res, 404, 'catalog.coach_not_found');
        expect(res.json()).toMatchObject({ detail: 'ไม่พบโค้ชนี้' });
      }
      expectProblem(await w.call('GET', `/coaches/${id}`), 404, 'catalog.coach_not_found');
      expectProblem(await w.call('GET', '/coaches/nope'), 400, 'validation.failed');
    });
  });

  it('lists coaches to staff with search, sort and paging', async () => {
    const tag = `srch${Date.now().toString(36)}`;
    const b = await createCoach({ name: `${tag} Bravo` });
    const a = await createCoach({ name: `${tag} Alpha`, nickname: 'x' });
    const c = await createCoach({ name: 'Charlie', position: `${tag} coach` });
    const list = async (query: Record<string, string>) =>
      (await w.call('GET', '/admin/coaches', { headers: w.staff, query })).json<Page<CoachStaff>>();

    // "Charlie" sorts before "srch… Alpha"
    expect((await list({ q: tag, sort: 'name' })).items.map((x) => x.id)).toEqual([c.id, a.id, b.id]);
    expect((await list({ q: tag, sort: '-name' })).items.map((x) => x.id)).toEqual([b.id, a.id, c.id]);
    expect((await list({ q: tag })).items.map((x) => x.id)).toEqual([b.id, a.id, c.id]);
    const page2 = await list({ q: tag, sort: '-createdAt', pageSize: '2', page: '2' });
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((x) => x.id)).toEqual([b.id]);
    expect((await list({ q: tag.toUpperCase() })).total).toBe(3);
    expectProblem(
      await w.call('GET', '/admin/coaches', { headers: w.staff, query: { sort: 'img' } }),
      400,
      'validation.failed',
    );
  });

  describe('links and the shop reads', () => {
    let forex: Awaited<ReturnType<ContentWorld['product']>>;
    let gold: Awaited<ReturnType<ContentWorld['product']>>;
    let hidden: Awaited<ReturnType<ContentWorld['product']>>;
    let first: CoachStaff;
    let second: CoachStaff;
    let lonely: CoachStaff;

    beforeAll(async () => {
      forex = await w.product({ title: 'Forex' });
      gold = await w.product({ title: 'Gold' });
      hidden = await w.product({ title: 'Hidden', disable: 'Y' });
      first = await createCoach({ name: 'Linked first' });
      second = await createCoach({ name: 'Linked second' });
      lonely = await createCoach({ name: 'No products' });
    });

    it('links coaches to products (201, with coach and product) and publishes catalog.product-coach.changed', async () => {
      // linked in this order: second before first on forex
      const res = await link(forex.id, second.id);
      expect(res.statusCode, res.body).toBe(201);
      const made = res.json<ProductCoachStaff>();
      expect(made).toMatchObject({
        productId: forex.id,
        coachId: second.id,
        coach: { id: second.id, name: 'Linked second' },
        product: { id: forex.id, url: forex.url, title: 'Forex', disable: 'N' },
        createdBy: w.staffSub,
      });
      const event = await publishedEvent<{ id: string }>(w, ProductCoachChanged, (d) => d.id === made.id);
      expect(event.data).toEqual({
        id: made.id,
        productId: forex.id,
        coachId: second.id,
        createdBy: w.staffSub,
        createdAt: made.createdAt,
        updatedAt: made.updatedAt,
      });
      for (const [p, c] of [
        [forex.id, first.id],
        [gold.id, first.id],
        [hidden.id, first.id],
      ] as const) {
        expect((await link(p, c)).statusCode).toBe(201);
      }
    });

    it('shows a product page its coaches in the order staff linked them, without staff fields', async () => {
      const res = await w.call('GET', `/products/${forex.id}/coaches`);
      expect(res.statusCode).toBe(200);
      const { items } = res.json<{ items: CoachPublic[] }>();
      expect(items.map((c) => c.name)).toEqual(['Linked second', 'Linked first']);
      for (const c of items) expect(c).not.toHaveProperty('createdBy');
      expect((await w.call('GET', `/products/${gold.id}/coaches`)).json()).toEqual({
        items: [expect.objectContaining({ id: first.id })],
      });
    });

    it('answers 404 for the coaches of a disabled or unknown product', async () => {
      expectProblem(await w.call('GET', `/products/${hidden.id}/coaches`), 404, 'catalog.product_not_found');
      expectProblem(
        await w.call('GET', `/products/${crypto.randomUUID()}/coaches`),
        404,
        'catalog.product_not_found',
      );
    });

    it("lists a coach's enabled products, newest first (/productAll/{coach})", async () => {
      const res = await w.call('GET', `/coaches/${first.id}/products`);
      expect(res.statusCode).toBe(200);
      const page = res.json<Page<ProductPublic>>();
      expect(page).toMatchObject({ total: 2, page: 1, pageSize: 20 });
      expect(page.items.map((p) => p.title)).toEqual(['Gold', 'Forex']);
      expect(page.items[0]).not.toHaveProperty('disable');
      const paged = (
        await w.call('GET', `/coaches/${first.id}/products`, { query: { pageSize: '1', page: '2' } })
      ).json<Page<ProductPublic>>();
      expect(paged.items.map((p) => p.title)).toEqual(['Forex']);
      expect((await w.call('GET', `/coaches/${lonely.id}/products`)).json()).toMatchObject({
        total: 0,
        items: [],
      });
      expectProblem(
        await w.call('GET', `/coaches/${crypto.randomUUID()}/products`),
        404,
        'catalog.coach_not_found',
      );
    });

    it('lists coaches to the shop in the order added; hasProducts keeps those with an enabled product', async () => {
      const all = (await w.call('GET', '/coaches', { query: { pageSize: '100' } })).json<Page<CoachPublic>>();
      const names = all.items.map((c) => c.name);
      expect(names.indexOf('Linked first')).toBeLessThan(names.indexOf('Linked second'));
      expect(names).toContain('No products');
      const selling = (
        await w.call('GET', '/coaches', { query: { hasProducts: 'true', pageSize: '100' } })
      ).json<Page<CoachPublic>>();
      expect(selling.items.map((c) => c.name)).toEqual(['Linked first', 'Linked second']);
      expect(selling.total).toBe(2);
    });

    it('refuses a second link of the same pair (409) and unknown references (400, each field named)', async () => {
      const before = await w.rows('product_coaches');
      const dup = await link(forex.id, first.id);
      expectProblem(dup, 409, 'catalog.product_coach_exists');
      expect(dup.json()).toMatchObject({ detail: 'โค้ชนี้อยู่ในสินค้านี้แล้ว' });
      const unknown = await link(crypto.randomUUID(), crypto.randomUUID());
      expectFieldError(unknown, 'productId', 'ไม่พบสินค้านี้');
      expectFieldError(unknown, 'coachId', 'ไม่พบโค้ชนี้');
      expectFieldError(
        await w.call('POST', '/admin/product-coaches', {
          headers: w.staff,
          payload: { productId: forex.id },
        }),
        'coachId',
        'กรุณากรอกข้อมูล',
      );
      expect(await w.rows('product_coaches')).toBe(before);
    });

    it('lists links to staff by product or by coach', async () => {
      const byProduct = (
        await w.call('GET', '/admin/product-coaches', { headers: w.staff, query: { productId: forex.id } })
      ).json<Page<ProductCoachStaff>>();
      expect(byProduct.items.map((l) => l.coach.name)).toEqual(['Linked second', 'Linked first']);
      const byCoach = (
        await w.call('GET', '/admin/product-coaches', { headers: w.staff, query: { coachId: first.id } })
      ).json<Page<ProductCoachStaff>>();
      expect(byCoach.items.map((l) => l.product.title)).toEqual(['Forex', 'Gold', 'Hidden']);
      expect(byCoach.items[2]?.product.disable).toBe('Y');
    });

    it('unlinks (204, event) and then the product page no longer shows that coach', async () => {
      const [l] = (
        await w.call('GET', '/admin/product-coaches', {
          headers: w.staff,
          query: { productId: forex.id, coachId: second.id },
        })
      ).json<Page<ProductCoachStaff>>().items;
      expect(l).toBeDefined();
      const res = await w.call('DELETE', `/admin/product-coaches/${l!.id}`, { headers: w.staff });
      expect(res.statusCode).toBe(204);
      const event = await publishedEvent<{ id: string }>(w, ProductCoachDeleted, (d) => d.id === l!.id);
      expect(event.data).toMatchObject({ productId: forex.id, coachId: second.id });
      const shown = (await w.call('GET', `/products/${forex.id}/coaches`)).json<{ items: CoachPublic[] }>();
      expect(shown.items.map((c) => c.name)).toEqual(['Linked first']);
      expectProblem(
        await w.call('DELETE', `/admin/product-coaches/${l!.id}`, { headers: w.staff }),
        404,
        'catalog.product_coach_not_found',
      );
    });

    it('deletes a coach with its links, publishing a deleted event for each link and for the coach', async () => {
      const links = (
        await w.call('GET', '/admin/product-coaches', { headers: w.staff, query: { coachId: first.id } })
      ).json<Page<ProductCoachStaff>>().items;
      expect(links).toHaveLength(3);
      const res = await w.call('DELETE', `/admin/coaches/${first.id}`, { headers: w.staff });
      expect(res.statusCode).toBe(204);
      await publishedEvent<{ id: string }>(w, CoachDeleted, (d) => d.id === first.id);
      for (const l of links)
        await publishedEvent<{ id: string }>(w, ProductCoachDeleted, (d) => d.id === l.id);
      expect((await w.call('GET', `/products/${gold.id}/coaches`)).json()).toEqual({ items: [] });
      expectProblem(await w.call('GET', `/coaches/${first.id}`), 404, 'catalog.coach_not_found');
    });

    it('drops the links of a deleted product with it', async () => {
      const p = await w.product({ title: 'Short-lived' });
      expect((await link(p.id, second.id)).statusCode).toBe(201);
      expect((await w.call('DELETE', `/admin/products/${p.id}`, { headers: w.staff })).statusCode).toBe(204);
      const left = (
        await w.call('GET', '/admin/product-coaches', { headers: w.staff, query: { productId: p.id } })
      ).json<Page<ProductCoachStaff>>();
      expect(left.total).toBe(0);
    });
  });

  it('serves the public reads to anyone, the same for anonymous, member and staff', async () => {
    const c = await createCoach({ name: 'Open' });
    const p = await w.product();
    expect((await link(p.id, c.id)).statusCode).toBe(201);
    await expectOpenToAll(w, [
      '/coaches',
      `/coaches/${c.id}`,
      `/coaches/${c.id}/products`,
      `/products/${p.id}/coaches`,
    ]);
  });

  it('keeps every staff route from anonymous callers, foreign tokens and members, and changes nothing', async () => {
    const c = await createCoach({ name: 'Guarded' });
    const p = await w.product();
    const made = (await link(p.id, c.id)).json<ProductCoachStaff>();
    const before = await w.outboxRows();
    await expectStaffOnly(w, [
      ['GET', '/admin/coaches'],
      ['GET', `/admin/coaches/${c.id}`],
      ['POST', '/admin/coaches', { name: 'x' }],
      ['PUT', `/admin/coaches/${c.id}`, { name: 'hacked' }],
      ['DELETE', `/admin/coaches/${c.id}`],
      ['GET', '/admin/product-coaches'],
      ['POST', '/admin/product-coaches', { productId: p.id, coachId: c.id }],
      ['DELETE', `/admin/product-coaches/${made.id}`],
    ]);
    expect(await w.outboxRows()).toBe(before);
    expect((await w.call('GET', `/admin/coaches/${c.id}`, { headers: w.staff })).json()).toMatchObject({
      name: 'Guarded',
    });
    const admin = { authorization: `Bearer ${await w.issuer.staff('admin')}` };
    expect(
      (await w.call('PUT', `/admin/coaches/${c.id}`, { headers: admin, payload: { pr: 'ok' } })).statusCode,
    ).toBe(200);
  });
});

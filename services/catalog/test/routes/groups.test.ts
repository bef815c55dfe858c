import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProductGroupChanged,
  ProductGroupDeleted,
  type ProductGroupStaff,
} from '@rian/proto-contracts/catalog-content';
import {
  contentWorld,
  expectFieldError,
  expectProblem,
  expectStaffOnly,
  publishedEvent,
  type ContentWorld,
} from '../content-helpers.js';
import { TestBus } from '@rian/kit/testing-bus';
import { buildEvent } from '@rian/proto-contracts/envelope';
import { MemberGroupDeleted } from '@rian/proto-contracts/learning-groups';
import { learningGroups } from '../helpers.js';

interface Page<T> {
  items: T[];
  total: number;
}

describe('product groups (staff only)', () => {
  let w: ContentWorld;

  beforeAll(async () => {
    w = await contentWorld();
  });
  afterAll(async () => {
    await w?.close();
  });

  /** a member group learning announced (issue 16: a product's groups are checked against them) */
  let pool: string[] = [];
  const known = async () => {
    if (!pool.length) pool = await learningGroups(w.env, 12);
    return pool.pop()!;
  };

  const add = (payload: Record<string, unknown>) =>
    w.call('POST', '/admin/product-groups', { headers: w.staff, payload });

  it('gives a product member groups (201) and publishes catalog.product-group.changed', async () => {
    const p = await w.product();
    const facebook = await known();
    const line = await known();
    const res = await add({ productId: p.id, memberGroupId: facebook });
    expect(res.statusCode, res.body).toBe(201);
    const g = res.json<ProductGroupStaff>();
    expect(g).toMatchObject({ productId: p.id, memberGroupId: facebook, createdBy: w.staffSub });
    const event = await publishedEvent<ProductGroupStaff>(w, ProductGroupChanged, (d) => d.id === g.id);
    expect(event.data).toEqual(g);
    expect((await add({ productId: p.id, memberGroupId: line })).statusCode).toBe(201);

    const ofProduct = await w.call('GET', `/products/${p.id}/groups`, { headers: w.staff });
    expect(ofProduct.statusCode).toBe(200);
    expect(ofProduct.json<{ items: ProductGroupStaff[] }>().items.map((x) => x.memberGroupId)).toEqual([
      facebook,
      line,
    ]);
    const byGroup = (
      await w.call('GET', '/admin/product-groups', { headers: w.staff, query: { memberGroupId: line } })
    ).json<Page<ProductGroupStaff>>();
    expect(byGroup.items.map((x) => x.productId)).toEqual([p.id]);
  });

  it('shows the groups of a disabled product to staff, and 404 for an unknown one', async () => {
    const p = await w.product({ disable: 'Y' });
    expect((await add({ productId: p.id, memberGroupId: await known() })).statusCode).toBe(201);
    expect((await w.call('GET', `/products/${p.id}/groups`, { headers: w.staff })).json()).toMatchObject({
      items: [expect.objectContaining({ productId: p.id })],
    });
    expectProblem(
      await w.call('GET', `/products/${crypto.randomUUID()}/groups`, { headers: w.staff }),
      404,
      'catalog.product_not_found',
    );
  });

  it('refuses the same group twice (409), an unknown product and missing fields (400), storing nothing', async () => {
    const p = await w.product();
    const group = await known();
    expect((await add({ productId: p.id, memberGroupId: group })).statusCode).toBe(201);
    const [rows, events] = [await w.rows('product_groups'), await w.outboxRows()];
    const dup = await add({ productId: p.id, memberGroupId: group });
    expectProblem(dup, 409, 'catalog.product_group_exists');
    expect(dup.json()).toMatchObject({ detail: 'กลุ่มนี้อยู่ในสินค้านี้แล้ว' });
    expectFieldError(
      await add({ productId: crypto.randomUUID(), memberGroupId: group }),
      'productId',
      'ไม่พบสินค้านี้',
    );
    expectFieldError(await add({ productId: p.id }), 'memberGroupId', 'กรุณากรอกข้อมูล');
    expectFieldError(
      await add({ productId: p.id, memberGroupId: 'fb-group' }),
      'memberGroupId',
      'รูปแบบข้อมูลไม่ถูกต้อง',
    );
    expect(await w.rows('product_groups')).toBe(rows);
    expect(await w.outboxRows()).toBe(events);
  });

  it('moves a group to another product, refusing one that would duplicate', async () => {
    const [a, b] = [await w.product(), await w.product()];
    const group = await known();
    const g = (await add({ productId: a.id, memberGroupId: group })).json<ProductGroupStaff>();
    expect((await add({ productId: b.id, memberGroupId: group })).statusCode).toBe(201);
    expectProblem(
      await w.call('PUT', `/admin/product-groups/${g.id}`, {
        headers: w.staff,
        payload: { productId: b.id },
      }),
      409,
      'catalog.product_group_exists',
    );
    expectFieldError(
      await w.call('PUT', `/admin/product-groups/${g.id}`, {
        headers: w.staff,
        payload: { productId: crypto.randomUUID() },
      }),
      'productId',
      'ไม่พบสินค้านี้',
    );
    const other = await known();
    const moved = await w.call('PUT', `/admin/product-groups/${g.id}`, {
      headers: w.staff,
      payload: { productId: b.id, memberGroupId: other },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ productId: b.id, memberGroupId: other });
    await publishedEvent<ProductGroupStaff>(
      w,
      ProductGroupChanged,
      (d) => d.id === g.id && d.memberGroupId === other,
    );
    expect((await w.call('GET', `/products/${a.id}/groups`, { headers: w.staff })).json()).toEqual({
      items: [],
    });
  });

  it('refuses a member group learning has not announced, or has deleted (422), storing nothing', async () => {
    const p = await w.product();
    const [rows, events] = [await w.rows('product_groups'), await w.outboxRows()];
    const unknown = await add({ productId: p.id, memberGroupId: crypto.randomUUID() });
    expectProblem(unknown, 422, 'catalog.member_group_unknown');
    expect(unknown.json<{ errors: unknown[] }>().errors).toEqual([
      {
        field: 'memberGroupId',
        code: 'catalog.member_group_unknown',
        message: 'ไม่พบกลุ่มนี้ในระบบการเรียน กรุณาเลือกกลุ่มจากรายการ',
      },
    ]);
    const gone = await known();
    const bus = await TestBus.open(w.env, 'learning');
    try {
      await bus.deliver(
        buildEvent(
          MemberGroupDeleted,
          { id: gone, courseId: crypto.randomUUID(), deletedAt: new Date().toISOString() },
          { source: 'learning' },
        ),
        'catalog',
      );
    } finally {
      await bus.close();
    }
    expectProblem(await add({ productId: p.id, memberGroupId: gone }), 422, 'catalog.member_group_unknown');
    expect(await w.rows('product_groups')).toBe(rows);
    expect(await w.outboxRows()).toBe(events);
  });

  it('removes a group (204, event), then 404', async () => {
    const p = await w.product();
    const g = (await add({ productId: p.id, memberGroupId: await known() })).json<ProductGroupStaff>();
    expect((await w.call('DELETE', `/admin/product-groups/${g.id}`, { headers: w.staff })).statusCode).toBe(
      204,
    );
    const event = await publishedEvent<{ id: string }>(w, ProductGroupDeleted, (d) => d.id === g.id);
    expect(event.data).toMatchObject({ productId: p.id, memberGroupId: g.memberGroupId });
    for (const method of ['GET', 'DELETE'] as const) {
      expectProblem(
        await w.call(method, `/admin/product-groups/${g.id}`, { headers: w.staff }),
        404,
        'catalog.product_group_not_found',
      );
    }
  });

  it('keeps every route from anonymous callers, foreign tokens and members — the product view too', async () => {
    const p = await w.product();
    const g = (await add({ productId: p.id, memberGroupId: await known() })).json<ProductGroupStaff>();
    const spare = [await known(), await known()];
    const before = await w.outboxRows();
    await expectStaffOnly(w, [
      ['GET', `/products/${p.id}/groups`],
      ['GET', '/admin/product-groups'],
      ['GET', `/admin/product-groups/${g.id}`],
      ['POST', '/admin/product-groups', { productId: p.id, memberGroupId: spare.pop()! }],
      ['PUT', `/admin/product-groups/${g.id}`, { memberGroupId: spare.pop()! }],
      ['DELETE', `/admin/product-groups/${g.id}`],
    ]);
    expect(await w.outboxRows()).toBe(before);
  });
});

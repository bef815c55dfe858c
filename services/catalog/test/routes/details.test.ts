import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DetailListChanged,
  DetailListDeleted,
  DetailTextChanged,
  DetailTextDeleted,
  DetailTypeChanged,
  DetailTypeDeleted,
  type DetailListPublic,
  type DetailListStaff,
  type DetailTextStaff,
  type DetailTypePublic,
  type DetailTypeStaff,
  type ProductDetails,
} from '@rian/proto-contracts/catalog-content';
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
  total: number;
}
type Product = Awaited<ReturnType<ContentWorld['product']>>;

describe('product details: tab types, their items and the shared texts', () => {
  let w: ContentWorld;

  beforeAll(async () => {
    w = await contentWorld();
  });
  afterAll(async () => {
    await w?.close();
  });

  const post = async <T>(url: string, payload: Record<string, unknown>) => {
    const res = await w.call('POST', url, { headers: w.staff, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<T>();
  };
  const type = (tabName: string, item?: number) =>
    post<DetailTypeStaff>('/admin/detail-types', item === undefined ? { tabName } : { tabName, item });
  const list = (body: Record<string, unknown>) => post<DetailListStaff>('/admin/detail-lists', body);

  describe('detail types (tab names)', () => {
    it('adds a type with item 1 by default and publishes catalog.detail-type.changed', async () => {
      const t = await type('  รายละเอียดคอร์ส (Overview) ');
      expect(t).toMatchObject({ tabName: 'รายละเอียดคอร์ส (Overview)', item: 1, createdBy: w.staffSub });
      const event = await publishedEvent<DetailTypeStaff>(w, DetailTypeChanged, (d) => d.id === t.id);
      expect(event.data).toEqual(t);
    });

    it('renames and reorders a type, and publishes it', async () => {
      const t = await type('Old name', 4);
      const res = await w.call('PUT', `/admin/detail-types/${t.id}`, {
        headers: w.staff,
        payload: { tabName: 'New name' },
      });
      expect(res.json()).toMatchObject({ tabName: 'New name', item: 4 });
      await publishedEvent<DetailTypeStaff>(
        w,
        DetailTypeChanged,
        (d) => d.id === t.id && d.tabName === 'New name',
      );
    });

    it.each([
      ['missing tab name', {}, 'tabName', 'กรุณากรอกข้อมูล'],
      ['blank tab name', { tabName: ' ' }, 'tabName', 'กรุณากรอกข้อมูล'],
      ['tab name too long', { tabName: 'x'.repeat(101) }, 'tabName', 'ข้อมูลยาวเกินไป'],
      ['item below 1', { tabName: 'x', item: -1 }, 'item', 'รูปแบบข้อมูลไม่ถูกต้อง'],
    ])('refuses %s (400, nothing stored)', async (_n, payload, field, message) => {
      const [rows, events] = [await w.rows('product_detail_types'), await w.outboxRows()];
      expectFieldError(
        await w.call('POST', '/admin/detail-types', { headers: w.staff, payload }),
        field,
        message,
      );
      expect(await w.rows('product_detail_types')).toBe(rows);
      expect(await w.outboxRows()).toBe(events);
    });
  });

  describe('the product page', () => {
    let course: Product;
    let other: Product;
    let hidden: Product;
    let overview: DetailTypeStaff;
    let syllabus: DetailTypeStaff;
    let faq: DetailTypeStaff;
    let empty: DetailTypeStaff;

    beforeAll(async () => {
      course = await w.product({ title: 'With tabs' });
      other = await w.product({ title: 'Other' });
      hidden = await w.product({ title: 'Hidden', disable: 'Y' });
      // tab order: overview (1), syllabus (2), faq (2, but "FAQ" sorts after "Cur…")
      faq = await type('Zz FAQ', 2);
      syllabus = await type('Curriculum', 2);
      overview = await type('Overview', 1);
      empty = await type('Nobody uses this', 1);
    });

    it('adds items (item 1 by default, blanks as null) and publishes catalog.detail-list.changed', async () => {
      const l = await list({
        productId: course.id,
        typeId: overview.id,
        title: ' เรียนอะไร ',
        detail: '',
        img: 'overview.webp',
        file: 'syllabus.pdf',
      });
      expect(l).toMatchObject({
        productId: course.id,
        typeId: overview.id,
        title: 'เรียนอะไร',
        detail: null,
        item: 1,
        img: 'overview.webp',
        file: 'syllabus.pdf',
      });
      const event = await publishedEvent<DetailListStaff>(w, DetailListChanged, (d) => d.id === l.id);
      expect(event.data).toEqual(l);
    });

    it('answers the product page in one call: its tabs in order, each with its items in order', async () => {
      await list({ productId: course.id, typeId: syllabus.id, title: 'Lesson 3', item: 3 });
      await list({ productId: course.id, typeId: syllabus.id, title: 'Lesson 1', item: 1 });
      await list({ productId: course.id, typeId: syllabus.id, title: 'Lesson 2', item: 2 });
      await list({ productId: course.id, typeId: faq.id, title: 'Refunds?' });
      await list({ productId: other.id, typeId: syllabus.id, title: 'Not this product' });

      const res = await w.call('GET', `/products/${course.id}/details`);
      expect(res.statusCode).toBe(200);
      const page = res.json<ProductDetails>();
      expect(page.productId).toBe(course.id);
      expect(page.tabs.map((t) => [t.tabName, t.lists.map((l) => l.title)])).toEqual([
        ['Overview', ['เรียนอะไร']],
        ['Curriculum', ['Lesson 1', 'Lesson 2', 'Lesson 3']],
        ['Zz FAQ', ['Refunds?']],
      ]);
      expect(page.tabs.map((t) => t.typeId)).not.toContain(empty.id);
      expect(page.tabs[0]?.lists[0]).not.toHaveProperty('createdBy');
    });

    it('reorders an item when staff change its item, at once', async () => {
      const lessons = (
        await w.call('GET', '/detail-lists', { query: { productId: course.id, typeId: syllabus.id } })
      ).json<Page<DetailListPublic>>().items;
      const lesson3 = lessons.find((l) => l.title === 'Lesson 3');
      await w.call('PUT', `/admin/detail-lists/${lesson3!.id}`, {
        headers: w.staff,
        payload: { item: 1, title: 'Intro' },
      });
      const page = (await w.call('GET', `/products/${course.id}/details`)).json<ProductDetails>();
      // equal items keep the order they were added in: "Lesson 3" (now Intro) came before "Lesson 1"
      expect(page.tabs[1]?.lists.map((l) => l.title)).toEqual(['Intro', 'Lesson 1', 'Lesson 2']);
    });

    it('answers 404 for a disabled or unknown product', async () => {
      await list({ productId: hidden.id, typeId: overview.id, title: 'Secret' });
      expectProblem(await w.call('GET', `/products/${hidden.id}/details`), 404, 'catalog.product_not_found');
      expectProblem(
        await w.call('GET', `/products/${crypto.randomUUID()}/details`),
        404,
        'catalog.product_not_found',
      );
    });

    it('lists items by product or by type, enabled products only (staff see them all)', async () => {
      const byType = (await w.call('GET', '/detail-lists', { query: { typeId: overview.id } })).json<
        Page<DetailListPublic>
      >();
      expect(byType.items.map((l) => l.title)).toEqual(['เรียนอะไร']);
      const byProduct = (
        await w.call('GET', '/detail-lists', { query: { productId: course.id, pageSize: '2' } })
      ).json<Page<DetailListPublic>>();
      expect(byProduct.total).toBe(5);
      expect(byProduct.items).toHaveLength(2);
      expect(
        (await w.call('GET', '/detail-lists', { query: { productId: hidden.id } })).json(),
      ).toMatchObject({
        total: 0,
        items: [],
      });
      const staffView = (
        await w.call('GET', '/admin/detail-lists', { headers: w.staff, query: { typeId: overview.id } })
      ).json<Page<DetailListStaff>>();
      expect(staffView.items.map((l) => l.title)).toEqual(['เรียนอะไร', 'Secret']);
    });

    it('lists the types to the shop by item then name', async () => {
      const names = (await w.call('GET', '/detail-types', { query: { pageSize: '100' } }))
        .json<Page<DetailTypePublic>>()
        .items.map((t) => t.tabName);
      expect(names.indexOf('Nobody uses this')).toBeLessThan(names.indexOf('Curriculum'));
      expect(names.indexOf('Overview')).toBeLessThan(names.indexOf('Curriculum'));
      expect(names.indexOf('Curriculum')).toBeLessThan(names.indexOf('Zz FAQ'));
    });

    it('refuses unknown product and type (both named) and a blank title, and stores nothing', async () => {
      const before = await w.rows('product_detail_lists');
      const res = await w.call('POST', '/admin/detail-lists', {
        headers: w.staff,
        payload: { productId: crypto.randomUUID(), typeId: crypto.randomUUID(), title: 'x' },
      });
      expectFieldError(res, 'productId', 'ไม่พบสินค้านี้');
      expectFieldError(res, 'typeId', 'ไม่พบหัวข้อรายละเอียดนี้');
      expectFieldError(
        await w.call('POST', '/admin/detail-lists', {
          headers: w.staff,
          payload: { productId: course.id, typeId: overview.id, title: '  ' },
        }),
        'title',
        'กรุณากรอกข้อมูล',
      );
      expectFieldError(
        await w.call('POST', '/admin/detail-lists', {
          headers: w.staff,
          payload: { productId: 'x', typeId: overview.id, title: 'x' },
        }),
        'productId',
        'รูปแบบข้อมูลไม่ถูกต้อง',
      );
      expect(await w.rows('product_detail_lists')).toBe(before);
      const [one] = (
        await w.call('GET', '/admin/detail-lists', { headers: w.staff, query: { productId: other.id } })
      ).json<Page<DetailListStaff>>().items;
      expectFieldError(
        await w.call('PUT', `/admin/detail-lists/${one!.id}`, {
          headers: w.staff,
          payload: { typeId: crypto.randomUUID() },
        }),
        'typeId',
        'ไม่พบหัวข้อรายละเอียดนี้',
      );
      expect(
        (await w.call('GET', `/admin/detail-lists/${one!.id}`, { headers: w.staff })).json(),
      ).toMatchObject({
        typeId: syllabus.id,
      });
    });

    it('moves an item to another tab', async () => {
      const [one] = (
        await w.call('GET', '/admin/detail-lists', { headers: w.staff, query: { productId: other.id } })
      ).json<Page<DetailListStaff>>().items;
      const res = await w.call('PUT', `/admin/detail-lists/${one!.id}`, {
        headers: w.staff,
        payload: { typeId: faq.id },
      });
      expect(res.json()).toMatchObject({ typeId: faq.id, title: 'Not this product' });
      const page = (await w.call('GET', `/products/${other.id}/details`)).json<ProductDetails>();
      expect(page.tabs.map((t) => t.tabName)).toEqual(['Zz FAQ']);
    });

    it('keeps a type that items still use (409) and deletes it once they are gone', async () => {
      const res = await w.call('DELETE', `/admin/detail-types/${overview.id}`, { headers: w.staff });
      expectProblem(res, 409, 'catalog.detail_type_in_use');
      expect((await w.call('GET', '/detail-types', { query: { pageSize: '100' } })).body).toContain(
        overview.id,
      );

      const items = (
        await w.call('GET', '/admin/detail-lists', { headers: w.staff, query: { typeId: overview.id } })
      ).json<Page<DetailListStaff>>().items;
      for (const l of items) {
        expect((await w.call('DELETE', `/admin/detail-lists/${l.id}`, { headers: w.staff })).statusCode).toBe(
          204,
        );
        const event = await publishedEvent<{ id: string }>(w, DetailListDeleted, (d) => d.id === l.id);
        expect(event.data).toMatchObject({ productId: l.productId, typeId: overview.id });
      }
      expect(
        (await w.call('DELETE', `/admin/detail-types/${overview.id}`, { headers: w.staff })).statusCode,
      ).toBe(204);
      await publishedEvent<{ id: string }>(w, DetailTypeDeleted, (d) => d.id === overview.id);
      const page = (await w.call('GET', `/products/${course.id}/details`)).json<ProductDetails>();
      expect(page.tabs.map((t) => t.tabName)).toEqual(['Curriculum', 'Zz FAQ']);
    });

    it('drops the items of a deleted product with it', async () => {
      expect((await w.call('DELETE', `/admin/products/${hidden.id}`, { headers: w.staff })).statusCode).toBe(
        204,
      );
      const left = (
        await w.call('GET', '/admin/detail-lists', { headers: w.staff, query: { productId: hidden.id } })
      ).json<Page<DetailListStaff>>();
      expect(left.total).toBe(0);
    });

    it('serves the shop reads to anyone alike', async () => {
      await expectOpenToAll(w, [
        `/products/${course.id}/details`,
        '/detail-types',
        `/detail-lists?productId=${course.id}`,
        '/detail-texts',
      ]);
    });
  });

  describe('detail texts', () => {
    it('adds, lists in the order written, edits and deletes texts, each with its event', async () => {
      const first = await post<DetailTextStaff>('/admin/detail-texts', { text: 'ราคารวม VAT แล้ว' });
      const second = await post<DetailTextStaff>('/admin/detail-texts', { text: 'Seats are limited' });
      await publishedEvent<DetailTextStaff>(w, DetailTextChanged, (d) => d.id === first.id);
      const texts = (await w.call('GET', '/detail-texts')).json<Page<{ id: string; text: string }>>();
      expect(texts.items).toEqual([
        { id: first.id, text: 'ราคารวม VAT แล้ว' },
        { id: second.id, text: 'Seats are limited' },
      ]);
      const edited = await w.call('PUT', `/admin/detail-texts/${second.id}`, {
        headers: w.staff,
        payload: { text: 'Few seats' },
      });
      expect(edited.json()).toMatchObject({ text: 'Few seats' });
      await publishedEvent<DetailTextStaff>(w, DetailTextChanged, (d) => d.text === 'Few seats');
      expectFieldError(
        await w.call('PUT', `/admin/detail-texts/${second.id}`, { headers: w.staff, payload: { text: '' } }),
        'text',
        'กรุณากรอกข้อมูล',
      );
      expect(
        (await w.call('DELETE', `/admin/detail-texts/${first.id}`, { headers: w.staff })).statusCode,
      ).toBe(204);
      await publishedEvent<{ id: string }>(w, DetailTextDeleted, (d) => d.id === first.id);
      expect(
        (await w.call('GET', '/detail-texts')).json<Page<{ text: string }>>().items.map((t) => t.text),
      ).toEqual(['Few seats']);
      expectProblem(
        await w.call('GET', `/admin/detail-texts/${first.id}`, { headers: w.staff }),
        404,
        'catalog.detail_text_not_found',
      );
    });
  });

  it('answers 404 for unknown ids of each kind', async () => {
    const id = crypto.randomUUID();
    for (const [path, code] of [
      ['detail-types', 'catalog.detail_type_not_found'],
      ['detail-lists', 'catalog.detail_list_not_found'],
      ['detail-texts', 'catalog.detail_text_not_found'],
    ] as const) {
      expectProblem(await w.call('GET', `/admin/${path}/${id}`, { headers: w.staff }), 404, code);
      expectProblem(
        await w.call('PUT', `/admin/${path}/${id}`, { headers: w.staff, payload: {} }),
        404,
        code,
      );
      expectProblem(await w.call('DELETE', `/admin/${path}/${id}`, { headers: w.staff }), 404, code);
    }
  });

  it('keeps every staff route from anonymous callers, foreign tokens and members', async () => {
    const p = await w.product();
    const t = await type('Guarded tab');
    const l = await list({ productId: p.id, typeId: t.id, title: 'Guarded item' });
    const x = await post<DetailTextStaff>('/admin/detail-texts', { text: 'Guarded text' });
    const before = await w.outboxRows();
    await expectStaffOnly(w, [
      ['GET', '/admin/detail-types'],
      ['GET', `/admin/detail-types/${t.id}`],
      ['POST', '/admin/detail-types', { tabName: 'x' }],
      ['PUT', `/admin/detail-types/${t.id}`, { tabName: 'x' }],
      ['DELETE', `/admin/detail-types/${t.id}`],
      ['GET', '/admin/detail-lists'],
      ['GET', `/admin/detail-lists/${l.id}`],
      ['POST', '/admin/detail-lists', { productId: p.id, typeId: t.id, title: 'x' }],
      ['PUT', `/admin/detail-lists/${l.id}`, { title: 'x' }],
      ['DELETE', `/admin/detail-lists/${l.id}`],
      ['GET', '/admin/detail-texts'],
      ['GET', `/admin/detail-texts/${x.id}`],
      ['POST', '/admin/detail-texts', { text: 'x' }],
      ['PUT', `/admin/detail-texts/${x.id}`, { text: 'x' }],
      ['DELETE', `/admin/detail-texts/${x.id}`],
    ]);
    expect(await w.outboxRows()).toBe(before);
  });
});

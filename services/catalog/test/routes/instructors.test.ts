import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InstructorChanged,
  InstructorDeleted,
  type InstructorPublic,
  type InstructorStaff,
  type InstructorsOfMonth,
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

// the app's clock: 2027-03-01 00:30 in Bangkok, still February in UTC
const PINNED = new Date('2027-02-28T17:30:00Z');

describe('instructors (speakers) and the instructor of the month', () => {
  let w: ContentWorld;

  beforeAll(async () => {
    w = await contentWorld({ clock: () => PINNED });
  });
  afterAll(async () => {
    await w?.close();
  });

  const create = async (body: Record<string, unknown>) => {
    const res = await w.call('POST', '/admin/instructors', { headers: w.staff, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<InstructorStaff>();
  };
  const publicNames = async () =>
    (await w.call('GET', '/instructors', { query: { pageSize: '100' } }))
      .json<Page<InstructorPublic>>()
      .items.map((i) => i.name);

  it('adds an instructor with item 1 and shown by default; publishes catalog.instructor.changed', async () => {
    const i = await create({
      name: 'ดร.สมชาย (Dr. Somchai)',
      detail: 'นักวิเคราะห์',
      content: '<p>ประวัติ</p>',
      img: 'https://media.example/somchai.webp',
      position: 'Speaker',
      facebook: 'https://www.facebook.com/somchai',
      youtube: 'http://youtube.com/@somchai',
      twitter: '',
      featuredMonths: ['2026-03', '2026-01'],
    });
    expect(i).toMatchObject({
      item: 1,
      hide: 'N',
      twitter: null,
      pinterest: null,
      facebook: 'https://www.facebook.com/somchai',
      featuredMonths: ['2026-01', '2026-03'],
      createdBy: w.staffSub,
    });
    const event = await publishedEvent<InstructorStaff>(w, InstructorChanged, (d) => d.id === i.id);
    expect(event.data).toEqual(i);
    const shown = await w.call('GET', `/instructors/${i.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).not.toHaveProperty('hide');
    expect(shown.json()).not.toHaveProperty('featuredMonths');
    expect(shown.json()).toMatchObject({ name: 'ดร.สมชาย (Dr. Somchai)', item: 1 });
  });

  describe('validation: 400 with the spec text, nothing stored', () => {
    it.each([
      ['missing name', {}, 'name', 'กรุณากรอกข้อมูล'],
      ['name of blanks', { name: '  ' }, 'name', 'กรุณากรอกข้อมูล'],
      [
        'ftp link',
        { name: 'x', facebook: 'ftp://facebook.com/x' },
        'facebook',
        'รูปแบบ URL ไม่ถูกต้อง (ต้องขึ้นต้นด้วย http:// หรือ https://)',
      ],
      [
        'script link',
        { name: 'x', twitter: 'javascript:alert(1)' },
        'twitter',
        'รูปแบบ URL ไม่ถูกต้อง (ต้องขึ้นต้นด้วย http:// หรือ https://)',
      ],
      [
        'words, not a link',
        { name: 'x', youtube: 'my channel' },
        'youtube',
        'รูปแบบ URL ไม่ถูกต้อง (ต้องขึ้นต้นด้วย http:// หรือ https://)',
      ],
      [
        'no host',
        { name: 'x', linkedin: 'https://' },
        'linkedin',
        'รูปแบบ URL ไม่ถูกต้อง (ต้องขึ้นต้นด้วย http:// หรือ https://)',
      ],
      [
        'bad host',
        { name: 'x', pinterest: 'http://exa mple.com' },
        'pinterest',
        'รูปแบบ URL ไม่ถูกต้อง (ต้องขึ้นต้นด้วย http:// หรือ https://)',
      ],
      ['item 0', { name: 'x', item: 0 }, 'item', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      ['item as text', { name: 'x', item: '2' }, 'item', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      ['hide not Y/N', { name: 'x', hide: true }, 'hide', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [
        'month not yyyy-mm',
        { name: 'x', featuredMonths: ['2027-13'] },
        'featuredMonths.0',
        'รูปแบบข้อมูลไม่ถูกต้อง',
      ],
      [
        'month twice',
        { name: 'x', featuredMonths: ['2027-01', '2027-01'] },
        'featuredMonths',
        'รูปแบบข้อมูลไม่ถูกต้อง',
      ],
    ])('%s', async (_name, payload, field, message) => {
      const [rows, events] = [await w.rows('instructors'), await w.outboxRows()];
      expectFieldError(
        await w.call('POST', '/admin/instructors', { headers: w.staff, payload }),
        field,
        message,
      );
      expect(await w.rows('instructors')).toBe(rows);
      expect(await w.outboxRows()).toBe(events);
    });

    it('checks links on update too, in English when asked, and keeps the stored one', async () => {
      const i = await create({ name: 'Link keeper', facebook: 'https://facebook.com/keeper' });
      const res = await w.call('PUT', `/admin/instructors/${i.id}`, {
        headers: { ...w.staff, 'accept-language': 'en' },
        payload: { facebook: 'facebook.com/keeper' },
      });
      expectFieldError(res, 'facebook', 'The link must be a web address starting with http:// or https://');
      const still = await w.call('GET', `/admin/instructors/${i.id}`, { headers: w.staff });
      expect(still.json()).toMatchObject({ facebook: 'https://facebook.com/keeper' });
    });
  });

  it('updates only what is sent; "" or null clears a link; publishes the change', async () => {
    const i = await create({
      name: 'Updatable',
      twitter: 'https://x.com/u',
      linkedin: 'https://linkedin.com/in/u',
    });
    const res = await w.call('PUT', `/admin/instructors/${i.id}`, {
      headers: w.staff,
      payload: { twitter: '', linkedin: null, item: 7 },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json<InstructorStaff>();
    expect(updated).toMatchObject({ name: 'Updatable', twitter: null, linkedin: null, item: 7 });
    const event = await publishedEvent<InstructorStaff>(
      w,
      InstructorChanged,
      (d) => d.id === i.id && d.item === 7,
    );
    expect(event.data).toEqual(updated);
  });

  describe('the shop: /speakers and the instructor of the month', () => {
    const tag = `s${Date.now().toString(36)}`;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      // created out of order: the shop orders by item, then name
      for (const [key, body] of Object.entries({
        c: { name: `${tag} Charlie`, item: 2, featuredMonths: ['2027-03'] },
        b: { name: `${tag} Bravo`, item: 1, featuredMonths: ['2027-02', '2027-03'] },
        hidden: { name: `${tag} Hidden`, item: 1, hide: 'Y', featuredMonths: ['2027-03'] },
        a: { name: `${tag} Alpha`, item: 2 },
      })) {
        ids[key] = (await create(body)).id;
      }
    });

    it('lists the speakers not hidden, by item then name', async () => {
      const names = (await publicNames()).filter((n) => n.startsWith(tag));
      expect(names).toEqual([`${tag} Bravo`, `${tag} Alpha`, `${tag} Charlie`]);
      expectProblem(await w.call('GET', `/instructors/${ids.hidden}`), 404, 'catalog.instructor_not_found');
    });

    it('answers the instructors featured for the month asked, shown ones only, in the same order', async () => {
      const res = await w.call('GET', '/instructors/of-month', { query: { month: '2027-03' } });
      expect(res.statusCode).toBe(200);
      const body = res.json<InstructorsOfMonth>();
      expect(body.month).toBe('2027-03');
      expect(body.items.map((i) => i.name)).toEqual([`${tag} Bravo`, `${tag} Charlie`]);
      const feb = (
        await w.call('GET', '/instructors/of-month', { query: { month: '2027-02' } })
      ).json<InstructorsOfMonth>();
      expect(feb.items.map((i) => i.name)).toEqual([`${tag} Bravo`]);
      const none = await w.call('GET', '/instructors/of-month', { query: { month: '2030-01' } });
      expect(none.json()).toEqual({ month: '2030-01', items: [] });
    });

    it('takes the current month in Asia/Bangkok when none is asked (already March there)', async () => {
      const res = await w.call('GET', '/instructors/of-month');
      const body = res.json<InstructorsOfMonth>();
      expect(body.month).toBe('2027-03');
      expect(body.items.map((i) => i.name)).toEqual([`${tag} Bravo`, `${tag} Charlie`]);
    });

    it('refuses a month that is not yyyy-mm', async () => {
      for (const month of ['2027-3', '2027-00', 'March', '2027-03-01']) {
        expectFieldError(
          await w.call('GET', '/instructors/of-month', { query: { month } }),
          'month',
          'รูปแบบข้อมูลไม่ถูกต้อง',
        );
      }
    });

    it('shows a speaker once un-hidden, and hides one at once when staff hide it', async () => {
      await w.call('PUT', `/admin/instructors/${ids.hidden}`, { headers: w.staff, payload: { hide: 'N' } });
      expect(await publicNames()).toContain(`${tag} Hidden`);
      const march = (
        await w.call('GET', '/instructors/of-month', { query: { month: '2027-03' } })
      ).json<InstructorsOfMonth>();
      expect(march.items.map((i) => i.name)).toEqual([`${tag} Bravo`, `${tag} Hidden`, `${tag} Charlie`]);
      await w.call('PUT', `/admin/instructors/${ids.b}`, { headers: w.staff, payload: { hide: 'Y' } });
      expect(await publicNames()).not.toContain(`${tag} Bravo`);
      const after = (
        await w.call('GET', '/instructors/of-month', { query: { month: '2027-03' } })
      ).json<InstructorsOfMonth>();
      expect(after.items.map((i) => i.name)).toEqual([`${tag} Hidden`, `${tag} Charlie`]);
    });

    it('lists every instructor to staff, hidden ones too, with search and sort', async () => {
      const list = async (query: Record<string, string>) =>
        (await w.call('GET', '/admin/instructors', { headers: w.staff, query: { q: tag, ...query } })).json<
          Page<InstructorStaff>
        >();
      expect((await list({})).total).toBe(4);
      expect((await list({ sort: 'name' })).items.map((i) => i.name)).toEqual([
        `${tag} Alpha`,
        `${tag} Bravo`,
        `${tag} Charlie`,
        `${tag} Hidden`,
      ]);
      expect((await list({ sort: '-item' })).items[0]?.item).toBe(2);
      expect((await list({ sort: '-createdAt', pageSize: '1' })).items.map((i) => i.name)).toEqual([
        `${tag} Alpha`,
      ]);
    });

    it('serves the shop reads to anyone alike', async () => {
      await expectOpenToAll(w, [
        '/instructors',
        '/instructors/of-month?month=2027-03',
        `/instructors/${ids.c}`,
      ]);
    });
  });

  it('deletes an instructor (204), then 404, and publishes catalog.instructor.deleted', async () => {
    const i = await create({ name: 'Leaving' });
    expect((await w.call('DELETE', `/admin/instructors/${i.id}`, { headers: w.staff })).statusCode).toBe(204);
    await publishedEvent<{ id: string }>(w, InstructorDeleted, (d) => d.id === i.id);
    expectProblem(
      await w.call('GET', `/admin/instructors/${i.id}`, { headers: w.staff }),
      404,
      'catalog.instructor_not_found',
    );
    expectProblem(
      await w.call('DELETE', `/admin/instructors/${i.id}`, { headers: w.staff }),
      404,
      'catalog.instructor_not_found',
    );
    expectProblem(
      await w.call('PUT', `/admin/instructors/${i.id}`, { headers: w.staff, payload: { item: 2 } }),
      404,
      'catalog.instructor_not_found',
    );
  });

  it('keeps every staff route from anonymous callers, foreign tokens and members', async () => {
    const i = await create({ name: 'Guarded' });
    const before = await w.outboxRows();
    await expectStaffOnly(w, [
      ['GET', '/admin/instructors'],
      ['GET', `/admin/instructors/${i.id}`],
      ['POST', '/admin/instructors', { name: 'x' }],
      ['PUT', `/admin/instructors/${i.id}`, { hide: 'Y' }],
      ['DELETE', `/admin/instructors/${i.id}`],
    ]);
    expect(await w.outboxRows()).toBe(before);
    expect((await w.call('GET', `/instructors/${i.id}`)).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import type { Problem } from '@rian/proto-contracts/errors';
import type { AdminCoursesPage, CoursePublic, CourseStaff } from '@rian/proto-contracts/learning';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, orderPaid, startLearning } from '../helpers.js';

/** /admin/courses (staff CRUD, spec 02 §3 "Courses") and the public course read. */
describe('course routes', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let bus: TestBus;
  let staff: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    bus = await TestBus.open(env, 'orders');
    staff = await issuer.staff('staff');
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await env?.cleanup();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const create = async (body: object) => {
    const res = await call('POST', '/admin/courses', staff, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CourseStaff>();
  };

  it('staff create a course with the defaults, read it, change some fields and clear one', async () => {
    const c = await create({ title: '  เทรดทองคำขั้นพื้นฐาน ', detail: 'สี่สัปดาห์', code: 'GOLD1' });
    expect(c).toMatchObject({
      title: 'เทรดทองคำขั้นพื้นฐาน',
      code: 'GOLD1',
      detail: 'สี่สัปดาห์',
      status: 'open',
      date: null,
      liveStreaming: 'N',
      liveStreamingId: null,
      liveStreamingPath: null,
      liveTradePath: null,
      liveTradeId: null,
    });
    expect(c.createdBy).toEqual(expect.any(String));

    const changed = await call('PUT', `/admin/courses/${c.id}`, staff, {
      date: '2026-05-02',
      liveStreaming: 'Y',
      liveStreamingPath: 'a1b2c3d4e5f60718293a4b5c6d7e8f90.png',
      detail: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<CourseStaff>()).toMatchObject({
      title: 'เทรดทองคำขั้นพื้นฐาน',
      code: 'GOLD1',
      detail: null,
      date: '2026-05-02',
      liveStreaming: 'Y',
      liveStreamingPath: 'a1b2c3d4e5f60718293a4b5c6d7e8f90.png',
    });

    const read = await call('GET', `/admin/courses/${c.id}`, staff);
    expect(read.json<CourseStaff>()).toMatchObject({ date: '2026-05-02', detail: null });

    // visitors and members read it without a token, without the staff fields
    const pub = await call('GET', `/courses/${c.id}`);
    expect(pub.statusCode).toBe(200);
    expect(pub.json<CoursePublic>()).toMatchObject({
      id: c.id,
      title: 'เทรดทองคำขั้นพื้นฐาน',
      liveStreaming: 'Y',
    });
    expect(pub.json()).not.toHaveProperty('createdBy');
    expect((await call('GET', `/courses/${uuidv7()}`)).json<Problem>()).toMatchObject({
      status: 404,
      code: 'learning.course_not_found',
    });
  });

  it('bad input answers problem+json with the spec wording and changes nothing', async () => {
    const before = (await call('GET', '/admin/courses?pageSize=100', staff)).json<AdminCoursesPage>().total;
    for (const [body, field, code, th] of [
      [{}, 'title', 'validation.required', 'กรุณากรอกข้อมูล'],
      [{ title: '   ' }, 'title', 'validation.required', 'กรุณากรอกข้อมูล'],
      [{ title: 'x', date: '2026-13-01' }, 'date', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [{ title: 'x', code: 'no spaces' }, 'code', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [{ title: 'x', liveStreaming: 'yes' }, 'liveStreaming', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
    ] as const) {
      const res = await call('POST', '/admin/courses', staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json<Problem>().errors).toContainEqual({ field, code, message: th });
    }
    const c = await create({ title: 'ชั่วคราว' });
    const blank = await call('PUT', `/admin/courses/${c.id}`, staff, { title: '' });
    expect(blank.json<Problem>().errors?.[0]).toMatchObject({ field: 'title', code: 'validation.required' });
    expect((await call('GET', `/admin/courses/${c.id}`, staff)).json<CourseStaff>().title).toBe('ชั่วคราว');
    expect((await call('GET', '/admin/courses?pageSize=100', staff)).json<AdminCoursesPage>().total).toBe(
      before + 1,
    );
  });

  it('a course code is used once (any letter case): 409 on the code field', async () => {
    await create({ title: 'A', code: 'DUP-1' });
    const again = await call('POST', '/admin/courses', staff, { title: 'B', code: 'dup-1' });
    expect(again.statusCode).toBe(409);
    expect(again.json<Problem>()).toMatchObject({
      code: 'learning.course_code_taken',
      errors: [{ field: 'code', message: 'รหัสคอร์สนี้ถูกใช้แล้ว' }],
    });
    const other = await create({ title: 'C' });
    expect((await call('PUT', `/admin/courses/${other.id}`, staff, { code: 'Dup-1' })).statusCode).toBe(409);
    expect((await call('GET', `/admin/courses/${other.id}`, staff)).json<CourseStaff>().code).toBeNull();
  });

  it('the list searches title and code, filters by status, sorts and pages', async () => {
    const tag = uuidv7().slice(-8);
    const a = await create({ title: `Alpha ${tag}`, date: '2026-01-10' });
    const b = await create({ title: `Beta ${tag}`, date: '2026-03-10', status: 'closed' });
    const c = await create({ title: 'Gamma', code: `G${tag}` });
    const page = async (qs: string) =>
      (await call('GET', `/admin/courses?${qs}`, staff)).json<AdminCoursesPage>();

    const found = await page(`q=${tag}`);
    expect(found.total).toBe(3);
    expect(found.items.map((x) => x.id)).toEqual([c.id, b.id, a.id]); // newest first
    expect((await page(`q=${tag}&sort=title`)).items.map((x) => x.id)).toEqual([a.id, b.id, c.id]);
    expect((await page(`q=${tag}&sort=-date`)).items.map((x) => x.id)).toEqual([b.id, a.id, c.id]);
    expect((await page(`q=${tag}&status=closed`)).items.map((x) => x.id)).toEqual([b.id]);
    const second = await page(`q=${tag}&sort=title&page=2&pageSize=2`);
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((x) => x.id)).toEqual([c.id]);
    expect((await call('GET', '/admin/courses?pageSize=101', staff)).statusCode).toBe(400);
    // "%" is a letter, not a wildcard
    expect((await page('q=%25')).total).toBe(0);
  });

  it('a course nobody is enrolled in is deleted; one with members stays (409)', async () => {
    const free = await create({ title: 'ไม่มีผู้เรียน' });
    expect((await call('DELETE', `/admin/courses/${free.id}`, staff)).statusCode).toBe(204);
    expect((await call('GET', `/admin/courses/${free.id}`, staff)).statusCode).toBe(404);
    expect((await call('DELETE', `/admin/courses/${free.id}`, staff)).statusCode).toBe(404);

    const taken = await create({ title: 'มีผู้เรียน' });
    await bus.deliver(orderPaid(uuidv7(), [taken.id]), 'learning');
    const refused = await call('DELETE', `/admin/courses/${taken.id}`, staff);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Problem>()).toMatchObject({
      code: 'learning.course_in_use',
      messages: { th: 'มีผู้เรียนลงทะเบียนคอร์สนี้แล้ว ไม่สามารถลบได้' },
    });
    expect((await call('GET', `/admin/courses/${taken.id}`, staff)).statusCode).toBe(200);
  });

  it('only staff manage courses: anonymous 401, a member 403', async () => {
    const c = await create({ title: 'ของเจ้าหน้าที่' });
    const member = await issuer.member(uuidv7(), { status: 'Premium' });
    for (const [method, url, body] of [
      ['GET', '/admin/courses', undefined],
      ['GET', `/admin/courses/${c.id}`, undefined],
      ['POST', '/admin/courses', { title: 'x' }],
      ['PUT', `/admin/courses/${c.id}`, { title: 'x' }],
      ['DELETE', `/admin/courses/${c.id}`, undefined],
    ] as const) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, member, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', `/admin/courses/${c.id}`, staff)).json<CourseStaff>().title).toBe('ของเจ้าหน้าที่');
  });
});

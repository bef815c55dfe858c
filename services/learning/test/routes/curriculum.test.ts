import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import type { Problem } from '@rian/proto-contracts/errors';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import type { CourseCurriculum, ProductCurriculum } from '@rian/proto-contracts/learning-content';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, startLearning } from '../helpers.js';
import { productCoursesChanged } from '../content-events.js';

/** A product page's curriculum (spec coursesDetailTime ViewByCourseId / ViewByProductId): titles only, no token. */
describe('curriculum', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let catalog: TestBus;
  let staff: string;

  beforeAll(async () => {
    env = await createTestEnv();
    const issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    catalog = await TestBus.open(env, 'catalog');
    staff = await issuer.staff('staff');
  });

  afterAll(async () => {
    await app?.close();
    await catalog?.close();
    await env?.cleanup();
  });

  const post = async <T>(url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, headers: bearer(staff), payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<T>();
  };
  const get = (url: string) => app.inject({ method: 'GET', url });

  it("a course's curriculum: the viewable sessions' titles, types and dates by date, nothing else", async () => {
    const c = await post<CourseStaff>('/admin/courses', { title: 'Forex 101' });
    const room = await post<{ id: string }>('/admin/zoom-rooms', {
      title: 'ห้องลับ',
      url: 'https://zoom.us/j/123456789',
      passcode: 'topsecret',
    });
    const sessions = `/admin/courses/${c.id}/sessions`;
    await post(sessions, {
      title: 'ถาม-ตอบสด',
      date: '2026-12-03',
      type: 'meeting',
      zoomRoomId: room.id,
      detail: 'ลับ',
    });
    await post(sessions, { title: 'บทนำ', date: '2026-12-01', pdf: 'intro.pdf' });
    await post(sessions, { title: 'ซ่อนไว้', date: '2026-12-02', view: 'N' });
    await post(sessions, { title: 'เรียนที่ห้อง', date: '2026-12-02', type: 'real', checkin: 'Y' });

    const res = await get(`/courses/${c.id}/curriculum`);
    expect(res.statusCode).toBe(200);
    expect(res.json<CourseCurriculum>()).toEqual({
      courseId: c.id,
      title: 'Forex 101',
      items: [
        { title: 'บทนำ', type: 'video', date: '2026-12-01' },
        { title: 'เรียนที่ห้อง', type: 'real', date: '2026-12-02' },
        { title: 'ถาม-ตอบสด', type: 'meeting', date: '2026-12-03' },
      ],
    });
    expect(res.body).not.toMatch(/ซ่อนไว้|ลับ"|topsecret|zoom\.us|intro\.pdf/);

    expect((await get(`/courses/${uuidv7()}/curriculum`)).json<Problem>()).toMatchObject({
      status: 404,
      code: 'learning.course_not_found',
    });
    expect((await get('/courses/nope/curriculum')).statusCode).toBe(400);
  });

  it("a product's curriculum follows the course list catalog last sent, in its order", async () => {
    const a = await post<CourseStaff>('/admin/courses', { title: 'A' });
    const b = await post<CourseStaff>('/admin/courses', { title: 'B' });
    await post(`/admin/courses/${a.id}/sessions`, { title: 'A1', date: '2026-12-01' });
    await post(`/admin/courses/${b.id}/sessions`, { title: 'B1', date: '2026-12-05', type: 'live' });
    const productId = uuidv7();

    // before catalog says anything: no courses
    expect((await get(`/products/${productId}/curriculum`)).json<ProductCurriculum>()).toEqual({
      productId,
      courses: [],
    });
    // a course id learning has no course for is left out
    await catalog.deliver(productCoursesChanged(productId, [b.id, 'legacy-course', a.id]), 'learning');
    expect((await get(`/products/${productId}/curriculum`)).json<ProductCurriculum>()).toEqual({
      productId,
      courses: [
        { courseId: b.id, title: 'B', items: [{ title: 'B1', type: 'live', date: '2026-12-05' }] },
        { courseId: a.id, title: 'A', items: [{ title: 'A1', type: 'video', date: '2026-12-01' }] },
      ],
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import type { Problem } from '@rian/proto-contracts/errors';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import {
  SessionChanged,
  SessionDeleted,
  type SessionsPage,
  type SessionStaff,
  type VideoStaff,
  type ZoomRoomStaff,
} from '@rian/proto-contracts/learning-content';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, startLearning } from '../helpers.js';
import { instructorChanged, instructorDeleted, learningEvents } from '../content-events.js';

/** /admin/courses/:courseId/sessions (spec 02 §3 "Course session"): staff CRUD, reorder, events. */
describe('admin sessions', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let catalog: TestBus;
  let staff: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    catalog = await TestBus.open(env, 'catalog');
    staff = await issuer.staff('staff');
  });

  afterAll(async () => {
    await app?.close();
    await catalog?.close();
    await env?.cleanup();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const created = async <T>(url: string, body: object): Promise<T> => {
    const res = await call('POST', url, staff, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<T>();
  };
  const course = () => created<CourseStaff>('/admin/courses', { title: `คอร์ส ${uuidv7().slice(-6)}` });
  const sessionsOf = (courseId: string) => `/admin/courses/${courseId}/sessions`;

  it('staff add a session with the spec defaults, read, change and delete it; each change is an event', async () => {
    const c = await course();
    const s = await created<SessionStaff>(sessionsOf(c.id), { title: '  บทที่ 1 ', date: '2026-12-01' });
    expect(s).toMatchObject({
      courseId: c.id,
      type: 'video',
      item: 1,
      title: 'บทที่ 1',
      date: '2026-12-01',
      start: null,
      to: null,
      close: 'unlimit',
      view: 'Y',
      checkin: 'N',
      special: 'N',
      rating: 1,
      video: null,
      zoomRoom: null,
      instructor: null,
      documents: [],
    });
    expect(s.createdBy).toEqual(expect.any(String));

    const put = await call('PUT', `${sessionsOf(c.id)}/${s.id}`, staff, {
      type: 'real',
      start: '09:00',
      to: '12:00',
      close: '2026-12-04',
      checkin: 'Y',
      rating: 5,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<SessionStaff>()).toMatchObject({
      title: 'บทที่ 1',
      type: 'real',
      start: '09:00',
      to: '12:00',
      close: '2026-12-04',
      checkin: 'Y',
      rating: 5,
    });
    const read = await call('GET', `${sessionsOf(c.id)}/${s.id}`, staff);
    expect(read.json<SessionStaff>()).toMatchObject({ close: '2026-12-04', rating: 5 });

    const events = await learningEvents(env, SessionChanged, (d) => d.id === s.id, 2);
    expect(events[0]!.data).toMatchObject({ courseId: c.id, title: 'บทที่ 1', close: 'unlimit', rating: 1 });
    expect(events[1]!.data).toMatchObject({ type: 'real', close: '2026-12-04', rating: 5 });

    expect((await call('DELETE', `${sessionsOf(c.id)}/${s.id}`, staff)).statusCode).toBe(204);
    expect((await call('GET', `${sessionsOf(c.id)}/${s.id}`, staff)).statusCode).toBe(404);
    expect((await call('DELETE', `${sessionsOf(c.id)}/${s.id}`, staff)).statusCode).toBe(404);
    const [deleted] = await learningEvents(env, SessionDeleted, (d) => d.id === s.id);
    expect(deleted!.data.courseId).toBe(c.id);
  });

  it('a session is only reached under its own course; an unknown course answers 404', async () => {
    const a = await course();
    const b = await course();
    const s = await created<SessionStaff>(sessionsOf(a.id), { title: 'A1', date: '2026-12-01' });
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { title: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `${sessionsOf(b.id)}/${s.id}`, staff, body);
      expect(res.statusCode, method).toBe(404);
      expect(res.json<Problem>()).toMatchObject({
        code: 'learning.session_not_found',
        messages: { th: 'ไม่พบรอบเรียนนี้' },
      });
    }
    const ghost = uuidv7();
    expect((await call('GET', sessionsOf(ghost), staff)).json<Problem>()).toMatchObject({
      status: 404,
      code: 'learning.course_not_found',
    });
    expect(
      (await call('POST', sessionsOf(ghost), staff, { title: 'x', date: '2026-12-01' })).statusCode,
    ).toBe(404);
    expect((await call('GET', sessionsOf('not-a-uuid'), staff)).statusCode).toBe(400);
    expect((await call('GET', `${sessionsOf(a.id)}/${s.id}`, staff)).json<SessionStaff>().title).toBe('A1');
  });

  it('bad input answers 400 with the Thai message of each rule and changes nothing', async () => {
    const c = await course();
    const other = await course();
    const video = await created<VideoStaff>('/admin/videos', {
      courseId: other.id,
      name: 'อื่น',
      vimeoId: '1',
    });
    const ok = { title: 'ok', date: '2026-12-01' };
    for (const [body, field, code, th] of [
      [{ date: '2026-12-01' }, 'title', 'validation.required', 'กรุณากรอกข้อมูล'],
      [{ ...ok, title: '   ' }, 'title', 'validation.required', 'กรุณากรอกข้อมูล'],
      [{ title: 'x' }, 'date', 'validation.required', 'กรุณากรอกข้อมูล'],
      [{ ...ok, date: '01/12/2026' }, 'date', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [{ ...ok, type: 'webinar' }, 'type', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [{ ...ok, start: '9:00' }, 'start', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [{ ...ok, to: '24:00' }, 'to', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [{ ...ok, start: '10:00', to: '09:00' }, 'to', 'learning.session_time_order', 'เวลาเริ่มต้องก่อนเวลาสิ้นสุด'],
      [
        { ...ok, close: '2026-11-30' },
        'close',
        'learning.session_close_before_date',
        'วันปิดต้องไม่ก่อนวันที่ของรอบเรียน',
      ],
      [{ ...ok, close: 'never' }, 'close', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [{ ...ok, view: 'yes' }, 'view', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [{ ...ok, rating: 6 }, 'rating', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [{ ...ok, item: 0 }, 'item', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [
        { ...ok, videoId: video.id },
        'videoId',
        'learning.video_unknown',
        'ไม่พบวิดีโอนี้ในคอร์สนี้ กรุณาเลือกจากรายการ',
      ],
      [
        { ...ok, zoomRoomId: uuidv7() },
        'zoomRoomId',
        'learning.zoom_room_unknown',
        'ไม่พบห้อง Zoom นี้ กรุณาเลือกจากรายการ',
      ],
      [
        { ...ok, instructorId: uuidv7() },
        'instructorId',
        'learning.instructor_unknown',
        'ไม่พบวิทยากรนี้ กรุณาเลือกจากรายการ',
      ],
    ] as const) {
      const res = await call('POST', sessionsOf(c.id), staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json<Problem>().errors, JSON.stringify(body)).toContainEqual({ field, code, message: th });
    }
    // English on request
    const en = await app.inject({
      method: 'POST',
      url: sessionsOf(c.id),
      headers: { ...bearer(staff), 'accept-language': 'en' },
      payload: { ...ok, start: '10:00', to: '09:00' },
    });
    expect(en.json<Problem>().errors).toContainEqual({
      field: 'to',
      code: 'learning.session_time_order',
      message: 'The start time must be before the end time',
    });
    // an update is checked against the stored fields too
    const s = await created<SessionStaff>(sessionsOf(c.id), { ...ok, start: '09:00' });
    const late = await call('PUT', `${sessionsOf(c.id)}/${s.id}`, staff, { to: '08:00' });
    expect(late.json<Problem>().errors).toContainEqual(
      expect.objectContaining({ code: 'learning.session_time_order' }),
    );
    expect((await call('GET', sessionsOf(c.id), staff)).json<SessionsPage>().total).toBe(1);
  });

  it('links a video of its course, a Zoom room and a known instructor; removing the room sets it to none', async () => {
    const c = await course();
    const instructorId = uuidv7();
    await catalog.deliver(instructorChanged(instructorId, { name: 'อ.วิชัย', img: 'wichai.webp' }), 'learning');
    const video = await created<VideoStaff>('/admin/videos', {
      courseId: c.id,
      name: 'บทนำ',
      vimeoId: '76979871',
    });
    const room = await created<ZoomRoomStaff>('/admin/zoom-rooms', {
      title: 'ห้องเรียนสด',
      url: 'https://us02web.zoom.us/j/12345678901',
      meetingId: '123 4567 8901',
      passcode: 'abc123',
    });
    const s = await created<SessionStaff>(sessionsOf(c.id), {
      title: 'Zoom Q&A',
      date: '2026-12-02',
      type: 'meeting',
      videoId: video.id,
      zoomRoomId: room.id,
      instructorId,
    });
    expect(s).toMatchObject({
      video: { id: video.id, name: 'บทนำ' },
      zoomRoom: { id: room.id, title: 'ห้องเรียนสด' },
      instructor: { id: instructorId, name: 'อ.วิชัย', img: 'wichai.webp' },
    });
    expect(JSON.stringify(s)).not.toContain('abc123'); // the session view never carries the passcode

    const removed = await call('PUT', `${sessionsOf(c.id)}/${s.id}`, staff, { zoomRoomId: null });
    expect(removed.json<SessionStaff>()).toMatchObject({
      zoomRoomId: null,
      zoomRoom: null,
      videoId: video.id,
    });

    // catalog deletes the instructor: the session shows none, and an unrelated edit still passes
    await catalog.deliver(instructorDeleted(instructorId), 'learning');
    const after = await call('PUT', `${sessionsOf(c.id)}/${s.id}`, staff, { title: 'Zoom Q&A 2' });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json<SessionStaff>()).toMatchObject({ instructorId, instructor: null });
    // naming it again is refused
    const again = await call('POST', sessionsOf(c.id), staff, {
      title: 'x',
      date: '2026-12-02',
      instructorId,
    });
    expect(again.json<Problem>().errors?.[0]).toMatchObject({
      field: 'instructorId',
      code: 'learning.instructor_unknown',
    });
  });

  it('deleting a Zoom room or a video takes it off its sessions, each with a session event', async () => {
    const c = await course();
    const video = await created<VideoStaff>('/admin/videos', { courseId: c.id, name: 'v', vimeoId: '5' });
    const room = await created<ZoomRoomStaff>('/admin/zoom-rooms', {
      title: 'r',
      url: 'https://zoom.us/j/123456789',
    });
    const s = await created<SessionStaff>(sessionsOf(c.id), {
      title: 's',
      date: '2026-12-03',
      videoId: video.id,
      zoomRoomId: room.id,
    });
    expect((await call('DELETE', `/admin/zoom-rooms/${room.id}`, staff)).statusCode).toBe(204);
    expect((await call('DELETE', `/admin/videos/${video.id}`, staff)).statusCode).toBe(204);
    expect((await call('GET', `${sessionsOf(c.id)}/${s.id}`, staff)).json<SessionStaff>()).toMatchObject({
      videoId: null,
      zoomRoomId: null,
    });
    const events = await learningEvents(env, SessionChanged, (d) => d.id === s.id, 3);
    expect(events.at(-1)!.data).toMatchObject({ videoId: null, zoomRoomId: null });
  });

  it('lists a course’s sessions by date, then item; filters by text, type and dates', async () => {
    const c = await course();
    const add = (body: object) => created<SessionStaff>(sessionsOf(c.id), body);
    const d2b = await add({ title: 'Day 2 second', date: '2026-12-02', item: 2 });
    const d1 = await add({ title: 'Day 1', date: '2026-12-01', item: 9, type: 'live' });
    const d2a = await add({ title: 'Day 2 first', date: '2026-12-02', item: 1, type: 'meeting' });
    const page = async (qs = '') =>
      (await call('GET', `${sessionsOf(c.id)}?${qs}`, staff)).json<SessionsPage>();
    expect((await page()).items.map((s) => s.id)).toEqual([d1.id, d2a.id, d2b.id]);
    expect((await page('q=second')).items.map((s) => s.id)).toEqual([d2b.id]);
    expect((await page('type=live')).items.map((s) => s.id)).toEqual([d1.id]);
    expect((await page('from=2026-12-02')).items.map((s) => s.id)).toEqual([d2a.id, d2b.id]);
    expect((await page('to=2026-12-01')).items.map((s) => s.id)).toEqual([d1.id]);
    expect(await page('pageSize=1&page=2')).toMatchObject({ total: 3, items: [{ id: d2a.id }] });
  });

  it('reorders a course’s sessions in one go; a session of another course changes nothing', async () => {
    const c = await course();
    const add = (title: string) => created<SessionStaff>(sessionsOf(c.id), { title, date: '2026-12-05' });
    const [a, b, d] = [await add('a'), await add('b'), await add('c')];
    const res = await call('POST', `${sessionsOf(c.id)}/reorder`, staff, { ids: [d.id, a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SessionsPage>().items.map((s) => [s.title, s.item])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
    ]);
    const [moved] = await learningEvents(env, SessionChanged, (x) => x.id === d.id && x.item === 1);
    expect(moved!.data.title).toBe('c');

    const other = await course();
    const stranger = await created<SessionStaff>(sessionsOf(other.id), { title: 'x', date: '2026-12-05' });
    const refused = await call('POST', `${sessionsOf(c.id)}/reorder`, staff, { ids: [b.id, stranger.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Problem>().errors).toContainEqual({
      field: 'ids',
      code: 'learning.session_reorder_unknown',
      message: 'มีรอบเรียนที่ไม่อยู่ในคอร์สนี้',
    });
    expect(
      (await call('GET', sessionsOf(c.id), staff)).json<SessionsPage>().items.map((s) => s.title),
    ).toEqual(['c', 'a', 'b']);
    expect((await call('POST', `${sessionsOf(c.id)}/reorder`, staff, { ids: [a.id, a.id] })).statusCode).toBe(
      400,
    );
  });

  it('a course with sessions is not deleted (409) until they are', async () => {
    const c = await course();
    const s = await created<SessionStaff>(sessionsOf(c.id), { title: 'x', date: '2026-12-01' });
    const refused = await call('DELETE', `/admin/courses/${c.id}`, staff);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Problem>()).toMatchObject({ code: 'learning.course_has_content' });
    expect((await call('DELETE', `${sessionsOf(c.id)}/${s.id}`, staff)).statusCode).toBe(204);
    expect((await call('DELETE', `/admin/courses/${c.id}`, staff)).statusCode).toBe(204);
  });

  it('only staff: anonymous 401, a member 403', async () => {
    const c = await course();
    const s = await created<SessionStaff>(sessionsOf(c.id), { title: 'x', date: '2026-12-01' });
    const member = await issuer.member(uuidv7(), { status: 'Premium' });
    for (const [method, url, body] of [
      ['GET', sessionsOf(c.id), undefined],
      ['GET', `${sessionsOf(c.id)}/${s.id}`, undefined],
      ['POST', sessionsOf(c.id), { title: 'x', date: '2026-12-01' }],
      ['PUT', `${sessionsOf(c.id)}/${s.id}`, { title: 'y' }],
      ['DELETE', `${sessionsOf(c.id)}/${s.id}`, undefined],
      ['POST', `${sessionsOf(c.id)}/reorder`, { ids: [s.id] }],
    ] as const) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, member, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', `${sessionsOf(c.id)}/${s.id}`, staff)).json<SessionStaff>().title).toBe('x');
  });
});

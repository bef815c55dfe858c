import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { Problem } from '@rian/proto-contracts/errors';
import {
  ZoomRoomChanged,
  ZoomRoomDeleted,
  type ZoomRoomsPage,
  type ZoomRoomStaff,
} from '@rian/proto-contracts/learning-content';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, startLearning } from '../helpers.js';
import { learningEvents } from '../content-events.js';

/** /admin/zoom-rooms (spec 02 §3 "Zoom"; the SPA's /admin/zoom): the passcode is encrypted at rest. */
describe('admin Zoom rooms', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let staff: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    staff = await issuer.staff('staff');
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const create = async (body: object) => {
    const res = await call('POST', '/admin/zoom-rooms', staff, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ZoomRoomStaff>();
  };
  const stored = async (id: string) =>
    (
      (await app.kit.orm.em
        .fork()
        .execute(`select meeting_id, passcode_sealed from zoom_rooms where zoom_room_id = ?`, [id])) as {
        meeting_id: string | null;
        passcode_sealed: string | null;
      }[]
    )[0]!;

  it('staff add a room, read its passcode, change and delete it; the database holds the passcode sealed', async () => {
    const z = await create({
      title: ' ห้องเรียนสด ',
      url: 'https://us02web.zoom.us/j/12345678901?pwd=x',
      meetingId: '123 4567 8901',
      passcode: 'Rian-2026',
    });
    expect(z).toMatchObject({
      title: 'ห้องเรียนสด',
      url: 'https://us02web.zoom.us/j/12345678901?pwd=x',
      meetingId: '12345678901',
      passcode: 'Rian-2026',
      hasPasscode: true,
    });
    const raw = await stored(z.id);
    expect(raw.meeting_id).toBe('12345678901');
    expect(raw.passcode_sealed).toMatch(/^v1\./);
    expect(raw.passcode_sealed).not.toContain('Rian-2026');
    expect(Buffer.from(raw.passcode_sealed!.slice(3), 'base64url').toString('latin1')).not.toContain(
      'Rian-2026',
    );

    expect((await call('GET', `/admin/zoom-rooms/${z.id}`, staff)).json<ZoomRoomStaff>().passcode).toBe(
      'Rian-2026',
    );
    // a change of another field keeps the passcode; a new one replaces it; null removes it
    const renamed = await call('PUT', `/admin/zoom-rooms/${z.id}`, staff, { title: 'ห้อง B' });
    expect(renamed.json<ZoomRoomStaff>()).toMatchObject({ title: 'ห้อง B', passcode: 'Rian-2026' });
    const newCode = await call('PUT', `/admin/zoom-rooms/${z.id}`, staff, { passcode: '998877' });
    expect(newCode.json<ZoomRoomStaff>().passcode).toBe('998877');
    expect((await stored(z.id)).passcode_sealed).not.toContain('998877');
    const cleared = await call('PUT', `/admin/zoom-rooms/${z.id}`, staff, { passcode: null });
    expect(cleared.json<ZoomRoomStaff>()).toMatchObject({ passcode: null, hasPasscode: false });
    expect((await stored(z.id)).passcode_sealed).toBeNull();

    // events say whether there is a passcode, never what it is
    const events = await learningEvents(env, ZoomRoomChanged, (d) => d.id === z.id, 4);
    expect(events.map((e) => e.data.hasPasscode)).toEqual([true, true, true, false]);
    for (const e of events) expect(JSON.stringify(e)).not.toMatch(/Rian-2026|998877|passcode"/);

    expect((await call('DELETE', `/admin/zoom-rooms/${z.id}`, staff)).statusCode).toBe(204);
    expect((await call('GET', `/admin/zoom-rooms/${z.id}`, staff)).json<Problem>()).toMatchObject({
      status: 404,
      code: 'learning.zoom_room_not_found',
      messages: { th: 'ไม่พบห้อง Zoom นี้' },
    });
    await learningEvents(env, ZoomRoomDeleted, (d) => d.id === z.id);
  });

  it('a passcode sealed under another key does not open (the key is what protects it)', async () => {
    const z = await create({ title: 'x', url: 'https://zoom.us/j/123456789', passcode: 'secret' });
    const other = await startLearning(env, issuer, { LEARNING_SECRET_KEY: 'ab'.repeat(32) });
    try {
      const res = await other.inject({
        method: 'GET',
        url: `/admin/zoom-rooms/${z.id}`,
        headers: bearer(staff),
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('secret');
    } finally {
      await other.close();
    }
  });

  it('bad input answers 400 with the Thai message of each rule', async () => {
    const ok = { title: 'x', url: 'https://zoom.us/j/123456789' };
    for (const [body, field, code, th] of [
      [{ url: ok.url }, 'title', 'validation.required', 'กรุณากรอกข้อมูล'],
      [{ ...ok, title: '  ' }, 'title', 'validation.required', 'กรุณากรอกข้อมูล'],
      [{ title: 'x' }, 'url', 'validation.required', 'กรุณากรอกข้อมูล'],
      [{ ...ok, url: 'http://zoom.us/j/1' }, 'url', 'validation.https_url', 'ลิงก์ต้องขึ้นต้นด้วย https://'],
      [{ ...ok, url: 'javascript:alert(1)' }, 'url', 'validation.https_url', 'ลิงก์ต้องขึ้นต้นด้วย https://'],
      [{ ...ok, meetingId: 'abc' }, 'meetingId', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [{ ...ok, meetingId: '1234 5678' }, 'meetingId', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [{ ...ok, passcode: 'x'.repeat(41) }, 'passcode', 'validation.too_long', 'ข้อมูลยาวเกินไป'],
    ] as const) {
      const res = await call('POST', '/admin/zoom-rooms', staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<Problem>().errors, JSON.stringify(body)).toContainEqual({ field, code, message: th });
    }
  });

  it('the list searches title and meeting id', async () => {
    const tag = uuidv7().slice(-6);
    const a = await create({
      title: `Alpha ${tag}`,
      url: 'https://zoom.us/j/111111111',
      meetingId: '111111111',
    });
    const b = await create({ title: `Beta ${tag}`, url: 'https://zoom.us/j/222222222' });
    const page = async (qs: string) =>
      (await call('GET', `/admin/zoom-rooms?${qs}`, staff)).json<ZoomRoomsPage>();
    expect((await page(`q=${tag}&sort=title`)).items.map((z) => z.id)).toEqual([a.id, b.id]);
    expect((await page(`q=${tag}`)).items.map((z) => z.id)).toEqual([b.id, a.id]);
    expect((await page('q=111111111')).items.map((z) => z.id)).toContain(a.id);
  });

  it('only staff: anonymous 401, a member 403', async () => {
    const z = await create({ title: 'x', url: 'https://zoom.us/j/123456789', passcode: 'p' });
    const member = await issuer.member(uuidv7(), { status: 'Premium' });
    for (const [method, url, body] of [
      ['GET', '/admin/zoom-rooms', undefined],
      ['GET', `/admin/zoom-rooms/${z.id}`, undefined],
      ['POST', '/admin/zoom-rooms', { title: 'x', url: 'https://zoom.us/j/1' }],
      ['PUT', `/admin/zoom-rooms/${z.id}`, { title: 'y' }],
      ['DELETE', `/admin/zoom-rooms/${z.id}`, undefined],
    ] as const) {
      const anonymous = await call(method, url, undefined, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const m = await call(method, url, member, body);
      expect(m.statusCode, `${method} ${url}`).toBe(403);
      expect(m.body).not.toContain('"passcode"');
    }
  });
});

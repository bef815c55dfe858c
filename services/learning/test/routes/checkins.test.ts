import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { Problem } from '@rian/proto-contracts/errors';
import {
  CHECKIN_TRIES_PER_WINDOW,
  type CheckinKiosk,
  type CheckinManualResult,
  type CheckinMemberPage,
  type CheckinPage,
  type CheckinResult,
  type CheckinSessionList,
} from '@rian/proto-contracts/learning-checkin';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { addDays, bangkokDay } from '../../src/domain/access.js';
import { ContentFixtures } from '../content-fixtures.js';
import { bearer, startLearning } from '../helpers.js';

/**
 * Issue 16, on-site check-in through learning's routes: the staff kiosk, the member's check-in by
 * QR and typed code (rotation, one row under concurrency, the window, enrolment, guessing), check-in
 * by hand, the lists, CSV, and a member reading only their own.
 */
describe('on-site check-in', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let fx: ContentFixtures;
  let staff: string;
  const staffId = `staff-${uuidv7()}`;
  const SITE = 'https://rian.example';
  let courseA: string;
  let courseB: string;
  /** real, check-in on, today (course A) */
  let seminar: string;
  /** a second one today (course A): codes must not cross */
  let other: string;
  /** real, check-in on, tomorrow */
  let tomorrow: string;
  /** real, check-in N */
  let noCheckin: string;
  const enrolled = `e-${uuidv7()}`;
  const stranger = `s-${uuidv7()}`;
  const memberB = `b-${uuidv7()}`;
  const tok: Record<string, string> = {};

  const realSession = async (courseId: string, date: string, checkin: 'Y' | 'N' = 'Y', title?: string) => {
    const id = await fx.session({ courseId, date, type: 'real', start: '09:00', to: '16:00', title });
    await app.kit.orm.em
      .fork()
      .execute(`update course_sessions set checkin = ? where session_id = ?`, [checkin, id]);
    return id;
  };
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const kiosk = async (sessionId: string) =>
    (await call('GET', `/admin/checkins/kiosk/${sessionId}`, staff)).json<CheckinKiosk>();

  beforeAll(async () => {
    env = await createTestEnv();
    const issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer, { SITE_URL: SITE });
    fx = new ContentFixtures(app);
    staff = await issuer.sign({ sub: staffId, kind: 'staff', role: 'staff', name: 'โค้ชบอย' });
    courseA = (await app.courses.create({ title: 'Forex on site' }, null)).id;
    courseB = (await app.courses.create({ title: 'Other course' }, null)).id;
    const today = bangkokDay(new Date());
    seminar = await realSession(courseA, today, 'Y', 'สัมมนาที่ห้องเรียน (Seminar)');
    other = await realSession(courseA, today);
    tomorrow = await realSession(courseA, addDays(today, 1));
    noCheckin = await realSession(courseA, today, 'N');
    await app.enrolmentAdmin.grant({ userId: enrolled, courseId: courseA, start: '2026-01-01' }, staffId);
    await app.enrolmentAdmin.grant({ userId: memberB, courseId: courseB, start: '2026-01-01' }, staffId);
    tok.enrolled = await issuer.member(enrolled);
    tok.stranger = await issuer.member(stranger);
    tok.memberB = await issuer.member(memberB);
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  it('the kiosk: the code now, the link the QR holds (SITE_URL/checkIn), when it changes; staff only', async () => {
    const before = Date.now();
    const k = await kiosk(seminar);
    expect(k).toMatchObject({
      sessionId: seminar,
      courseId: courseA,
      open: true,
      periodSeconds: 30,
      checkedIn: 0,
    });
    expect(k.url).toBe(`${SITE}/checkIn?s=${seminar}&c=${k.code}`);
    expect(k.typedCode).toMatch(/^\d{6}$/);
    const changes = Date.parse(k.changesAt);
    expect(changes).toBeGreaterThan(before - 1);
    expect(changes - before).toBeLessThanOrEqual(30_000);
    // the secret is made once and kept: a second read in the same step shows the same code
    const again = await kiosk(seminar);
    if (again.step === k.step) expect(again.code).toBe(k.code);
    // stored sealed, never the raw secret
    const [row] = (await app.kit.orm.em
      .fork()
      .execute(`select secret_sealed from session_checkin_secrets where session_id = ?`, [seminar])) as {
      secret_sealed: string;
    }[];
    expect(row!.secret_sealed).toMatch(/^v1\./);
    expect((await call('GET', `/admin/checkins/kiosk/${seminar}`, tok.enrolled)).statusCode).toBe(403);
    expect((await call('GET', `/admin/checkins/kiosk/${seminar}`)).statusCode).toBe(401);
    const off = await call('GET', `/admin/checkins/kiosk/${noCheckin}`, staff);
    expect([off.statusCode, off.json<Problem>().code]).toEqual([404, 'learning.checkin_session_not_found']);
    // the kiosk's session list: real sessions with check-in on
    const list = (
      await call('GET', `/admin/checkins/sessions?courseId=${courseA}`, staff)
    ).json<CheckinSessionList>();
    expect(list.items.map((s) => s.id).sort()).toEqual([seminar, other, tomorrow].sort());
  });

  it('rotation, with a pinned clock: the code now and one step back check in; two steps back and another session’s code do not', async () => {
    const t = new Date();
    const member = `rot-${uuidv7()}`;
    await app.enrolmentAdmin.grant({ userId: member, courseId: courseA, start: '2026-01-01' }, staffId);
    const codeAt = async (sessionId: string, secondsBack: number) =>
      (await app.checkins.kiosk(sessionId, new Date(t.getTime() - secondsBack * 1000))).code;
    const tryAt = async (sessionId: string, code: string) => {
      try {
        return (await app.checkins.checkIn(member, { sessionId, code }, t)).answer.result;
      } catch (err) {
        return (err as { code: string }).code;
      }
    };
    expect(await tryAt(seminar, await codeAt(seminar, 60))).toBe('learning.checkin_code_invalid');
    expect(await tryAt(seminar, await codeAt(other, 0))).toBe('learning.checkin_code_invalid');
    expect(await tryAt(seminar, (await app.checkins.kiosk(other, t)).typedCode)).toBe(
      'learning.checkin_code_invalid',
    );
    expect(await tryAt(seminar, await codeAt(seminar, 30))).toBe('checked_in');
    expect(await tryAt(other, await codeAt(other, 0))).toBe('checked_in');
  });

  it('a member scans the QR: 201 with the server’s message; a second scan is “already” with the first time', async () => {
    const k = await kiosk(seminar);
    const first = await call('POST', '/member/checkins', tok.enrolled, { sessionId: seminar, code: k.code });
    expect(first.statusCode).toBe(201);
    const r = first.json<CheckinResult>();
    expect(r).toMatchObject({
      result: 'checked_in',
      checkin: { sessionId: seminar, courseId: courseA, method: 'qr' },
    });
    expect(r.message).toMatch(/^เช็คอินสำเร็จ: สัมมนาที่ห้องเรียน \(Seminar\) เวลา \d\d:\d\d น\.$/);
    expect(r.messages.en).toMatch(/^Checked in: /);
    const again = await call('POST', '/member/checkins', tok.enrolled, { sessionId: seminar, code: k.code });
    expect(again.statusCode).toBe(200);
    expect(again.json<CheckinResult>()).toMatchObject({
      result: 'already',
      checkin: { id: r.checkin.id, checkedInAt: r.checkin.checkedInAt },
    });
    expect(again.json<CheckinResult>().message).toMatch(/^คุณเช็คอินรอบนี้ไปแล้ว/);
    expect((await kiosk(seminar)).checkedIn).toBeGreaterThanOrEqual(1);
  });

  it('20 concurrent scans by one member make exactly one check-in', async () => {
    const member = `burst-${uuidv7()}`;
    await app.enrolmentAdmin.grant({ userId: member, courseId: courseA, start: '2026-01-01' }, staffId);
    const now = new Date();
    const { code } = await app.checkins.kiosk(seminar, now);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => app.checkins.checkIn(member, { sessionId: seminar, code }, now)),
    );
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.answer.checkin.id)).size).toBe(1);
    const [row] = (await app.kit.orm.em
      .fork()
      .execute(`select count(*)::int as n from session_checkins where session_id = ? and user_id = ?`, [
        seminar,
        member,
      ])) as { n: number }[];
    expect(row!.n).toBe(1);
  });

  it('20 concurrent scans through the route: one 201, nineteen 200 already', async () => {
    const k = await kiosk(other);
    const token = tok.enrolled; // not checked in to `other` yet
    const statuses = (
      await Promise.all(
        Array.from({ length: 20 }, () =>
          call('POST', '/member/checkins', token, { sessionId: other, code: k.code }),
        ),
      )
    ).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
  });

  it('a screenshot of an old code, another session’s code, a made-up code: 400 with the Thai message, nothing recorded', async () => {
    const old = (await app.checkins.kiosk(seminar, new Date(Date.now() - 90_000))).code;
    const res = await call('POST', '/member/checkins', tok.memberB, { sessionId: seminar, code: old });
    expect(res.statusCode).toBe(400);
    const p = res.json<Problem>();
    expect(p.code).toBe('learning.checkin_code_invalid');
    expect(p.messages?.th).toContain('รหัสเช็คอินไม่ถูกต้อง');
    const fromA = (await kiosk(seminar)).code;
    const atOther = await call('POST', '/member/checkins', tok.enrolled, {
      sessionId: tomorrow,
      code: fromA,
    });
    expect(atOther.json<Problem>().code).toBe('learning.checkin_code_invalid');
    // an unknown session or one without check-in answers the same (no oracle for ids)
    for (const sessionId of [uuidv7(), noCheckin]) {
      const r = await call('POST', '/member/checkins', tok.enrolled, { sessionId, code: fromA });
      expect([r.statusCode, r.json<Problem>().code]).toEqual([400, 'learning.checkin_code_invalid']);
    }
    const bad = await call('POST', '/member/checkins', tok.enrolled, { sessionId: seminar, code: 'a b<' });
    expect(bad.statusCode).toBe(400);
    const rows = (await app.kit.orm.em
      .fork()
      .execute(`select count(*)::int as n from session_checkins where session_id = ? and user_id = ?`, [
        tomorrow,
        enrolled,
      ])) as { n: number }[];
    expect(rows[0]!.n).toBe(0);
  });

  it('not enrolled (no enrolment, another course’s member): 403 with a clear Thai message', async () => {
    const k = await kiosk(seminar);
    for (const token of [tok.stranger, tok.memberB]) {
      const res = await call('POST', '/member/checkins', token, { sessionId: seminar, code: k.code });
      expect(res.statusCode).toBe(403);
      const p = res.json<Problem>();
      expect(p.code).toBe('learning.checkin_not_enrolled');
      expect(p.messages?.th).toBe('คุณยังไม่ได้ลงทะเบียนคอร์สของรอบเรียนนี้ จึงไม่สามารถเช็คอินได้ กรุณาติดต่อเจ้าหน้าที่');
    }
  });

  it('outside the session’s Bangkok day: 409 checkin_closed (tomorrow’s session today; today’s session tomorrow)', async () => {
    const k = await kiosk(tomorrow);
    expect(k.open).toBe(false);
    const res = await call('POST', '/member/checkins', tok.enrolled, { sessionId: tomorrow, code: k.code });
    expect([res.statusCode, res.json<Problem>().code]).toEqual([409, 'learning.checkin_closed']);
    // today's session, with the clock pinned to tomorrow
    const later = new Date(Date.now() + 86_400_000);
    const code = (await app.checkins.kiosk(seminar, later)).code;
    await expect(
      app.checkins.checkIn(`late-${uuidv7()}`, { sessionId: seminar, code }, later),
    ).rejects.toMatchObject({
      code: 'learning.checkin_not_enrolled',
    });
    await expect(
      app.checkins.checkIn(
        enrolled,
        { sessionId: other, code: (await app.checkins.kiosk(other, later)).code },
        later,
      ),
    ).rejects.toMatchObject({
      code: 'learning.checkin_closed',
    });
  });

  it('the typed code checks in; wrong typed codes are limited per member (then even the right one waits)', async () => {
    const member = `typed-${uuidv7()}`;
    await app.enrolmentAdmin.grant({ userId: member, courseId: courseA, start: '2026-01-01' }, staffId);
    const now = new Date();
    const { typedCode } = await app.checkins.kiosk(seminar, now);
    const wrong = typedCode === '000000' ? '000001' : '000000';
    for (let i = 0; i < CHECKIN_TRIES_PER_WINDOW; i++)
      await expect(
        app.checkins.checkIn(member, { sessionId: seminar, code: wrong }, now),
      ).rejects.toMatchObject({
        code: 'learning.checkin_code_invalid',
      });
    await expect(
      app.checkins.checkIn(member, { sessionId: seminar, code: typedCode }, now),
    ).rejects.toMatchObject({
      code: 'learning.checkin_too_many_tries',
    });
    // the QR still works for them (it cannot be guessed)
    const { code } = await app.checkins.kiosk(seminar, now);
    expect((await app.checkins.checkIn(member, { sessionId: seminar, code }, now)).answer.result).toBe(
      'checked_in',
    );
    // another member types the code in the hall without naming the session: today's sessions of
    // their courses are tried, and the seminar's code finds the seminar
    const fresh = `typed2-${uuidv7()}`;
    await app.enrolmentAdmin.grant({ userId: fresh, courseId: courseA, start: '2026-01-01' }, staffId);
    const ok = await app.checkins.checkIn(fresh, { code: typedCode }, now);
    expect(ok.answer).toMatchObject({
      result: 'checked_in',
      checkin: { method: 'typed', sessionId: seminar },
    });
    // a member of another course cannot use it that way
    await expect(app.checkins.checkIn(memberB, { code: typedCode }, now)).rejects.toMatchObject({
      code: 'learning.checkin_code_invalid',
    });
  });

  it('429 through the route carries Retry-After', async () => {
    // memberB is not enrolled in A, but wrong codes are counted before enrolment is looked at
    for (let i = 0; i < CHECKIN_TRIES_PER_WINDOW; i++)
      await call('POST', '/member/checkins', tok.memberB, { sessionId: seminar, code: '999999' });
    const res = await call('POST', '/member/checkins', tok.memberB, { sessionId: seminar, code: '999998' });
    expect(res.statusCode).toBe(429);
    expect(res.json<Problem>().code).toBe('learning.checkin_too_many_tries');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('staff check a member in by hand (who did it kept); twice is “already”; a member not enrolled is refused', async () => {
    const member = `hand-${uuidv7()}`;
    await app.enrolmentAdmin.grant({ userId: member, courseId: courseA, start: '2026-01-01' }, staffId);
    const res = await call('POST', '/admin/checkins', staff, { sessionId: tomorrow, userId: member });
    expect(res.statusCode).toBe(201);
    expect(res.json<CheckinManualResult>()).toMatchObject({
      result: 'checked_in',
      checkin: { userId: member, method: 'staff', checkedInBy: staffId, sessionId: tomorrow },
    });
    const twice = await call('POST', '/admin/checkins', staff, { sessionId: tomorrow, userId: member });
    expect([twice.statusCode, twice.json<CheckinManualResult>().result]).toEqual([200, 'already']);
    const refused = await call('POST', '/admin/checkins', staff, { sessionId: tomorrow, userId: stranger });
    expect([refused.statusCode, refused.json<Problem>().code]).toEqual([
      403,
      'learning.checkin_not_enrolled',
    ]);
    const noSession = await call('POST', '/admin/checkins', staff, { sessionId: noCheckin, userId: member });
    expect(noSession.statusCode).toBe(404);
    expect(
      (await call('POST', '/admin/checkins', tok.enrolled, { sessionId: tomorrow, userId: enrolled }))
        .statusCode,
    ).toBe(403);
  });

  it('lists by session, course and member; CSV with BOM and Thai; a member reads only their own', async () => {
    const bySession = (await call('GET', `/admin/checkins?sessionId=${seminar}`, staff)).json<CheckinPage>();
    expect(bySession.total).toBeGreaterThanOrEqual(3);
    expect(bySession.items.every((c) => c.sessionId === seminar)).toBe(true);
    const byCourse = (
      await call('GET', `/admin/checkins?courseId=${courseA}&pageSize=100`, staff)
    ).json<CheckinPage>();
    expect(new Set(byCourse.items.map((c) => c.sessionId))).toEqual(new Set([seminar, other, tomorrow]));
    const byMember = (await call('GET', `/admin/checkins?userId=${enrolled}`, staff)).json<CheckinPage>();
    expect(byMember.items.map((c) => c.sessionId).sort()).toEqual([seminar, other].sort());
    expect((await call('GET', `/admin/checkins?courseId=${courseB}`, staff)).json<CheckinPage>().total).toBe(
      0,
    );
    // q: the member's shown name (contains) or user id (exactly); % and _ are plain characters
    await app.kit.orm.em
      .fork()
      .execute(`insert into member_names (user_id, name, changed_at) values (?, 'สมชาย ใ.', now())`, [
        enrolled,
      ]);
    const byName = (
      await call('GET', `/admin/checkins?q=${encodeURIComponent('สมชาย')}`, staff)
    ).json<CheckinPage>();
    expect(new Set(byName.items.map((c) => c.userId))).toEqual(new Set([enrolled]));
    expect(byName.items[0]!.memberName).toBe('สมชาย ใ.');
    const byId = (await call('GET', `/admin/checkins?q=${enrolled}`, staff)).json<CheckinPage>();
    expect(byId.total).toBe(byMember.total);
    expect((await call('GET', `/admin/checkins?q=%25`, staff)).json<CheckinPage>().total).toBe(0);

    const csv = await call('GET', `/admin/checkins.csv?sessionId=${seminar}`, staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="checkins-${seminar}.csv"`);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'sessionDate,session,courseId,sessionId,userId,memberName,checkedInAt,method,checkedInBy',
    );
    expect(lines).toHaveLength(bySession.total + 1);
    expect(lines.find((l) => l.includes(enrolled))).toContain('สัมมนาที่ห้องเรียน (Seminar)');
    expect((await call('GET', `/admin/checkins.csv?sessionId=${seminar}`, tok.enrolled)).statusCode).toBe(
      403,
    );

    const mine = (await call('GET', '/member/checkins', tok.enrolled)).json<CheckinMemberPage>();
    expect(mine.items.map((c) => c.sessionId).sort()).toEqual([seminar, other].sort());
    expect(mine.items[0]).not.toHaveProperty('userId');
    expect((await call('GET', '/member/checkins', tok.stranger)).json<CheckinMemberPage>().total).toBe(0);
    expect((await call('GET', '/member/checkins')).statusCode).toBe(401);
    expect((await call('GET', '/member/checkins', staff)).statusCode).toBe(403);
  });

  it('staff remove a check-in made by mistake; the member may check in again', async () => {
    const [c] = (await call('GET', `/admin/checkins?sessionId=${tomorrow}`, staff)).json<CheckinPage>().items;
    expect((await call('DELETE', `/admin/checkins/${c!.id}`, staff)).statusCode).toBe(204);
    const gone = await call('DELETE', `/admin/checkins/${c!.id}`, staff);
    expect([gone.statusCode, gone.json<Problem>().code]).toEqual([404, 'learning.checkin_not_found']);
    expect((await call('DELETE', `/admin/checkins/${c!.id}`, tok.enrolled)).statusCode).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { mediaSignatureValid } from '@rian/kit/signed-url';
import type { Problem } from '@rian/proto-contracts/errors';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import type { CalendarList, SessionView } from '@rian/proto-contracts/learning-member';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { addDays, bangkokDay } from '../../src/domain/access.js';
import { DEV_MEDIA_URL_SECRET } from '@rian/kit/signed-url';
import { ContentFixtures } from '../content-fixtures.js';
import { bearer, startLearning } from '../helpers.js';

/**
 * The member area's session reads (issue 12): every one goes through the access rule. A session
 * dated D = 2026-05-10; "now" is passed to the service for the window cases, and the real today
 * is used where the routes are called.
 */
const D = '2026-05-10';
const at = (bangkok: string) => new Date(`${bangkok}+07:00`);

/** Media's check of a signed URL, as media's /signed route does it. */
function verifySigned(url: string, now: Date) {
  const m = /^\/api\/media\/signed\/(\d+)\/([^/]+)\/([a-z-]+\/[0-9a-f-]+)\/(.+)$/.exec(url);
  if (!m) return { valid: false, file: '' };
  return {
    valid: mediaSignatureValid(
      { exp: Number(m[1]), sig: m[2]!, scope: m[3]! },
      { secret: DEV_MEDIA_URL_SECRET, now },
    ),
    scope: m[3],
    file: m[4],
  };
}

describe('member sessions', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let fx: ContentFixtures;
  let courseA: CourseStaff;
  let courseB: CourseStaff;
  const member = `m-${uuidv7()}`;
  const special = `s-${uuidv7()}`;
  const other = `o-${uuidv7()}`;
  const staffId = `staff-${uuidv7()}`;
  const ids = {} as Record<
    'video' | 'meeting' | 'hidden' | 'special' | 'live' | 'draftVideo' | 'other' | 'today',
    string
  >;
  let upload: { id: string; assetId: string };
  let doc: { id: string; fileId: string };
  let instructorId: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    fx = new ContentFixtures(app);
    courseA = await app.courses.create({ title: 'คอร์ส A' }, null);
    courseB = await app.courses.create({ title: 'คอร์ส B' }, null);
    const start = '2026-01-01';
    await app.enrolmentAdmin.grant({ userId: member, courseId: courseA.id, start }, staffId);
    await app.enrolmentAdmin.grant({ userId: special, courseId: courseA.id, start, special: 'Y' }, staffId);
    await app.enrolmentAdmin.grant({ userId: other, courseId: courseB.id, start }, staffId);

    instructorId = await fx.instructor('อ.สมชาย');
    upload = await fx.uploadVideo(courseA.id);
    const room = await fx.zoomRoom('pass-4321');
    ids.video = await fx.session({
      courseId: courseA.id,
      date: D,
      videoId: upload.id,
      instructorId,
      title: 'บทที่ 1',
    });
    doc = await fx.document({ sessionId: ids.video });
    ids.meeting = await fx.session({
      courseId: courseA.id,
      date: D,
      type: 'meeting',
      start: '19:00',
      to: '21:00',
      zoomRoomId: room,
      title: 'Zoom ถามตอบ',
    });
    ids.hidden = await fx.session({ courseId: courseA.id, date: D, view: 'N' });
    ids.special = await fx.session({ courseId: courseA.id, date: D, special: 'Y', title: 'พิเศษ' });
    ids.live = await fx.session({
      courseId: courseA.id,
      date: addDays(D, 20),
      type: 'live',
      start: '20:00',
      to: '21:00',
    });
    ids.draftVideo = await fx.session({
      courseId: courseA.id,
      date: D,
      videoId: await fx.vimeoVideo(courseA.id, 'create'),
    });
    ids.other = await fx.session({ courseId: courseB.id, date: D, videoId: await fx.vimeoVideo(courseB.id) });
    ids.today = await fx.session({
      courseId: courseA.id,
      date: bangkokDay(new Date()),
      type: 'real',
      title: 'วันนี้',
    });
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const s = () => app.memberSessions;

  it('the calendar: the course schedule the enrolment covers, in spec 02 §3 items', async () => {
    const { items } = await s().calendar(
      member,
      { from: '2026-05-01', to: '2026-06-30' },
      at('2026-05-10T12:00:00'),
    );
    // by date, then start time (none first), then item
    expect(items.map((i) => i.id)).toEqual([ids.video, ids.draftVideo, ids.meeting, ids.live]);
    expect(items.find((i) => i.id === ids.meeting)).toEqual({
      id: ids.meeting,
      type: 'meeting',
      colour: '#6d28d9',
      colorBox: '#ede9fe',
      courseId: courseA.id,
      details: null,
      icon: 'users',
      src: `/member/sessions/${ids.meeting}`,
      start: '2026-05-10T19:00:00+07:00',
      end: '2026-05-10T21:00:00+07:00',
      startTime: '19:00',
      endTime: '21:00',
      time: '19:00 - 21:00',
      title: 'Zoom ถามตอบ',
    });
    // the future live session is on the schedule though it does not open yet
    expect(items.find((i) => i.id === ids.live)?.start).toBe('2026-05-30T20:00:00+07:00');
    // a special enrolment sees the special session too; a member of another course sees only theirs
    const sp = await s().calendar(special, { from: '2026-05-01', to: '2026-06-30' });
    expect(sp.items.map((i) => i.id)).toContain(ids.special);
    const ot = await s().calendar(other, { from: '2026-05-01', to: '2026-06-30' });
    expect(ot.items.map((i) => i.id)).toEqual([ids.other]);
  });

  it('a session in its window hands out the signed video, the signed documents, the instructor', async () => {
    const now = at('2026-05-10T10:00:00');
    const v = await s().byId(member, ids.video, now);
    expect(v.session).toMatchObject({
      id: ids.video,
      title: 'บทที่ 1',
      instructor: { id: instructorId, name: 'อ.สมชาย' },
    });
    expect(v.openUntil).toBeNull(); // a recorded lesson with close unlimit never closes
    expect(v.video).toMatchObject({ id: upload.id, source: 'upload', assetId: upload.assetId });
    const play = verifySigned(v.video!.playbackUrl!, now);
    expect(play).toMatchObject({ valid: true, scope: `hls/${upload.assetId}`, file: 'master.m3u8' });
    expect(Date.parse(v.video!.expiresAt!) - now.getTime()).toBe(600_000);
    // the signature stops working when it expires, and does not cover another asset
    expect(verifySigned(v.video!.playbackUrl!, new Date(now.getTime() + 601_000)).valid).toBe(false);
    expect(verifySigned(v.video!.playbackUrl!.replace(upload.assetId, uuidv7()), now).valid).toBe(false);
    expect(v.documents).toHaveLength(1);
    expect(v.documents[0]).toMatchObject({
      id: doc.id,
      name: 'เอกสารประกอบ',
      // the name it was uploaded under is what the member sees; the URL names media's stored file
      file: { filename: `${doc.fileId}.pdf`, originalName: 'ชีทประกอบ.pdf' },
    });
    expect(verifySigned(v.documents[0]!.url!, now)).toMatchObject({
      valid: true,
      scope: `document/${doc.fileId}`,
      file: `${doc.fileId}.pdf`,
    });
    expect(v.zoomRoom).toBeNull();
  });

  it('a meeting hands out its Zoom room with the passcode on D..D+3 only', async () => {
    for (const [day, open] of [
      ['2026-05-09', false],
      ['2026-05-10', true],
      ['2026-05-13', true],
      ['2026-05-14', false],
    ] as const) {
      const now = at(`${day}T19:30:00`);
      if (open) {
        const v = await s().byId(member, ids.meeting, now);
        expect(v.zoomRoom, day).toMatchObject({
          url: 'https://zoom.us/j/1234567890',
          meetingId: '1234567890',
          passcode: 'pass-4321',
        });
        expect(v.openUntil).toBe('2026-05-13');
      } else {
        await expect(s().byId(member, ids.meeting, now), day).rejects.toMatchObject({
          code: 'learning.session_not_found',
        });
      }
    }
  });

  it('404 for another course, a hidden session, a special one, an unknown one; a special enrolment opens the special', async () => {
    const now = at('2026-05-10T10:00:00');
    for (const [user, id] of [
      [other, ids.video],
      [member, ids.other],
      [member, ids.hidden],
      [member, ids.special],
      [member, uuidv7()],
    ] as const) {
      await expect(s().byId(user, id, now)).rejects.toMatchObject({
        code: 'learning.session_not_found',
        status: 404,
      });
    }
    expect((await s().byId(special, ids.special, now)).session.title).toBe('พิเศษ');
  });

  it('a draft video (status create) is not handed out; lessons list only shown videos', async () => {
    const now = at('2026-05-11T10:00:00');
    expect((await s().byId(member, ids.draftVideo, now)).video).toBeNull();
    const { items } = await s().lessons(member, undefined, now);
    expect(items.map((l) => [l.session.id, l.video.id])).toEqual([[ids.video, upload.id]]);
    // before the lesson's date it is not a lesson yet
    expect((await s().lessons(member, undefined, at('2026-05-09T10:00:00'))).items).toEqual([]);
  });

  it('around now: the meeting from an hour before its start to its end; today lists the day', async () => {
    expect((await s().current(member, 'meeting', undefined, at('2026-05-10T18:00:00')))?.session.id).toBe(
      ids.meeting,
    );
    expect(
      (await s().current(member, 'meeting', undefined, at('2026-05-10T20:59:00')))?.zoomRoom?.passcode,
    ).toBe('pass-4321');
    expect(await s().current(member, 'meeting', undefined, at('2026-05-10T17:59:00'))).toBeNull();
    expect(await s().current(member, 'meeting', undefined, at('2026-05-10T21:01:00'))).toBeNull();
    expect(await s().current(member, 'live', undefined, at('2026-05-10T20:30:00'))).toBeNull();
    expect(await s().current(other, 'meeting', undefined, at('2026-05-10T19:30:00'))).toBeNull();
    const today = await s().today(member, undefined, at('2026-05-10T08:00:00'));
    expect(new Set(today.map((t) => t.id))).toEqual(new Set([ids.video, ids.meeting, ids.draftVideo]));
  });

  it("a course's own documents: signed for its enrolled members; 404 for a course the member is not in", async () => {
    const courseDoc = await fx.document({ courseId: courseA.id });
    const now = at('2026-05-10T10:00:00');
    const mine = await s().courseDocuments(member, undefined, now);
    expect(mine.map((d) => d.id)).toEqual([courseDoc.id]);
    expect(mine[0]!.file).toMatchObject({ originalName: 'ชีทประกอบ.pdf' });
    expect(verifySigned(mine[0]!.url!, now)).toMatchObject({
      valid: true,
      scope: `document/${courseDoc.fileId}`,
    });
    expect(await s().courseDocuments(other, undefined, now)).toEqual([]);
    await expect(s().courseDocuments(other, courseA.id, now)).rejects.toMatchObject({
      code: 'learning.enrolment_not_found',
    });
    expect(await s().courseDocuments(`nobody-${uuidv7()}`, undefined, now)).toEqual([]);
  });

  it('an ended enrolment opens nothing', async () => {
    const u = `end-${uuidv7()}`;
    const e = await app.enrolmentAdmin.grant(
      { userId: u, courseId: courseA.id, start: '2026-01-01' },
      staffId,
    );
    expect((await s().byId(u, ids.video, at('2026-05-10T10:00:00'))).session.id).toBe(ids.video);
    await app.enrolmentAdmin.end(e.id, staffId);
    await expect(s().byId(u, ids.video, at('2026-05-10T10:00:00'))).rejects.toMatchObject({ status: 404 });
    await expect(s().courseDocuments(u, courseA.id)).rejects.toMatchObject({ status: 404 });
    expect((await s().calendar(u, { from: '2026-05-01', to: '2026-05-31' })).items).toEqual([]);
  });

  describe('over HTTP', () => {
    const get = (url: string, token?: string, lang?: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: { ...(token ? bearer(token) : {}), ...(lang ? { 'accept-language': lang } : {}) },
      });

    it("today's session opens for its member; 404 for another member; staff 403; anonymous 401", async () => {
      const url = `/member/sessions/${ids.today}`;
      const mine = await get(url, await issuer.member(member));
      expect(mine.statusCode).toBe(200);
      expect(mine.json<SessionView>().session.title).toBe('วันนี้');
      const theirs = await get(url, await issuer.member(other));
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json<Problem>()).toMatchObject({ code: 'learning.session_not_found' });
      expect((await get(url, await issuer.staff())).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(401);
      expect(
        (await get('/member/sessions/today', await issuer.member(member)))
          .json<{ items: { id: string }[] }>()
          .items.map((i) => i.id),
      ).toContain(ids.today);
    });

    it('calendar input: Thai / English problems; a course the member is not enrolled in is 404', async () => {
      const token = await issuer.member(member);
      const long = await get('/member/sessions/calendar?from=2026-05-01&to=2026-07-02', token);
      expect(long.statusCode).toBe(400);
      expect(long.json<Problem>().errors).toContainEqual({
        field: 'to',
        code: 'learning.range_too_long',
        message: 'ช่วงวันที่ต้องไม่เกิน 62 วัน',
      });
      const en = await get('/member/sessions/calendar?from=2026-05-01&to=2026-07-02', token, 'en');
      expect(en.json<Problem>().errors?.[0]?.message).toBe('The date range can be at most 62 days');
      const back = await get('/member/sessions/calendar?from=2026-05-10&to=2026-05-01', token);
      expect(back.statusCode).toBe(400);
      const bad = await get('/member/sessions/calendar?from=2026-05-40&to=2026-05-01', token);
      expect(bad.json<Problem>().errors).toContainEqual({
        field: 'from',
        code: 'validation.format',
        message: 'รูปแบบข้อมูลไม่ถูกต้อง',
      });
      const missing = await get('/member/sessions/calendar?from=2026-05-01', token);
      expect(missing.statusCode).toBe(400);
      const ok = await get('/member/sessions/calendar?from=2026-05-01&to=2026-07-01', token);
      expect(ok.json<CalendarList>().items.length).toBeGreaterThan(0);
      const notMine = await get(
        `/member/sessions/calendar?from=2026-05-01&to=2026-05-31&courseId=${courseB.id}`,
        token,
      );
      expect(notMine.statusCode).toBe(404);
      expect(notMine.json<Problem>().code).toBe('learning.enrolment_not_found');
      const badType = await get('/member/sessions/current?type=video', token);
      expect(badType.statusCode).toBe(400);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { Problem } from '@rian/proto-contracts/errors';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import type { MemberHome } from '@rian/proto-contracts/learning-member';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { readConfig } from '../../src/config.js';
import { superTrackingToken } from '../../src/domain/super-tracking.js';
import { MemberSessions } from '../../src/plugins/app/member-sessions.js';
import { ContentFixtures } from '../content-fixtures.js';
import { bearer, startLearning } from '../helpers.js';

/** Issue 13: `GET /member/home`, entering the member area in one read. */
const D = '2026-05-10';
const at = (bangkok: string) => new Date(`${bangkok}+07:00`);
const KEY = 'super-tracking-test-key-0001';

describe('member home', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let fx: ContentFixtures;
  let courseA: CourseStaff;
  let courseB: CourseStaff;
  let lesson: string;
  const member = `m-${uuidv7()}`;
  const nobody = `n-${uuidv7()}`;
  const staffId = `staff-${uuidv7()}`;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer, {
      LEARNING_HOME_CACHE_S: '0',
      LEARNING_SUPERTRACKING_URL: 'https://track.example/st?lang=th',
      LEARNING_SUPERTRACKING_KEY: KEY,
    });
    fx = new ContentFixtures(app);
    courseA = await app.courses.create({ title: 'คอร์ส A', detail: 'ประกาศ: เริ่มเรียน 10 พ.ค.' }, null);
    courseB = await app.courses.create({ title: 'คอร์ส B' }, null);
    await app.enrolmentAdmin.grant({ userId: member, courseId: courseA.id, start: '2026-01-01' }, staffId);
    await app.enrolmentAdmin.grant({ userId: member, courseId: courseB.id, start: '2026-01-01' }, staffId);
    await app.enrolments.select(member, courseA.id);

    const upload = await fx.uploadVideo(courseA.id);
    const room = await fx.zoomRoom('pass-1');
    lesson = await fx.session({ courseId: courseA.id, date: D, videoId: upload.id, title: 'บทที่ 1' });
    await fx.session({
      courseId: courseA.id,
      date: D,
      type: 'meeting',
      title: 'ประชุม',
      start: '19:00',
      to: '21:00',
      zoomRoomId: room,
    });
    await fx.session({
      courseId: courseA.id,
      date: D,
      type: 'live',
      title: 'ไลฟ์',
      start: '22:00',
      to: '23:00',
    });
    await fx.session({ courseId: courseA.id, date: '2026-05-09', type: 'real', title: 'เมื่อวาน' });
    await fx.session({
      courseId: courseA.id,
      date: '2026-05-12',
      type: 'real',
      title: 'หลังพรุ่งนี้',
      start: '09:00',
    });
    await fx.session({
      courseId: courseA.id,
      date: '2026-05-11',
      type: 'meeting',
      title: 'พรุ่งนี้',
      start: '10:00',
    });
    await fx.session({ courseId: courseA.id, date: '2026-05-11', title: 'ซ่อน', view: 'N' });
    await fx.session({ courseId: courseB.id, date: D, title: 'ของคอร์ส B' });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  it("gathers the selected course, today's sessions, the next ones, the session around now and the lessons", async () => {
    const home = await app.memberSessions.home(member, undefined, at(`${D}T19:30:00`));
    expect(home.enrolment).toMatchObject({ courseId: courseA.id, course: { title: 'คอร์ส A' } });
    expect(home.courseDetail).toBe('ประกาศ: เริ่มเรียน 10 พ.ค.');
    expect(home.today.map((s) => s.title)).toEqual(['บทที่ 1', 'ประชุม', 'ไลฟ์']);
    // after today, in date order; hidden sessions and the past are not listed
    expect(home.upcoming.map((s) => s.title)).toEqual(['พรุ่งนี้', 'หลังพรุ่งนี้']);
    expect(home.current.meeting).toMatchObject({ session: { title: 'ประชุม' }, hasRoom: true });
    // the live session starts at 22:00: more than an hour away
    expect(home.current.live).toBeNull();
    expect(home.current.real).toBeNull();
    expect(home.lessonCount).toBe(1);
    expect(JSON.stringify(home)).not.toContain('pass-1');

    const later = await app.memberSessions.home(member, undefined, at(`${D}T21:30:00`));
    expect(later.current.meeting).toBeNull();
    expect(later.current.live).toMatchObject({ session: { title: 'ไลฟ์' }, hasRoom: false });
  });

  it('names another course the member is enrolled in', async () => {
    const home = await app.memberSessions.home(member, courseB.id, at(`${D}T10:00:00`));
    expect(home.enrolment?.courseId).toBe(courseB.id);
    expect(home.today.map((s) => s.title)).toEqual(['ของคอร์ส B']);
    expect(home.lessonCount).toBe(0);
  });

  it("links SuperTracking with the member's token of the Bangkok day", async () => {
    // 23:30 UTC on the 9th is already the 10th in Bangkok
    const home = await app.memberSessions.home(member, undefined, new Date('2026-05-09T23:30:00Z'));
    const url = new URL(home.superTrackingUrl!);
    expect(url.origin + url.pathname).toBe('https://track.example/st');
    expect(url.searchParams.get('lang')).toBe('th');
    expect(url.searchParams.get('member')).toBe(member);
    expect(url.searchParams.get('date')).toBe(D);
    expect(url.searchParams.get('token')).toBe(superTrackingToken(KEY, member, D));
    expect(url.searchParams.get('token')).not.toBe(superTrackingToken(KEY, nobody, D));
  });

  it('hides the SuperTracking link when not configured', () => {
    expect(() =>
      readConfig(
        env.envFor('learning', {
          LEARNING_SUPERTRACKING_URL: 'https://x.example',
          LEARNING_SUPERTRACKING_KEY: 'short',
        }),
      ),
    ).toThrow(/LEARNING_SUPERTRACKING_KEY/);
  });

  it('keeps one answer per member and course for a few seconds; a course switch reads afresh', async () => {
    const cached = new MemberSessions(
      app.kit,
      {
        ...readConfig(env.envFor('learning', {})),
        LEARNING_HOME_CACHE_S: 15,
      },
      async (userId, courseId, now) => ({
        enrolments: await app.enrolments.mine(userId),
        watch: await app.watchStats.summary(userId, courseId, now),
        watchMonth: null,
      }),
      app.liveBroadcasts,
    );
    const u = `c-${uuidv7()}`;
    await app.enrolmentAdmin.grant({ userId: u, courseId: courseA.id, start: '2026-01-01' }, staffId);
    await app.enrolmentAdmin.grant({ userId: u, courseId: courseB.id, start: '2026-01-01' }, staffId);
    await app.enrolments.select(u, courseA.id);
    const first = await cached.home(u, undefined, at(`${D}T10:00:00`));
    expect(first.superTrackingUrl).toBeNull();
    await fx.session({ courseId: courseA.id, date: D, title: 'เพิ่มทีหลัง' });
    const again = await cached.home(u, undefined, at(`${D}T10:00:00`));
    expect(again.today.map((s) => s.title)).toEqual(first.today.map((s) => s.title));
    await app.enrolments.select(u, courseB.id);
    const switched = await cached.home(u, undefined, at(`${D}T10:00:00`));
    expect(switched.enrolment?.courseId).toBe(courseB.id);
    // the enrolment list is never the cached one: back on A (cached), it already marks A selected
    await app.enrolments.select(u, courseA.id);
    const back = await cached.home(u, undefined, at(`${D}T10:00:00`));
    expect(back.today.map((s) => s.title)).toEqual(first.today.map((s) => s.title));
    expect(back.enrolments.map((e) => [e.courseId, e.selected])).toEqual([
      [courseA.id, 'Y'],
      [courseB.id, 'N'],
    ]);
    // uncached, the added session shows
    const fresh = await app.memberSessions.home(u, courseA.id, at(`${D}T10:00:00`));
    expect(fresh.today.map((s) => s.title)).toContain('เพิ่มทีหลัง');
  });

  it('carries the watch figures fresh even while the rest is cached (issue 14: no second call for the dashboard)', async () => {
    const cached = new MemberSessions(
      app.kit,
      { ...readConfig(env.envFor('learning', {})), LEARNING_HOME_CACHE_S: 15 },
      async (userId, courseId, now) => {
        const watch = await app.watchStats.summary(userId, courseId, now);
        const month = await app.watchStats.month(userId, undefined, now);
        return { enrolments: [], watch, watchMonth: watch.monthSeconds > 0 ? month : null };
      },
      app.liveBroadcasts,
    );
    const u = `w-${uuidv7()}`;
    await app.enrolmentAdmin.grant({ userId: u, courseId: courseA.id, start: '2026-01-01' }, staffId);
    const t0 = at(`${D}T10:00:00`);
    const before = await cached.home(u, undefined, t0);
    expect(before.watch).toMatchObject({ todaySeconds: 0, lessonsStarted: 0 });
    expect(before.watchMonth).toBeNull();
    const p = await app.playbacks.start(u, { sessionId: lesson }, null, t0);
    const t1 = new Date(t0.getTime() + 12_000);
    await app.playbacks.beat(
      p.playbackId,
      { userId: u },
      { seq: 1, position: 4, played: 4, rate: 1, visible: true },
      t1,
    );
    const after = await cached.home(u, undefined, t1);
    expect(after.today.map((s) => s.title)).toEqual(before.today.map((s) => s.title));
    expect(after.watch).toMatchObject({ today: D, todaySeconds: 4, lessonsStarted: 1 });
    expect(after.watchMonth?.days.find((d) => d.day === D)?.seconds).toBe(4);
  });

  describe('over HTTP', () => {
    const get = (url: string, token?: string) =>
      app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

    it('answers the member; empty without an enrolment; 404 for a course not theirs; staff 403; anonymous 401', async () => {
      const mine = await get('/member/home', await issuer.member(member));
      expect(mine.statusCode).toBe(200);
      expect(mine.json<MemberHome>().enrolment?.courseId).toBe(courseA.id);
      // the member's enrolments ride along (what /enrolments/mine answers): one read enters the area
      const list = await get('/enrolments/mine', await issuer.member(member));
      expect(mine.json<MemberHome>().enrolments).toEqual(list.json<{ items: unknown[] }>().items);
      expect(mine.json<MemberHome>().enrolments).toHaveLength(2);
      const none = await get('/member/home', await issuer.member(nobody));
      expect(none.statusCode).toBe(200);
      expect(none.json<MemberHome>()).toMatchObject({
        enrolments: [],
        enrolment: null,
        today: [],
        upcoming: [],
        lessonCount: 0,
      });
      const theirs = await get(`/member/home?courseId=${courseA.id}`, await issuer.member(nobody));
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json<Problem>()).toMatchObject({ code: 'learning.enrolment_not_found' });
      expect((await get('/member/home?courseId=nope', await issuer.member(member))).statusCode).toBe(400);
      expect((await get('/member/home', await issuer.staff())).statusCode).toBe(403);
      expect((await get('/member/home')).statusCode).toBe(401);
    });
  });
});

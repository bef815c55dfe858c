import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { Problem } from '@rian/proto-contracts/errors';
import type {
  Beat,
  BeatResult,
  PlaybackStarted,
  VideoProgressList,
  VideoStatisticsList,
  WatchMonth,
  WatchSummary,
} from '@rian/proto-contracts/learning-watch';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { Playbacks } from '../../src/plugins/app/playbacks.js';
import { ContentFixtures } from '../content-fixtures.js';
import { bearer, startLearning } from '../helpers.js';

/**
 * Playbacks and heartbeats (issue 14). Crediting depends on the wall clock, so those cases call the
 * service with a pinned `now`; the routes are driven for access, the lease and the beacon.
 */
const at = (utc: string) => new Date(utc);
const plus = (d: Date, s: number) => new Date(d.getTime() + s * 1000);
const beat = (b: Partial<Beat> & { seq: number }): Beat => ({
  position: 10,
  played: 10,
  rate: 1,
  visible: true,
  ...b,
});

describe('playbacks and heartbeats', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let fx: ContentFixtures;
  let courseA: string;
  let video: string;
  let lesson: string;
  let bare: string;
  const staffId = `staff-${uuidv7()}`;

  /** a member enrolled in course A, with a token */
  async function member() {
    const id = `m-${uuidv7()}`;
    await app.enrolmentAdmin.grant({ userId: id, courseId: courseA, start: '2026-01-01' }, staffId);
    return { id, headers: bearer(await issuer.member(id)) };
  }

  const start = (headers: Record<string, string>, body: object = { sessionId: lesson }) =>
    app.inject({ method: 'POST', url: '/member/playbacks', headers, payload: body });
  const sendBeat = (headers: Record<string, string>, id: string, b: Beat) =>
    app.inject({ method: 'POST', url: `/member/playbacks/${id}/beats`, headers, payload: b });

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    fx = new ContentFixtures(app);
    courseA = (await app.courses.create({ title: 'คอร์สวิดีโอ' }, null)).id;
    video = await fx.vimeoVideo(courseA);
    await app.kit.orm.em
      .fork()
      .execute(`update videos set duration_seconds = 600 where video_id = ?`, [video]);
    lesson = await fx.session({ courseId: courseA, date: '2026-01-10', videoId: video, title: 'บทที่ 1' });
    bare = await fx.session({ courseId: courseA, date: '2026-01-10', title: 'ไม่มีวิดีโอ' });
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  describe('starting a playback', () => {
    it('an enrolled member: 201, from zero with count 1, and how to beat', async () => {
      const m = await member();
      const res = await start(m.headers, { sessionId: lesson, device: '  Chrome บน Windows  ' });
      expect(res.statusCode).toBe(201);
      const body = res.json<PlaybackStarted>();
      expect(body).toMatchObject({
        videoId: video,
        resumeAt: 0,
        count: 1,
        beatSeconds: 10,
        leaseSeconds: 45,
        maxRate: 2,
      });
      expect(body.beatToken.length).toBeGreaterThanOrEqual(32);
      const record = (
        await app.inject({ url: `/member/statistics/${body.playbackId}`, headers: m.headers })
      ).json<{ device: string; visitDate: string }>();
      expect(record.device).toBe('Chrome บน Windows');
    });

    it('the access rule: not enrolled → 404 as if the session did not exist; a session without a video → 404', async () => {
      const outsider = bearer(await issuer.member(`x-${uuidv7()}`));
      const res = await start(outsider);
      expect(res.statusCode).toBe(404);
      expect(res.json<Problem>().code).toBe('learning.session_not_found');
      const m = await member();
      const none = await start(m.headers, { sessionId: bare });
      expect(none.statusCode).toBe(404);
      expect(none.json<Problem>().code).toBe('learning.video_not_found');
    });

    it("another member's playback: beats, its record and its beacon without the token answer 404", async () => {
      const [a, b] = [await member(), await member()];
      const p = (await start(a.headers)).json<PlaybackStarted>();
      const res = await sendBeat(b.headers, p.playbackId, beat({ seq: 1 }));
      expect(res.statusCode).toBe(404);
      expect(res.json<Problem>().code).toBe('learning.playback_not_found');
      const read = await app.inject({ url: `/member/statistics/${p.playbackId}`, headers: b.headers });
      expect(read.statusCode).toBe(404);
      expect((await sendBeat(a.headers, p.playbackId, beat({ seq: 1 }))).statusCode).toBe(200);
    });
  });

  describe('one playback per account', () => {
    it('a second start asks "continue here?"; continuing stops the first one', async () => {
      const m = await member();
      const first = (await start(m.headers, { sessionId: lesson, device: 'iPad' })).json<PlaybackStarted>();
      const again = await start(m.headers, { sessionId: lesson, device: 'Android' });
      expect(again.statusCode).toBe(409);
      const problem = again.json<Problem & { elsewhere: unknown }>();
      expect(problem.code).toBe('learning.playback_elsewhere');
      expect(problem.elsewhere).toEqual({
        device: 'iPad',
        videoName: 'วิดีโอ Vimeo',
        since: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });

      const second = await start(m.headers, { sessionId: lesson, device: 'Android', takeOver: true });
      expect(second.statusCode).toBe(201);
      const taken = await sendBeat(m.headers, first.playbackId, beat({ seq: 1 }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json<Problem>().code).toBe('learning.playback_taken_over');
      const ok = await sendBeat(m.headers, second.json<PlaybackStarted>().playbackId, beat({ seq: 1 }));
      expect(ok.statusCode).toBe(200);

      const flags = await app.watchStats.deviceFlags(undefined);
      expect(flags.items.find((f) => f.userId === m.id)).toMatchObject({ devices: 2, takeOvers: 1 });
    });

    it('a lease that lapsed is taken back by its next beat, and then holds again', async () => {
      const m = await member();
      const p = (await start(m.headers)).json<PlaybackStarted>();
      await app.kit.redis.del(`learning:playback:${m.id}`); // 45 s without a beat
      expect((await sendBeat(m.headers, p.playbackId, beat({ seq: 1 }))).statusCode).toBe(200);
      expect((await start(m.headers)).statusCode).toBe(409);
    });

    it('the pagehide beacon gives the lease up: a reload starts again without the prompt', async () => {
      const m = await member();
      const p = (await start(m.headers)).json<PlaybackStarted>();
      const gone = await app.inject({
        method: 'POST',
        url: `/member/playbacks/${p.playbackId}/beacon`,
        payload: { ...beat({ seq: 1, event: 'pagehide' }), beatToken: p.beatToken },
      });
      expect(gone.statusCode).toBe(200);
      expect((await start(m.headers)).statusCode).toBe(201);
    });

    it('LEARNING_ONE_PLAYBACK off: two playbacks of an account beat side by side', async () => {
      const m = await member();
      const loose = new Playbacks(app.kit, { LEARNING_ONE_PLAYBACK: false });
      const t0 = new Date();
      const a = await loose.start(m.id, { sessionId: lesson }, null, t0);
      const b = await loose.start(m.id, { sessionId: lesson }, null, t0);
      const ra = await loose.beat(a.playbackId, { userId: m.id }, beat({ seq: 1 }), plus(t0, 10));
      const rb = await loose.beat(b.playbackId, { userId: m.id }, beat({ seq: 1 }), plus(t0, 10));
      expect([ra.credited, rb.credited]).toEqual([10, 10]);
    });
  });

  describe('the beacon (no Authorization)', () => {
    it('the right token as application/json or as text/plain is a beat; a wrong one answers 404', async () => {
      const m = await member();
      const p = (await start(m.headers)).json<PlaybackStarted>();
      const url = `/member/playbacks/${p.playbackId}/beacon`;
      const json = await app.inject({
        method: 'POST',
        url,
        payload: { ...beat({ seq: 1 }), beatToken: p.beatToken },
      });
      expect(json.statusCode).toBe(200);
      expect(json.json<BeatResult>().accepted).toBe(true);
      const text = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify({ ...beat({ seq: 2, event: 'pause' }), beatToken: p.beatToken }),
      });
      expect(text.statusCode).toBe(200);
      expect(text.json<BeatResult>().accepted).toBe(true);
      const wrong = await app.inject({
        method: 'POST',
        url,
        payload: { ...beat({ seq: 3 }), beatToken: `${p.beatToken.slice(0, -2)}xx` },
      });
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json<Problem>().code).toBe('learning.playback_not_found');
      const unknown = await app.inject({
        method: 'POST',
        url: `/member/playbacks/${uuidv7()}/beacon`,
        payload: { ...beat({ seq: 3 }), beatToken: p.beatToken },
      });
      expect(unknown.statusCode).toBe(404);
      const record = await app.watchStats.statistic(m.id, p.playbackId);
      expect(record.pauseTotal).toBe(1);
    });
  });

  describe('crediting (pinned clock)', () => {
    it('credits at most the wall clock × 2, refuses replayed and out-of-order beats, records pauses and the end', async () => {
      const m = await member();
      const t0 = at('2026-05-20T03:00:00Z');
      const p = await app.playbacks.start(m.id, { sessionId: lesson }, '203.0.113.9', t0);
      const b = (n: number, s: number, x: Partial<Beat>) =>
        app.playbacks.beat(p.playbackId, { userId: m.id }, beat({ seq: n, ...x }), plus(t0, s));

      expect((await b(1, 10, { position: 10, played: 10 })).credited).toBe(10);
      // claims 100 s after 10 s of wall clock
      expect((await b(2, 20, { position: 110, played: 100 })).credited).toBe(20);
      const replay = await b(2, 25, { position: 115, played: 5 });
      expect(replay).toMatchObject({ accepted: false, credited: 0, playbackSeconds: 30 });
      expect((await b(4, 30, { position: 120, played: 10, event: 'pause' })).credited).toBe(10);
      expect((await b(3, 31, { position: 121, played: 1 })).accepted).toBe(false);
      // seek to 500: only what was played since counts
      expect((await b(5, 40, { position: 500, played: 3, event: 'seek' })).credited).toBe(3);
      expect((await b(6, 50, { position: 510, played: 10, visible: false })).credited).toBe(0);
      const end = await b(7, 100, { position: 600, played: 90, event: 'ended' });
      expect(end).toMatchObject({ accepted: true, credited: 90, playbackSeconds: 133 });

      const record = await app.watchStats.statistic(m.id, p.playbackId);
      expect(record).toMatchObject({
        timeStart: 0,
        timeEnd: 600,
        curTimeEnd: 600,
        timeTotal: 133,
        pauseTotal: 1,
        endTotal: 1,
        event: 'Ended',
        visitDate: '2026-05-20',
        count: 1,
        threeMinTotal: 0,
      });
      const [progress] = (await app.watchStats.videos(m.id, courseA, t0)).items;
      expect(progress).toMatchObject({ videoId: video, secondsWatched: 133, ended: true, lastPosition: 600 });
      // [0, 10] and [90, 120] (the 100 s claim credited 20), [497, 500] after the seek, [510, 600] at the end
      expect(progress!.coverage).toBeCloseTo((10 + 30 + 3 + 90) / 600, 5);
    });

    it('the same beat sent five times at once is credited once', async () => {
      const m = await member();
      const t0 = at('2026-05-21T03:00:00Z');
      const p = await app.playbacks.start(m.id, { sessionId: lesson }, null, t0);
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          app.playbacks.beat(p.playbackId, { userId: m.id }, beat({ seq: 1 }), plus(t0, 10)),
        ),
      );
      expect(results.filter((r) => r.accepted)).toHaveLength(1);
      expect((await app.watchStats.statistic(m.id, p.playbackId)).timeTotal).toBe(10);
      expect((await app.watchStats.month(m.id, '2026-05', t0)).totalSeconds).toBe(10);
    });

    it('two playbacks of one video beating at once (lease off): every second and both ranges are kept', async () => {
      const m = await member();
      const loose = new Playbacks(app.kit, { LEARNING_ONE_PLAYBACK: false });
      const t0 = at('2026-05-22T03:00:00Z');
      const a = await loose.start(m.id, { sessionId: lesson }, null, t0);
      const b = await loose.start(m.id, { sessionId: lesson }, null, t0);
      for (let n = 1; n <= 4; n++) {
        const results = await Promise.all([
          loose.beat(a.playbackId, { userId: m.id }, beat({ seq: n, position: 10 * n }), plus(t0, 10 * n)),
          loose.beat(
            b.playbackId,
            { userId: m.id },
            beat({ seq: n, position: 300 + 10 * n }),
            plus(t0, 10 * n),
          ),
        ]);
        expect(results.map((r) => r.credited)).toEqual([10, 10]);
      }
      const [progress] = (await app.watchStats.videos(m.id, courseA, t0)).items;
      // [0, 40] and [300, 340] of 600 s
      expect(progress).toMatchObject({ secondsWatched: 80, todaySeconds: 80 });
      expect(progress!.coverage).toBeCloseTo(80 / 600, 5);
    });

    it('resume (spec 01 §4): continue from the last end time, count + 1; after Ended, from zero with count 1', async () => {
      const m = await member();
      const t0 = at('2026-05-22T03:00:00Z');
      const p1 = await app.playbacks.start(m.id, { sessionId: lesson }, null, t0);
      await app.playbacks.beat(p1.playbackId, { userId: m.id }, beat({ seq: 1, position: 95 }), plus(t0, 10));
      await app.playbacks.beat(
        p1.playbackId,
        { userId: m.id },
        beat({ seq: 2, position: 120, event: 'pagehide' }),
        plus(t0, 20),
      );
      const p2 = await app.playbacks.start(m.id, { sessionId: lesson }, null, plus(t0, 60));
      expect(p2).toMatchObject({ resumeAt: 120, count: 2 });
      await app.playbacks.beat(
        p2.playbackId,
        { userId: m.id },
        beat({ seq: 1, position: 600, event: 'ended' }),
        plus(t0, 70),
      );
      const p3 = await app.playbacks.start(m.id, { sessionId: lesson }, null, plus(t0, 80));
      expect(p3).toMatchObject({ resumeAt: 0, count: 1 });
    });
  });

  describe('day, week and month totals (Asia/Bangkok)', () => {
    it('a playback across Bangkok midnight counts on both days, weeks and months', async () => {
      const m = await member();
      // Sunday 31 May 23:59:45 in Bangkok; the second beat lands on Monday 1 June 00:00:05
      const t0 = at('2026-05-31T16:59:45Z');
      const p = await app.playbacks.start(m.id, { sessionId: lesson }, null, t0);
      await app.playbacks.beat(p.playbackId, { userId: m.id }, beat({ seq: 1, position: 10 }), plus(t0, 10));
      await app.playbacks.beat(
        p.playbackId,
        { userId: m.id },
        beat({ seq: 2, position: 30, played: 20 }),
        plus(t0, 20),
      );

      const sunday = await app.watchStats.summary(m.id, courseA, at('2026-05-31T16:59:59Z'));
      expect(sunday).toMatchObject({
        today: '2026-05-31',
        todaySeconds: 10,
        weekSeconds: 10,
        monthSeconds: 10,
      });
      const monday = await app.watchStats.summary(m.id, courseA, at('2026-06-01T05:00:00Z'));
      expect(monday).toMatchObject({
        today: '2026-06-01',
        todaySeconds: 20,
        weekSeconds: 20,
        monthSeconds: 20,
        lessonsStarted: 1,
        lessonsEnded: 0,
      });
      expect(monday.lastViewed).toMatchObject({
        videoId: video,
        sessionId: lesson,
        secondsWatched: 30,
        todaySeconds: 20,
      });

      const may = await app.watchStats.month(m.id, '2026-05');
      expect(may.days).toHaveLength(31);
      expect(may.days.at(-1)).toEqual({ day: '2026-05-31', seconds: 10 });
      expect(may.totalSeconds).toBe(10);
      const june = await app.watchStats.month(m.id, undefined, at('2026-06-01T05:00:00Z'));
      expect(june).toMatchObject({ month: '2026-06', totalSeconds: 20 });
      expect(june.days[0]).toEqual({ day: '2026-06-01', seconds: 20 });
      // the record keeps the day it started on
      expect((await app.watchStats.statistic(m.id, p.playbackId)).visitDate).toBe('2026-05-31');
    });
  });

  describe("the member's reads over HTTP", () => {
    it('summary, progress per lesson, the month and the records answer what the beats wrote', async () => {
      const m = await member();
      const second = await fx.session({
        courseId: courseA,
        date: '2026-01-11',
        videoId: await fx.vimeoVideo(courseA),
      });
      const t0 = new Date();
      const p = await app.playbacks.start(m.id, { sessionId: lesson }, null, t0);
      await app.playbacks.beat(
        p.playbackId,
        { userId: m.id },
        beat({ seq: 1, position: 12, played: 12 }),
        plus(t0, 10),
      );
      const get = <T>(url: string) =>
        app.inject({ url, headers: m.headers }).then((r) => {
          expect(r.statusCode, url).toBe(200);
          return r.json<T>();
        });
      const summary = await get<WatchSummary>(`/member/stats/summary?courseId=${courseA}`);
      expect(summary).toMatchObject({
        todaySeconds: 12,
        weekSeconds: 12,
        monthSeconds: 12,
        lessonsStarted: 1,
      });
      expect(summary.lastViewed).toMatchObject({
        videoId: video,
        secondsWatched: 12,
        lastPosition: 12,
        coverage: 0.02,
      });
      const videos = await get<VideoProgressList>(`/member/stats/videos?courseId=${courseA}`);
      const row = (sessionId: string) => videos.items.find((i) => i.sessionId === sessionId);
      expect(row(lesson)).toMatchObject({ secondsWatched: 12, todaySeconds: 12 });
      expect(row(second)).toMatchObject({
        secondsWatched: 0,
        coverage: null,
        lastViewedAt: null,
        ended: false,
      });
      expect(summary.lessonCount).toBe(videos.items.length);
      const month = await get<WatchMonth>('/member/stats/month');
      expect(month.totalSeconds).toBe(12);
      const records = await get<VideoStatisticsList>(`/member/statistics?videoId=${video}`);
      expect(records.items.map((r) => r.id)).toEqual([p.playbackId]);
    });
  });

  describe('the lessons the statistics read', () => {
    it('only sessions the member may open with a shown video, in lesson order; a video in two lessons counts once; an upload’s length', async () => {
      const course = (await app.courses.create({ title: 'คอร์สสถิติ' }, null)).id;
      const id = `m-${uuidv7()}`;
      await app.enrolmentAdmin.grant({ userId: id, courseId: course, start: '2026-01-01' }, staffId);
      const v1 = await fx.vimeoVideo(course);
      await app.kit.orm.em
        .fork()
        .execute(`update videos set duration_seconds = 600 where video_id = ?`, [v1]);
      const upload = await fx.uploadVideo(course);
      const s1 = await fx.session({ courseId: course, date: '2026-01-10', videoId: v1 });
      const s3 = await fx.session({ courseId: course, date: '2026-01-12', videoId: v1 });
      const s2 = await fx.session({ courseId: course, date: '2026-01-11', videoId: upload.id });
      const hidden = await fx.session({ courseId: course, date: '2026-01-10', videoId: v1, view: 'N' });
      await fx.session({ courseId: course, date: '2099-01-01', videoId: v1 });
      await fx.session({ courseId: course, date: '2026-01-10', videoId: v1, special: 'Y' });
      const hiddenVideo = await fx.session({
        courseId: course,
        date: '2026-01-10',
        videoId: await fx.vimeoVideo(course, 'hide'),
      });

      const headers = bearer(await issuer.member(id));
      expect((await start(headers, { sessionId: hidden })).json<Problem>().code).toBe(
        'learning.session_not_found',
      );
      expect((await start(headers, { sessionId: hiddenVideo })).json<Problem>().code).toBe(
        'learning.video_not_found',
      );
      const t0 = new Date();
      const up = await app.playbacks.start(id, { sessionId: s2 }, null, t0);
      // the upload is 5 s long (media measured it): 10 s played credits 5; the page goes, the lease with it
      const r = await app.playbacks.beat(
        up.playbackId,
        { userId: id },
        beat({ seq: 1, position: 5, event: 'pagehide' }),
        plus(t0, 10),
      );
      expect(r.credited).toBe(5);
      const p = await app.playbacks.start(id, { sessionId: s1 }, null, plus(t0, 20));
      await app.playbacks.beat(
        p.playbackId,
        { userId: id },
        beat({ seq: 1, position: 12, played: 12 }),
        plus(t0, 32),
      );

      const videos = await app.watchStats.videos(id, course, plus(t0, 40));
      expect(videos.items.map((i) => [i.sessionId, i.durationSeconds, i.secondsWatched])).toEqual([
        [s1, 600, 12],
        [s2, 5, 5],
        [s3, 600, 12],
      ]);
      const summary = await app.watchStats.summary(id, course, plus(t0, 40));
      expect(summary).toMatchObject({ lessonCount: 2, lessonsStarted: 2, lessonsEnded: 0, todaySeconds: 17 });
      expect(summary.lastViewed).toMatchObject({
        videoId: v1,
        sessionId: s1,
        secondsWatched: 12,
        todaySeconds: 12,
      });
    });
  });

  describe('staff views', () => {
    it("a video's audience: viewers, ended, coverage and drop-off over twentieths", async () => {
      const v = await fx.vimeoVideo(courseA);
      await app.kit.orm.em.fork().execute(`update videos set duration_seconds = 200 where video_id = ?`, [v]);
      const s = await fx.session({ courseId: courseA, date: '2026-01-10', videoId: v });
      const t0 = at('2026-05-23T03:00:00Z');
      for (const [end, ended] of [
        [40, false],
        [200, true],
      ] as const) {
        const m = await member();
        const p = await app.playbacks.start(m.id, { sessionId: s }, null, t0);
        await app.playbacks.beat(
          p.playbackId,
          { userId: m.id },
          beat({ seq: 1, position: end, played: end, ...(ended ? { event: 'ended' } : {}) }),
          plus(t0, 200),
        );
      }
      const audience = await app.watchStats.videoAudience(v);
      expect(audience).toMatchObject({
        videoId: v,
        durationSeconds: 200,
        viewers: 2,
        endedViewers: 1,
        totalSeconds: 240,
      });
      expect(audience.averageCoverage).toBeCloseTo((0.2 + 1) / 2, 5);
      expect(audience.dropOff).toEqual([2, 2, 2, 2, ...Array<number>(16).fill(1)]);
    });

    it('accounts on three or more devices or addresses in a day are flagged', async () => {
      const m = await member();
      const t0 = at('2026-05-24T03:00:00Z');
      const exec = (sql: string, params: unknown[]) => app.kit.orm.em.fork().execute(sql, params);
      // a row from 91 days before: starts prune what is past the 90-day window
      await exec(
        `insert into watch_devices (user_id, day, kind, value) values (?, '2026-02-22', 'ip', '192.0.2.1')`,
        [m.id],
      );
      const loose = new Playbacks(app.kit, { LEARNING_ONE_PLAYBACK: false });
      for (const [device, ip] of [
        ['iPhone', '198.51.100.1'],
        ['Windows', '198.51.100.2'],
        ['Mac', '198.51.100.2'],
      ])
        await loose.start(m.id, { sessionId: lesson, device }, ip!, t0);
      const calm = await member();
      await loose.start(calm.id, { sessionId: lesson, device: 'iPhone' }, '198.51.100.9', t0);
      expect(await exec(`select 1 from watch_devices where day < '2026-02-23'`, [])).toHaveLength(0);
      const { items } = await app.watchStats.deviceFlags('2026-05-24');
      expect(items.find((f) => f.userId === m.id)).toEqual({
        userId: m.id,
        day: '2026-05-24',
        devices: 3,
        ips: 2,
        takeOvers: 0,
      });
      expect(items.find((f) => f.userId === calm.id)).toBeUndefined();

      const staff = bearer(await issuer.staff('staff'));
      const detail = await app.inject({ url: `/admin/stats/members/${m.id}`, headers: staff });
      expect(detail.statusCode).toBe(200);
      expect(detail.json<{ playbacks: unknown[] }>().playbacks).toHaveLength(3);
    });
  });
});

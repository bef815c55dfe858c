import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { Problem } from '@rian/proto-contracts/errors';
import { CheckinRecorded, CheckinRemoved } from '@rian/proto-contracts/learning-checkin';
import type { LiveStreamWithKey, LiveViewersNow } from '@rian/proto-contracts/learning-live';
import { WATCH_DAY_EVENT_STEP_S, WatchDayTotalled, type Beat } from '@rian/proto-contracts/learning-watch';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { addDays, bangkokDay } from '../../src/domain/access.js';
import { Playbacks } from '../../src/plugins/app/playbacks.js';
import { ContentFixtures } from '../content-fixtures.js';
import { learningEvents } from '../content-events.js';
import { bearer, startLearning } from '../helpers.js';

/**
 * Issue 20, what learning tells the dashboard: `learning.check-in.recorded` / `.removed` once per
 * check-in, `learning.watch.day-totalled` (the running Bangkok-day total, throttled), and staff's
 * "live viewers now".
 */
describe('learning signals for the dashboard', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let fx: ContentFixtures;
  let staff: string;
  const staffId = `staff-${uuidv7()}`;
  let courseA: string;
  let lesson: string;
  let lesson2: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    fx = new ContentFixtures(app);
    staff = await issuer.sign({ sub: staffId, kind: 'staff', role: 'staff', name: 'โค้ชบอย' });
    courseA = (await app.courses.create({ title: 'คอร์สสัญญาณ' }, null)).id;
    const v1 = await fx.vimeoVideo(courseA);
    const v2 = await fx.vimeoVideo(courseA);
    await app.kit.orm.em
      .fork()
      .execute(`update videos set duration_seconds = 3600 where video_id in (?, ?)`, [v1, v2]);
    lesson = await fx.session({ courseId: courseA, date: '2026-01-10', videoId: v1, title: 'บทที่ 1' });
    lesson2 = await fx.session({ courseId: courseA, date: '2026-01-10', videoId: v2, title: 'บทที่ 2' });
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  async function member() {
    const id = `m-${uuidv7()}`;
    await app.enrolmentAdmin.grant({ userId: id, courseId: courseA, start: '2026-01-01' }, staffId);
    return id;
  }

  describe('check-ins', () => {
    it('QR, typed and staff check-ins each publish learning.check-in.recorded once; "already" publishes nothing; a removal publishes learning.check-in.removed', async () => {
      const today = bangkokDay(new Date());
      const seminar = await fx.session({
        courseId: courseA,
        date: today,
        type: 'real',
        start: '09:00',
        to: '16:00',
        title: 'สัมมนา',
      });
      await app.kit.orm.em
        .fork()
        .execute(`update course_sessions set checkin = 'Y' where session_id = ?`, [seminar]);
      const [byQr, byTyped, byStaff] = [await member(), await member(), await member()];
      const now = new Date();
      const k = await app.checkins.kiosk(seminar, now);
      const qr = await app.checkins.checkIn(byQr, { sessionId: seminar, code: k.code }, now);
      expect(qr.answer.result).toBe('checked_in');
      expect(
        (await app.checkins.checkIn(byQr, { sessionId: seminar, code: k.code }, now)).answer.result,
      ).toBe('already');
      const typed = await app.checkins.checkIn(byTyped, { code: k.typedCode }, now);
      expect(typed.answer.result).toBe('checked_in');
      const manual = await call('POST', '/admin/checkins', staff, { sessionId: seminar, userId: byStaff });
      expect(manual.statusCode, manual.body).toBe(201);
      const again = await call('POST', '/admin/checkins', staff, { sessionId: seminar, userId: byStaff });
      expect(again.statusCode).toBe(200);
      const manualId = manual.json<{ checkin: { id: string } }>().checkin.id;

      const del = await call('DELETE', `/admin/checkins/${manualId}`, staff);
      expect(del.statusCode).toBe(204);
      // a second delete: 404, nothing published
      expect((await call('DELETE', `/admin/checkins/${manualId}`, staff)).statusCode).toBe(404);

      // the removal is the last event written: once it is on the bus, everything before it is too
      const [removed] = await learningEvents(env, CheckinRemoved, (d) => d.sessionId === seminar);
      expect(removed!.data).toEqual({
        checkinId: manualId,
        userId: byStaff,
        sessionId: seminar,
        checkedInAt: manual.json<{ checkin: { checkedInAt: string } }>().checkin.checkedInAt,
        removedAt: expect.any(String),
      });
      const recorded = await learningEvents(env, CheckinRecorded, (d) => d.sessionId === seminar, 3);
      expect(recorded).toHaveLength(3);
      const byUser = new Map(recorded.map((e) => [e.data.userId, e.data]));
      expect(byUser.get(byQr)).toEqual({
        checkinId: qr.answer.checkin.id,
        userId: byQr,
        sessionId: seminar,
        courseId: courseA,
        sessionTitle: 'สัมมนา',
        sessionDate: today,
        method: 'qr',
        checkedInAt: now.toISOString(),
      });
      expect(byUser.get(byTyped)).toMatchObject({ checkinId: typed.answer.checkin.id, method: 'typed' });
      expect(byUser.get(byStaff)).toMatchObject({ checkinId: manualId, method: 'staff' });
      const [n] = (await app.kit.orm.em
        .fork()
        .execute(
          `select count(*)::int as n from kit_outbox where type in (?, ?) and envelope->'data'->>'sessionId' = ?`,
          [CheckinRecorded.type, CheckinRemoved.type, seminar],
        )) as { n: number }[];
      expect(n!.n).toBe(4);
    });
  });

  describe('the watch day total', () => {
    const beat = (b: Partial<Beat> & { seq: number }): Beat => ({
      position: 10 * b.seq,
      played: 10,
      rate: 1,
      visible: true,
      ...b,
    });
    /** the day totals announced for a member, in the order written */
    const announced = async (userId: string) =>
      (
        (await app.kit.orm.em.fork().execute(
          `select envelope from kit_outbox where type = ? and envelope->'data'->>'userId' = ?
              order by envelope->'data'->>'day', (envelope->'data'->>'seconds')::numeric`,
          [WatchDayTotalled.type, userId],
        )) as { envelope: { data: { day: string; seconds: number } } }[]
      ).map((r) => `${r.envelope.data.day} ${r.envelope.data.seconds}`);

    it('beats of 10 s: announced at 300 and 600 s of the day, then on the last beat; a second video adds to the same day', async () => {
      expect(WATCH_DAY_EVENT_STEP_S).toBe(300);
      const m = await member();
      // 10:00 in Bangkok on 20 May
      const t0 = new Date('2026-05-20T03:00:00Z');
      const at = (s: number) => new Date(t0.getTime() + s * 1000);
      const p = await app.playbacks.start(m, { sessionId: lesson }, null, t0);
      // 62 beats of 10 s: 620 s credited; the 30th makes 300, the 60th 600
      for (let n = 1; n <= 62; n++)
        expect(
          (await app.playbacks.beat(p.playbackId, { userId: m }, beat({ seq: n }), at(10 * n))).credited,
        ).toBe(10);
      expect(await announced(m)).toEqual(['2026-05-20 300', '2026-05-20 600']);
      // pause (the last beat) crediting 10 s more: the running total, 630
      await app.playbacks.beat(p.playbackId, { userId: m }, beat({ seq: 63, event: 'pause' }), at(630));
      expect(await announced(m)).toEqual(['2026-05-20 300', '2026-05-20 600', '2026-05-20 630']);
      // a replayed last beat: nothing
      await app.playbacks.beat(p.playbackId, { userId: m }, beat({ seq: 63, event: 'pause' }), at(635));
      // a pagehide crediting nothing (hidden tab) after the announcement: nothing new to say
      await app.playbacks.beat(
        p.playbackId,
        { userId: m },
        beat({ seq: 64, event: 'pagehide', visible: false }),
        at(640),
      );
      expect(await announced(m)).toHaveLength(3);

      // another video the same day: 3 beats of 10 s → 660, no multiple of 300 passed ...
      const loose = new Playbacks(app.kit, { LEARNING_ONE_PLAYBACK: false });
      const q = await loose.start(m, { sessionId: lesson2 }, null, at(700));
      for (let n = 1; n <= 3; n++)
        await loose.beat(q.playbackId, { userId: m }, beat({ seq: n }), at(700 + 10 * n));
      expect(await announced(m)).toHaveLength(3);
      // ... and a hidden-tab pagehide (0 s) still announces the 30 s credited since 630
      await loose.beat(
        q.playbackId,
        { userId: m },
        beat({ seq: 4, event: 'pagehide', visible: false }),
        at(740),
      );
      expect(await announced(m)).toEqual([
        '2026-05-20 300',
        '2026-05-20 600',
        '2026-05-20 630',
        '2026-05-20 660',
      ]);

      // the events reach the bus as the contract says (the envelope is written by the beat's SQL)
      const events = await learningEvents(env, WatchDayTotalled, (d) => d.userId === m, 4);
      expect(events.map((e) => e.data.seconds).sort((a, b) => a - b)).toEqual([300, 600, 630, 660]);
      expect(events.find((e) => e.data.seconds === 300)!.data).toEqual({
        userId: m,
        day: '2026-05-20',
        seconds: 300,
        at: at(300).toISOString(),
      });
    });

    it('a playback across Bangkok midnight: the day before is announced by the first beat of the new day; the new day starts its own total', async () => {
      const m = await member();
      // 23:59:40 Bangkok on 31 May
      const t0 = new Date('2026-05-31T16:59:40Z');
      const at = (s: number) => new Date(t0.getTime() + s * 1000);
      const p = await app.playbacks.start(m, { sessionId: lesson }, null, t0);
      // 23:59:50: 10 s on 31 May (under a step, not a last beat: not announced yet)
      await app.playbacks.beat(p.playbackId, { userId: m }, beat({ seq: 1 }), at(10));
      expect(await announced(m)).toEqual([]);
      // 00:00:00 on 1 June, a plain tick: its 10 s count on 1 June; 31 May's 10 s are announced now
      await app.playbacks.beat(p.playbackId, { userId: m }, beat({ seq: 2 }), at(20));
      expect(await announced(m)).toEqual(['2026-05-31 10']);
      // the pagehide: 1 June's running total, 20
      await app.playbacks.beat(p.playbackId, { userId: m }, beat({ seq: 3, event: 'pagehide' }), at(30));
      // a new playback's end adds 10 s: 30
      const p2 = await app.playbacks.start(m, { sessionId: lesson }, null, at(35));
      await app.playbacks.beat(p2.playbackId, { userId: m }, beat({ seq: 1, event: 'ended' }), at(45));
      expect(await announced(m)).toEqual(['2026-05-31 10', '2026-06-01 20', '2026-06-01 30']);
    });
  });

  describe('live viewers now', () => {
    const createStream = async (body: object) => {
      const res = await call('POST', '/admin/live-streams', staff, { name: 'ไลฟ์', ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<LiveStreamWithKey>();
    };
    const channelMember = async (streamId: string) => {
      const userId = `v-${uuidv7()}`;
      const course = await app.courses.create(
        { title: `ช่อง ${uuidv7().slice(-4)}`, liveStreaming: 'Y', liveStreamingId: streamId },
        null,
      );
      await app.enrolmentAdmin.grant(
        { userId, courseId: course.id, start: addDays(bangkokDay(new Date()), -1) },
        staffId,
      );
      return userId;
    };
    const viewersNow = async () => {
      const res = await call('GET', '/admin/live-streams/viewers-now', staff);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<LiveViewersNow>();
    };

    it('counts distinct members holding an unexpired address of a live stream; expired and off-air do not count; staff only', async () => {
      const a = await createStream({ name: 'ห้อง A', live: 'Y' });
      const b = await createStream({ name: 'ห้อง B', live: 'Y' });
      const off = await createStream({ name: 'ห้องปิด', live: 'N' });
      expect(await viewersNow()).toEqual({
        viewers: 0,
        streams: [
          { streamId: a.id, name: 'ห้อง A', viewers: 0 },
          { streamId: b.id, name: 'ห้อง B', viewers: 0 },
        ],
      });
      const m1 = await channelMember(a.id);
      const m2 = await channelMember(a.id);
      const m3 = await channelMember(off.id);
      // m2 may watch B too (a second course)
      const courseB = await app.courses.create(
        { title: 'ช่อง B', liveStreaming: 'Y', liveStreamingId: b.id },
        null,
      );
      await app.enrolmentAdmin.grant(
        { userId: m2, courseId: courseB.id, start: addDays(bangkokDay(new Date()), -1) },
        staffId,
      );
      const t = new Date();
      await app.liveWatching.watch(m1, a.id, t);
      await app.liveWatching.watch(m2, a.id, t);
      await app.liveWatching.watch(m2, a.id, t); // asking again keeps one row
      await app.liveWatching.watch(m2, b.id, t);
      const offAir = await app.liveWatching.watch(m3, off.id, t);
      expect(offAir.playbackUrl).toBeNull();

      expect(await viewersNow()).toEqual({
        viewers: 2,
        streams: [
          { streamId: a.id, name: 'ห้อง A', viewers: 2 },
          { streamId: b.id, name: 'ห้อง B', viewers: 1 },
        ],
      });
      // the addresses live LEARNING_LIVE_URL_TTL_S (300 s): at +301 s nobody holds one
      const later = new Date(t.getTime() + 301_000);
      expect(await app.liveWatching.viewersNow(later)).toEqual({
        viewers: 0,
        streams: [
          { streamId: a.id, name: 'ห้อง A', viewers: 0 },
          { streamId: b.id, name: 'ห้อง B', viewers: 0 },
        ],
      });
      // m1 renews at +301 s: counted again; m2's expired row of A is pruned by that write
      await app.liveWatching.watch(m1, a.id, later);
      expect((await app.liveWatching.viewersNow(later)).viewers).toBe(1);
      const rows = (await app.kit.orm.em
        .fork()
        .execute(`select user_id from live_viewers where live_stream_id = ?`, [a.id])) as {
        user_id: string;
      }[];
      expect(rows.map((r) => r.user_id)).toEqual([m1]);

      // B goes off air: not listed, its watcher not counted
      const put = await call('PUT', `/admin/live-streams/${b.id}`, staff, { live: 'N' });
      expect(put.statusCode, put.body).toBe(200);
      expect(await viewersNow()).toEqual({
        viewers: 1,
        streams: [{ streamId: a.id, name: 'ห้อง A', viewers: 1 }],
      });

      // staff only
      const anon = await call('GET', '/admin/live-streams/viewers-now');
      expect([anon.statusCode, anon.json<Problem>().code]).toEqual([401, 'auth.unauthenticated']);
      const asMember = await call('GET', '/admin/live-streams/viewers-now', await issuer.member(m1));
      expect(asMember.statusCode).toBe(403);
    });
  });
});

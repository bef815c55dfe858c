import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type Envelope } from '@rian/proto-contracts/envelope';
import { CheckinRecorded, CheckinRemoved } from '@rian/proto-contracts/learning-checkin';
import { SessionChanged, SessionDeleted, type SessionRecord } from '@rian/proto-contracts/learning-content';
import { WatchDayTotalled } from '@rian/proto-contracts/learning-watch';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { readDashboard } from '../../src/domain/dashboard.js';
import { startInsights } from '../helpers.js';

/**
 * The dashboard's learning figures from learning's events replayed into insights' read models
 * (issue 20). Every expected number is worked by hand in the comments.
 *
 * The week: Monday 2 – Sunday 8 March 2026 (Bangkok).
 * Check-ins:
 *   K1 u1 2026-03-02T03:00Z → 2 March (delivered twice, and once more as another event id)
 *   K2 u2 2026-03-04T16:30Z → 23:30 Bangkok on 4 March
 *   K6 u2 2026-03-04T17:30Z → 00:30 Bangkok on 5 March (4 March in UTC)
 *   K3 u3 2026-03-05T02:00Z → 5 March, then removed
 *   K4 u1 2026-03-07T16:59Z → 23:59 Bangkok on 7 March
 *   K5 u5 2026-03-06T03:00Z → removed heard before recorded: never counted
 * Watch (running day totals):
 *   u4 3 March: 300, 600, then a late 300, then 600 again → 600
 *   u4 6 March: 630.4
 *   u6 8 March: 120.3
 *   u7 1 March: 500 (before the range and the week)
 * Sessions: S1 real 5 March; S2 video 5 March moved to 6 March; S3 live 5 March deleted (and a late
 * change after the delete); S4 meeting 5 March with a late older change to 9 March (ignored).
 */
describe('the dashboard’s learning figures from replayed learning events', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let issuer: TestTokenIssuer;
  let learning: TestBus;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startInsights(env, issuer);
    learning = await TestBus.open(env, 'learning');
  });
  afterAll(async () => {
    await learning?.close();
    await app?.close();
    await env?.cleanup();
  });

  const send = (e: Envelope, msgId?: string) => learning.deliver(e, 'insights', msgId);
  const ev = { source: 'learning' } as const;
  const course = uuidv7();
  const session = (id: string, date: string, type: SessionRecord['type'], updatedAt: string) =>
    buildEvent(
      SessionChanged,
      {
        id,
        courseId: course,
        type,
        item: 1,
        title: 'บทเรียน',
        detail: null,
        date,
        start: null,
        to: null,
        close: 'unlimit',
        view: 'Y',
        checkin: type === 'real' ? 'Y' : 'N',
        special: 'N',
        rating: 0,
        pdf: null,
        videoId: null,
        zoomRoomId: null,
        instructorId: null,
        liveStreamId: null,
        createdBy: null,
        createdAt: '2026-02-01T00:00:00.000Z',
        updatedAt,
      },
      ev,
    );
  const sessionId = uuidv7();
  const checkin = (checkinId: string, userId: string, checkedInAt: string) =>
    buildEvent(
      CheckinRecorded,
      {
        checkinId,
        userId,
        sessionId,
        courseId: course,
        sessionTitle: 'สัมมนา',
        sessionDate: '2026-03-02',
        method: 'qr',
        checkedInAt,
      },
      ev,
    );
  const removed = (checkinId: string, userId: string, checkedInAt: string) =>
    buildEvent(
      CheckinRemoved,
      { checkinId, userId, sessionId, checkedInAt, removedAt: '2026-03-08T00:00:00.000Z' },
      ev,
    );
  const watched = (userId: string, day: string, seconds: number) =>
    buildEvent(WatchDayTotalled, { userId, day, seconds, at: `${day}T10:00:00.000Z` }, ev);

  it('counts active members, watch seconds, check-ins and today’s sessions by exact numbers', async () => {
    const [u1, u2, u3, u4, u5, u6, u7] = Array.from({ length: 7 }, (_, i) => `u${i + 1}-${uuidv7()}`);
    const [k1, k2, k3, k4, k5, k6] = Array.from({ length: 6 }, () => uuidv7()) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];

    // check-ins
    const k1Event = checkin(k1, u1!, '2026-03-02T03:00:00.000Z');
    await send(k1Event);
    await send(k1Event, `${k1Event.id}-again`); // the same event redelivered: the inbox skips it
    await send(checkin(k1, u1!, '2026-03-02T03:00:00.000Z')); // learning republished it (new id): still once
    await send(checkin(k2, u2!, '2026-03-04T16:30:00.000Z')); // 23:30 Bangkok, 4 March
    await send(checkin(k6, u2!, '2026-03-04T17:30:00.000Z')); // 00:30 Bangkok, 5 March
    await send(checkin(k3, u3!, '2026-03-05T02:00:00.000Z'));
    await send(removed(k3, u3!, '2026-03-05T02:00:00.000Z'));
    await send(checkin(k4, u1!, '2026-03-07T16:59:00.000Z')); // 23:59 Bangkok, 7 March
    await send(removed(k5, u5!, '2026-03-06T03:00:00.000Z')); // the removal first ...
    await send(checkin(k5, u5!, '2026-03-06T03:00:00.000Z')); // ... then its check-in: never counted

    // watch day totals
    await send(watched(u4!, '2026-03-03', 300));
    const six = watched(u4!, '2026-03-03', 600);
    await send(six);
    await send(watched(u4!, '2026-03-03', 300)); // late, lower: kept 600
    await send(six, `${six.id}-again`); // replayed
    await send(watched(u4!, '2026-03-03', 600)); // the same total again under another id
    await send(watched(u4!, '2026-03-06', 630.4));
    await send(watched(u6!, '2026-03-08', 120.3));
    await send(watched(u7!, '2026-03-01', 500));

    // sessions
    const [s1, s2, s3, s4] = Array.from({ length: 4 }, () => uuidv7());
    await send(session(s1!, '2026-03-05', 'real', '2026-03-01T00:00:00.000Z'));
    await send(session(s2!, '2026-03-05', 'video', '2026-03-01T00:00:00.000Z'));
    await send(session(s2!, '2026-03-06', 'video', '2026-03-02T00:00:00.000Z')); // moved to 6 March
    await send(session(s3!, '2026-03-05', 'live', '2026-03-01T00:00:00.000Z'));
    await send(
      buildEvent(SessionDeleted, { id: s3!, courseId: course, deletedAt: '2026-03-03T00:00:00.000Z' }, ev),
    );
    await send(session(s3!, '2026-03-05', 'live', '2026-03-04T00:00:00.000Z')); // after the delete: stays gone
    await send(session(s4!, '2026-03-05', 'meeting', '2026-03-02T00:00:00.000Z'));
    await send(session(s4!, '2026-03-09', 'meeting', '2026-03-01T00:00:00.000Z')); // older: ignored

    const read = (from: string, to: string, bucket: 'day' | 'week' | 'month', now: string) =>
      readDashboard(app.kit.orm.em.fork(), { from, to, bucket }, new Date(now)).then((a) => a.learning);

    // the week by day, asked at 12:00 Bangkok on 5 March
    const week = await read('2026-03-02', '2026-03-08', 'day', '2026-03-05T05:00:00.000Z');
    expect(week).toEqual({
      // watched: u4, u6; checked in: u1, u2 (u3 and u5 removed; u7 watched on 1 March, outside)
      activeThisWeek: 4,
      // 600 + 630.4 + 120.3 = 1,350.7 → 1,351
      watchSeconds: 1351,
      // S1 and S4 (S2 moved to the 6th, S3 deleted)
      sessionsToday: 2,
      // K1, K2, K6, K4 (K3 and K5 removed)
      checkIns: 4,
      series: [
        { bucket: '2026-03-02', watchSeconds: 0, checkIns: 1 },
        { bucket: '2026-03-03', watchSeconds: 600, checkIns: 0 },
        { bucket: '2026-03-04', watchSeconds: 0, checkIns: 1 },
        { bucket: '2026-03-05', watchSeconds: 0, checkIns: 1 },
        { bucket: '2026-03-06', watchSeconds: 630, checkIns: 0 },
        { bucket: '2026-03-07', watchSeconds: 0, checkIns: 1 },
        { bucket: '2026-03-08', watchSeconds: 120, checkIns: 0 },
      ],
    });
    // by week: one bucket, Monday 2 March
    expect((await read('2026-03-02', '2026-03-08', 'week', '2026-03-05T05:00:00.000Z')).series).toEqual([
      { bucket: '2026-03-02', watchSeconds: 1351, checkIns: 4 },
    ]);
    // asked at 00:30 Bangkok on 6 March (17:30Z on the 5th): today is the 6th — S2 only
    expect((await read('2026-03-02', '2026-03-08', 'day', '2026-03-05T17:30:00.000Z')).sessionsToday).toBe(1);
    // 4 March alone: the week ending then is 26 Feb – 4 March: u7 (1 March), u1 (2nd), u4 (3rd), u2 (4th)
    expect(await read('2026-03-04', '2026-03-04', 'day', '2026-03-05T05:00:00.000Z')).toEqual({
      activeThisWeek: 4,
      watchSeconds: 0,
      sessionsToday: 2,
      checkIns: 1,
      series: [{ bucket: '2026-03-04', watchSeconds: 0, checkIns: 1 }],
    });
  });

  it('a year of per-day learning rows reads in one pass: 12 monthly buckets with the expected sums', async () => {
    const db = app.kit.orm.em.fork().getConnection();
    // 2024 (a leap year, 366 days; nothing else in the database falls in it): day i has i+1 check-ins
    // and (i+1)·60.5 watch seconds; 200 members watched each day
    await db.execute(`insert into learning_days (day, watch_seconds, check_ins)
      select date '2024-01-01' + i, (i + 1) * 60.5, i + 1 from generate_series(0, 365) as i`);
    await db.execute(`insert into learning_watch_days (user_id, day, seconds)
      select 'y' || m, date '2024-01-01' + i, 10 from generate_series(0, 365) i, generate_series(1, 200) m`);
    const read = () =>
      readDashboard(
        app.kit.orm.em.fork(),
        { from: '2024-01-01', to: '2024-12-31', bucket: 'month' },
        new Date('2024-12-31T05:00:00.000Z'),
      );
    await read(); // warm
    const started = performance.now();
    const { learning: l } = await read();
    const ms = performance.now() - started;
    // check-ins 1 + … + 366 = 366·367/2 = 67,161; seconds 67,161 × 60.5 = 4,063,240.5 → 4,063,241
    expect(l).toMatchObject({ checkIns: 67_161, watchSeconds: 4_063_241, activeThisWeek: 200 });
    expect(l.series).toHaveLength(12);
    // January: days 0..30 → 1 + … + 31 = 496 check-ins, 496 × 60.5 = 30,008 s
    expect(l.series[0]).toEqual({ bucket: '2024-01-01', watchSeconds: 30_008, checkIns: 496 });
    expect(ms).toBeLessThan(1_000);
    process.stdout.write(`learning year read: ${ms.toFixed(1)} ms\n`);
  });
});

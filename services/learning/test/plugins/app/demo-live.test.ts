import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { DEMO_COURSE_IDS, DEMO_LIVE_STREAM_IDS } from '@rian/proto-contracts/demo';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import type {
  LiveBroadcastsPage,
  LiveStreamMemberList,
  LiveStreamsPage,
  ReplayCallList,
} from '@rian/proto-contracts/learning-live';
import type { VideoStaff } from '@rian/proto-contracts/learning-content';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { seedDemoLive, seedDemoReplay } from '../../../src/plugins/app/demo-seed.js';
import { DEMO_CONTENT_IDS } from '../../../src/domain/demo-content.js';
import { bearer, startLearning } from '../../helpers.js';

/** Issue 15: the demo's live streams (LEARNING_SEED_DEMO) and the Forex course's live channels. */
describe('demo live streams', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let issuer: TestTokenIssuer;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer, { LEARNING_SEED_DEMO: 'true' });
  });
  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  it('seeds the Forex channel and the live trade room off air, gives them to the Forex course, and only once', async () => {
    const staff = bearer(await issuer.staff());
    const streams = (
      await app.inject({ method: 'GET', url: '/admin/live-streams?sort=name', headers: staff })
    ).json<LiveStreamsPage>();
    expect(streams.items.map((s) => [s.id, s.kind, s.live]).sort()).toEqual(
      [
        [DEMO_LIVE_STREAM_IDS.forexLive, 'stream', 'N'],
        [DEMO_LIVE_STREAM_IDS.liveTrade, 'trade', 'N'],
      ].sort(),
    );
    const course = (
      await app.inject({
        method: 'GET',
        url: `/admin/courses/${DEMO_COURSE_IDS.forexBasics}`,
        headers: staff,
      })
    ).json<CourseStaff>();
    expect(course).toMatchObject({
      liveStreaming: 'Y',
      liveStreamingId: DEMO_LIVE_STREAM_IDS.forexLive,
      liveTradeId: DEMO_LIVE_STREAM_IDS.liveTrade,
    });
    expect(await seedDemoLive(app)).toBe(0);

    // a member who bought the Forex course may watch both
    const userId = `m-${uuidv7()}`;
    await app.enrolmentAdmin.grant(
      { userId, courseId: DEMO_COURSE_IDS.forexBasics, start: '2026-01-01' },
      's',
    );
    const mine = (
      await app.inject({
        method: 'GET',
        url: '/member/live/streams',
        headers: bearer(await issuer.member(userId)),
      })
    ).json<LiveStreamMemberList>();
    expect(mine.items.map((s) => s.id).sort()).toEqual(
      [DEMO_LIVE_STREAM_IDS.forexLive, DEMO_LIVE_STREAM_IDS.liveTrade].sort(),
    );
  });

  it('seeds the replay once: a finished broadcast of the live trade room whose recording is the 40 s lesson, with calls at 5, 15 and 30 s', async () => {
    const staff = bearer(await issuer.staff());
    const page = (
      await app.inject({
        method: 'GET',
        url: `/admin/live-streams/${DEMO_LIVE_STREAM_IDS.liveTrade}/broadcasts`,
        headers: staff,
      })
    ).json<LiveBroadcastsPage>();
    expect(page.items).toHaveLength(1);
    const [b] = page.items;
    expect(b).toMatchObject({ id: DEMO_CONTENT_IDS.replayBroadcast, callCount: 3, recordingCount: 1 });
    expect(b!.endedAt).not.toBeNull();
    const video = (
      await app.inject({
        method: 'GET',
        url: `/admin/videos/${DEMO_CONTENT_IDS.candlesVideo}`,
        headers: staff,
      })
    ).json<VideoStaff>();
    expect(video).toMatchObject({ recordingBroadcastId: b!.id, recordingOffsetS: 0 });
    expect(await seedDemoReplay(app)).toBe(false);

    // a Forex member opening the lesson (today's session) reads the three calls in the video's time
    const userId = `m-${uuidv7()}`;
    await app.enrolmentAdmin.grant(
      { userId, courseId: DEMO_COURSE_IDS.forexBasics, start: '2026-01-01' },
      's',
    );
    const replay = (
      await app.inject({
        method: 'GET',
        url: `/member/sessions/${DEMO_CONTENT_IDS.sessions.candles}/calls`,
        headers: bearer(await issuer.member(userId)),
      })
    ).json<ReplayCallList>();
    expect(replay.items.map((c) => c.videoTime)).toEqual([5, 15, 30]);
    expect(replay.items.every((c) => c.call !== null)).toBe(true);
  });
});

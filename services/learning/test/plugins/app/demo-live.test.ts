import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { DEMO_COURSE_IDS, DEMO_LIVE_STREAM_IDS } from '@rian/proto-contracts/demo';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import type { LiveStreamMemberList, LiveStreamsPage } from '@rian/proto-contracts/learning-live';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { seedDemoLive } from '../../../src/plugins/app/demo-seed.js';
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
});

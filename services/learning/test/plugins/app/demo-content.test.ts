import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import {
  DEMO_COURSE_IDS,
  DEMO_FILE_IDS,
  DEMO_LIVE_STREAM_IDS,
  DEMO_SECOND_VIDEO_ASSET_ID,
  DEMO_VIDEO_ASSET_ID,
} from '@rian/proto-contracts/demo';
import type {
  DocumentListsPage,
  SessionsPage,
  VideosPage,
  ZoomRoomsPage,
} from '@rian/proto-contracts/learning-content';
import { bearer, startLearning } from '../../helpers.js';
import { fileStored } from '../../content-events.js';
import { addDays, bangkokDay } from '../../../src/domain/field-rules.js';

const SEED = { LEARNING_SEED_DEMO: 'true' };

/** The demo courses' sessions, videos, Zoom room and document (LEARNING_SEED_DEMO). */
describe('demo course content', () => {
  let issuer: TestTokenIssuer;
  let staff: Record<string, string>;
  const envs: TestEnv[] = [];
  const apps: ServiceApp[] = [];

  const start = async (env: TestEnv) => {
    const app = await startLearning(env, issuer, SEED);
    apps.push(app);
    return app;
  };
  const newEnv = async () => {
    const env = await createTestEnv();
    envs.push(env);
    return env;
  };
  const read = async <T>(app: ServiceApp, url: string) =>
    (await app.inject({ method: 'GET', url, headers: staff })).json<T>();

  beforeAll(async () => {
    issuer = await TestTokenIssuer.create();
    staff = bearer(await issuer.staff());
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(async () => {
    for (const env of envs) await env.cleanup();
  });

  it('gives the Forex course sessions of each type before, on and after today (Bangkok), its lessons in order, all playing offline', async () => {
    const app = await start(await newEnv());
    const today = bangkokDay(new Date());
    const fx = await read<SessionsPage>(app, `/admin/courses/${DEMO_COURSE_IDS.forexBasics}/sessions`);
    expect(fx.items.map((s) => [s.date, s.type, s.item])).toEqual([
      [addDays(today, -3), 'live', 1],
      [addDays(today, -2), 'video', 2],
      [addDays(today, -1), 'meeting', 3],
      [today, 'video', 4],
      [today, 'live', 5],
      [today, 'live', 9],
      [today, 'real', 10],
      [addDays(today, 1), 'meeting', 6],
      [addDays(today, 3), 'real', 7],
      [addDays(today, 7), 'real', 8],
    ]);
    const [, pairs, pastMeeting, candles, live, tradeRoom, seminar, meeting, workshop] = fx.items;
    // the lessons read in order: lesson 1 two days ago, lesson 2 today
    expect(pairs!.video).toMatchObject({ name: 'บทที่ 1: คู่เงินหลัก (Major pairs)' });
    expect(candles!.video).toMatchObject({ name: 'บทที่ 2: กราฟแท่งเทียน (Candlesticks)' });
    // titles in Thai with English in parentheses
    for (const s of fx.items) expect(s.title).toMatch(/^[^()]*[\u0E00-\u0E7F][^()]* \([A-Za-z][^()]*\)$/);
    expect(live).toMatchObject({ start: '20:00', to: '21:30', liveStreamId: DEMO_LIVE_STREAM_IDS.forexLive });
    expect(tradeRoom).toMatchObject({ liveStreamId: DEMO_LIVE_STREAM_IDS.liveTrade });
    expect(meeting!.zoomRoom).toMatchObject({ title: expect.any(String) });
    expect(pastMeeting!.zoomRoom).toMatchObject({ id: meeting!.zoomRoom!.id });
    expect(workshop).toMatchObject({ checkin: 'Y', start: '09:00', to: '16:00' });
    // today's seminar takes check-ins (issue 16): its window is today and the close day on
    expect(seminar).toMatchObject({ checkin: 'Y', date: today, close: addDays(today, 13) });

    // every lesson plays with no internet: an upload on one of media's demo assets, no Vimeo or HLS URL
    const videos = await read<VideosPage>(app, '/admin/videos');
    expect(
      videos.items.map((v) => [v.courseId, v.source, v.assetId, v.vimeoId, v.hlsUrl, v.name.slice(0, 7)]),
    ).toEqual([
      [DEMO_COURSE_IDS.forexBasics, 'upload', DEMO_SECOND_VIDEO_ASSET_ID, null, null, 'บทที่ 1'],
      [DEMO_COURSE_IDS.priceAction, 'upload', DEMO_SECOND_VIDEO_ASSET_ID, null, null, 'บทที่ 1'],
      [DEMO_COURSE_IDS.forexBasics, 'upload', DEMO_VIDEO_ASSET_ID, null, null, 'บทที่ 2'],
    ]);
    expect(videos.items.find((v) => v.id === candles!.video!.id)).toMatchObject({
      assetId: DEMO_VIDEO_ASSET_ID,
    });
    // Forex lesson 1 is the demo's free preview (/course/video/{id}); the others are for members
    expect(videos.items.filter((v) => v.preview === 'Y').map((v) => v.id)).toEqual([pairs!.video!.id]);
    const rooms = await read<ZoomRoomsPage>(app, '/admin/zoom-rooms');
    expect(rooms.items).toHaveLength(1);
    expect(rooms.items[0]!.passcode).toEqual(expect.any(String));
    const pa = await read<SessionsPage>(app, `/admin/courses/${DEMO_COURSE_IDS.priceAction}/sessions`);
    expect(pa.items.map((s) => s.type)).toEqual(['video', 'meeting']);
    expect(pa.items[0]!.video).toMatchObject({ name: 'บทที่ 1: โครงสร้างตลาด (Market structure)' });
    // a product page can show it
    const curriculum = await app.inject({
      method: 'GET',
      url: `/courses/${DEMO_COURSE_IDS.forexBasics}/curriculum`,
    });
    expect(curriculum.json<{ items: { title: string }[] }>().items.map((i) => i.title)).toEqual(
      fx.items.map((s) => s.title),
    );
  });

  it('seeds once (a restart, two replicas), and lists the demo document as soon as media has announced its file', async () => {
    const env = await newEnv();
    await (await startLearning(env, issuer, {})).close(); // tables first: the replicas race on the seed only
    const [a, b] = await Promise.all([start(env), start(env)]);
    const sessions = async (app: ServiceApp) =>
      (await read<SessionsPage>(app, `/admin/courses/${DEMO_COURSE_IDS.forexBasics}/sessions`)).total;
    expect(await sessions(a!)).toBe(10);
    expect(await sessions(b!)).toBe(10);
    expect((await read<DocumentListsPage>(a!, '/admin/document-lists')).total).toBe(0);

    // media announces the demo file after learning started: the running replicas list the document
    // on the Forex course (once between them), no restart needed
    const media = await TestBus.open(env, 'media');
    try {
      await media.deliver(
        fileStored({ fileId: DEMO_FILE_IDS.forexSheet, filename: 'forex-basics.pdf' }),
        'learning',
      );
    } finally {
      await media.close();
    }
    const listed = await eventually(async () => {
      const page = await read<DocumentListsPage>(
        b!,
        `/admin/document-lists?courseId=${DEMO_COURSE_IDS.forexBasics}`,
      );
      return page.total > 0 ? page : undefined;
    }, 15_000);
    expect(listed.items.map((l) => l.document.name)).toEqual([expect.stringContaining('Forex')]);
    for (const app of apps.splice(0)) await app.close();
    const again = await start(env);
    expect(await sessions(again)).toBe(10);
    const lists = await read<DocumentListsPage>(
      again,
      `/admin/document-lists?courseId=${DEMO_COURSE_IDS.forexBasics}`,
    );
    expect(lists.items.map((l) => l.document.name)).toEqual([expect.stringContaining('Forex')]);
    for (const app of apps.splice(0)) await app.close();
    const third = await start(env);
    expect((await read<DocumentListsPage>(third, '/admin/document-lists')).total).toBe(1);
  });
});

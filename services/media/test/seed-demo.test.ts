import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { DEMO_SECOND_VIDEO_ASSET_ID, DEMO_VIDEO_ASSET_ID } from '@rian/proto-contracts/demo';
import type { EventData } from '@rian/proto-contracts/envelope';
import { VideoAssetChanged, type VideoAssetView } from '@rian/proto-contracts/media-assets';
import { bearer, removeDir, startMedia, tempDir } from './helpers.js';

type Changed = EventData<typeof VideoAssetChanged>;

describe('MEDIA_SEED_DEMO: the demo lesson videos', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp | undefined;
  let dir: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    dir = await tempDir();
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
    if (dir) await removeDir(dir);
  });

  const start = () =>
    startMedia(env, issuer, {
      MEDIA_DIR: join(dir, 'store'),
      MEDIA_UPLOAD_DIR: join(dir, 'uploads'),
      MEDIA_WORK_DIR: join(dir, 'work'),
      MEDIA_X264_PRESET: 'ultrafast',
      MEDIA_SEED_DEMO: 'true',
    });
  const demoEvents = async () =>
    (await publishedEvents<Changed>(env.namespace, 'media', VideoAssetChanged.type)).filter(
      (e) => e.data.assetId === DEMO_VIDEO_ASSET_ID || e.data.assetId === DEMO_SECOND_VIDEO_ASSET_ID,
    );
  const asset = async (id: string) => {
    const res = await app!.inject({
      method: 'GET',
      url: `/admin/videos/${id}`,
      headers: bearer(await issuer.staff('staff')),
    });
    return res.statusCode === 200 ? (res.json() as VideoAssetView) : undefined;
  };
  const settled = (id: string) =>
    eventually(
      async () => {
        const a = await asset(id);
        return a && (a.status === 'ready' || a.status === 'failed') ? a : undefined;
      },
      60_000,
      250,
    );

  it('generates two test patterns, transcodes them to the fixed demo assets, and leaves ready ones alone on restart', async () => {
    app = await start();
    const ready = await settled(DEMO_VIDEO_ASSET_ID);
    expect(ready).toMatchObject({ status: 'ready', renditions: ['360p', '720p'], width: 1280, height: 720 });
    const second = await settled(DEMO_SECOND_VIDEO_ASSET_ID);
    // the second is small: one 360p rendition, 8 s
    expect(second).toMatchObject({
      status: 'ready',
      renditions: ['360p'],
      width: 640,
      height: 360,
      durationSeconds: expect.closeTo(8, 0),
    });
    expect(second!.originalName).not.toBe(ready!.originalName);
    const playlist = await app.inject({
      method: 'GET',
      url: `/admin/videos/${DEMO_SECOND_VIDEO_ASSET_ID}/playback`,
      headers: bearer(await issuer.staff('staff')),
    });
    expect(playlist.statusCode).toBe(200);
    const events = await eventually(async () => {
      const all = await demoEvents();
      const ready = (id: string) => all.some((e) => e.data.assetId === id && e.data.status === 'ready');
      return ready(DEMO_VIDEO_ASSET_ID) && ready(DEMO_SECOND_VIDEO_ASSET_ID) ? all : undefined;
    });
    const outboxRows = async (a: ServiceApp) =>
      (
        (await a.kit.orm.em
          .fork()
          .execute(`select count(*)::int as n from kit_outbox where type = ?`, [VideoAssetChanged.type])) as {
          n: number;
        }[]
      )[0]!.n;
    const before = await outboxRows(app);
    expect(before).toBe(events.length);
    await app.close();

    // a restart (closing waits for its seeding step) changes nothing: no new row, no new event
    app = await start();
    await app.close();
    app = await startMedia(env, issuer, { MEDIA_DIR: join(dir, 'store'), MEDIA_TRANSCODE_CONCURRENCY: '0' });
    expect(await outboxRows(app)).toBe(before);
    expect(await asset(DEMO_VIDEO_ASSET_ID)).toMatchObject({ status: 'ready', updatedAt: ready!.updatedAt });
    expect(await asset(DEMO_SECOND_VIDEO_ASSET_ID)).toMatchObject({
      status: 'ready',
      updatedAt: second!.updatedAt,
    });
    // two ffmpeg transcodes (waited for up to 60 s each above) on a 2-core machine shared with the
    // other projects' tests: more than the project's 30 s default
  }, 180_000);
});

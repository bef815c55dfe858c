import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { signMediaUrl } from '@rian/kit/signed-url';
import type { EventData } from '@rian/proto-contracts/envelope';
import { VideoAssetChanged, type VideoAssetView } from '@rian/proto-contracts/media-assets';
import { bearer, filesUnder, removeDir, startMedia, tempDir, testVideo } from '../helpers.js';

type Changed = EventData<typeof VideoAssetChanged>;
const SECRET = 'test-media-url-secret-failures-01';

/**
 * A transcode that fails after ffmpeg has written its renditions (here: an ffmpeg that does all its
 * work, then exits 1) ends `failed` with the reason; nothing it wrote reaches the store or a player,
 * and its scratch folder is gone.
 */
describe('a transcode that fails late', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let dir: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    dir = await tempDir();
    const ffmpeg = join(dir, 'ffmpeg-then-fail.sh');
    await writeFile(
      ffmpeg,
      '#!/bin/sh\nffmpeg "$@" || exit $?\necho "simulated failure after the work" >&2\nexit 1\n',
    );
    await chmod(ffmpeg, 0o755);
    app = await startMedia(env, issuer, {
      MEDIA_DIR: join(dir, 'store'),
      MEDIA_UPLOAD_DIR: join(dir, 'uploads'),
      MEDIA_WORK_DIR: join(dir, 'work'),
      MEDIA_URL_SECRET: SECRET,
      MEDIA_X264_PRESET: 'ultrafast',
      MEDIA_FFMPEG: ffmpeg,
    });
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
    if (dir) await removeDir(dir);
  });

  it('ends failed with the reason, serves nothing and leaves no scratch', async () => {
    const staff = bearer(await issuer.staff('staff'));
    const video = await readFile(await testVideo(dir, { seconds: 2 }));
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await app.inject({
      method: 'POST',
      url: '/videos/uploads',
      headers: { ...staff, ...tus, 'upload-length': String(video.length) },
    });
    const location = created.headers.location as string;
    const id = location.split('/').pop()!;
    const sent = await app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...staff, ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: video,
    });
    expect(sent.statusCode).toBe(204);

    const failed = await eventually(
      async () => {
        const a = (
          await app.inject({ method: 'GET', url: `/admin/videos/${id}`, headers: staff })
        ).json() as VideoAssetView;
        return a.status === 'failed' || a.status === 'ready' ? a : undefined;
      },
      30_000,
      200,
    );
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/ffmpeg failed \(exit 1\): simulated failure after the work/);
    // a content failure is not retried: one transcoding run, then failed
    const events = await eventually(async () => {
      const all = (await publishedEvents<Changed>(env.namespace, 'media', VideoAssetChanged.type)).filter(
        (e) => e.data.assetId === id,
      );
      return all.some((e) => e.data.status === 'failed') ? all : undefined;
    });
    expect(events.filter((e) => e.data.status === 'transcoding' && e.data.progress === 0)).toHaveLength(1);
    expect(events.at(-1)!.data).toMatchObject({ status: 'failed', playlist: null, poster: null });

    expect((await filesUnder(join(dir, 'store'))).filter((f) => f.startsWith('private/hls/'))).toEqual([]);
    expect(await filesUnder(join(dir, 'work'))).toEqual([]);
    const url = signMediaUrl({
      base: '',
      secret: SECRET,
      scope: `hls/${id}`,
      file: 'master.m3u8',
      ttlSeconds: 60,
      now: new Date(),
    });
    expect((await app.inject({ method: 'GET', url: url.url })).statusCode).toBe(404);
  });
});

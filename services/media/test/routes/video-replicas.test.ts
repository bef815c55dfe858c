import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { EventData } from '@rian/proto-contracts/envelope';
import {
  VideoAssetChanged,
  type VideoAssetView,
  type VideoPlayback,
} from '@rian/proto-contracts/media-assets';
import { bearer, filesUnder, removeDir, startMedia, tempDir, testVideo } from '../helpers.js';

type Changed = EventData<typeof VideoAssetChanged>;

/**
 * Two media replicas sharing a database, a bus, the file store and the upload folder, as in a
 * deployment: a job cut off with its replica goes to the other; an upload whose finishing was cut
 * off is finished by the next sweep; an abandoned one is removed.
 */
describe('lesson videos across replicas', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let dir: string;
  let staff: Record<string, string>;
  let first: ServiceApp | undefined;
  let second: ServiceApp | undefined;
  let video: Buffer;

  const settings = () => ({
    MEDIA_DIR: join(dir, 'store'),
    MEDIA_UPLOAD_DIR: join(dir, 'uploads'),
    MEDIA_WORK_DIR: join(dir, 'work'),
    MEDIA_URL_SECRET: 'test-media-url-secret-replicas-0001',
    MEDIA_X264_PRESET: 'ultrafast',
    // a replica that stops heartbeating loses its job after this
    MEDIA_TRANSCODE_ACK_WAIT_MS: '3000',
  });

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    dir = await tempDir();
    staff = bearer(await issuer.staff('staff'));
    video = await readFile(await testVideo(dir, { seconds: 8, size: '1280x720' }));
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await env?.cleanup();
    if (dir) await removeDir(dir);
  });

  const tus = { 'tus-resumable': '1.0.0' };
  async function createUpload(app: ServiceApp, length: number, filename: string): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/videos/uploads',
      headers: {
        ...staff,
        ...tus,
        'upload-length': String(length),
        'upload-metadata': `filename ${Buffer.from(filename).toString('base64')}`,
      },
    });
    expect(res.statusCode).toBe(201);
    return res.headers.location as string;
  }
  const patch = (app: ServiceApp, location: string, offset: number, body: Buffer) =>
    app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...staff,
        ...tus,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: body,
    });
  const asset = async (app: ServiceApp, id: string): Promise<VideoAssetView> =>
    (await app.inject({ method: 'GET', url: `/admin/videos/${id}`, headers: staff })).json();
  const backdate = (app: ServiceApp, id: string, interval: string) =>
    app.kit.orm.em
      .fork()
      .execute(`update video_assets set updated_at = now() - interval '${interval}' where id = ?`, [id]);

  it('hands a job cut off with its replica to the other, which finishes it (720p and 360p)', async () => {
    first = await startMedia(env, issuer, settings());
    const location = await createUpload(first, video.length, 'long.mp4');
    const id = location.split('/').pop()!;
    expect((await patch(first, location, 0, video)).statusCode).toBe(204);

    // the first replica has begun transcoding: now it goes away
    await eventually(async () => (await asset(first!, id)).status === 'transcoding', 20_000, 50);
    await first.close();
    first = undefined;

    // an upload whose every byte arrived while its replica died before checking it, and one left half-way
    second = await startMedia(env, issuer, { ...settings(), MEDIA_TRANSCODE_CONCURRENCY: '0' });
    const done = await createUpload(second, video.length, 'after-crash.mp4');
    const doneId = done.split('/').pop()!;
    await writeFile(join(dir, 'uploads', doneId), video);
    await backdate(second, doneId, '3 minutes');
    const left = await createUpload(second, 1000, 'left.mp4');
    expect((await patch(second, left, 0, Buffer.alloc(100))).statusCode).toBe(204);
    await backdate(second, left.split('/').pop()!, '100 hours');
    await second.close();

    // the replica that takes over sweeps at start and runs the queue
    second = await startMedia(env, issuer, settings());
    const ready = await eventually(
      async () => {
        const a = await asset(second!, id);
        return a.status === 'ready' || a.status === 'failed' ? a : undefined;
      },
      45_000,
      200,
    );
    expect(ready).toMatchObject({ status: 'ready', renditions: ['360p', '720p'], width: 1280, height: 720 });
    const events = (await publishedEvents<Changed>(env.namespace, 'media', VideoAssetChanged.type)).filter(
      (e) => e.data.assetId === id,
    );
    expect(events.at(-1)!.data).toMatchObject({ status: 'ready', playlist: 'master.m3u8' });
    // ffmpeg's progress reached staff on the way, in steps of 10
    const steps = events
      .filter((e) => e.data.status === 'transcoding' && e.data.progress > 0)
      .map((e) => e.data.progress);
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((p) => p % 10 === 0 && p < 100)).toBe(true);

    const playback = (
      await second.inject({ method: 'GET', url: `/admin/videos/${id}/playback`, headers: staff })
    ).json() as VideoPlayback;
    const master = await second.inject({
      method: 'GET',
      url: playback.playlistUrl.replace(/^\/api\/media/, ''),
    });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('RESOLUTION=1280x720');
    expect(master.body).toContain('RESOLUTION=640x360');

    const recovered = await eventually(
      async () => {
        const a = await asset(second!, doneId);
        return a.status === 'ready' || a.status === 'failed' ? a : undefined;
      },
      45_000,
      200,
    );
    expect(recovered).toMatchObject({ status: 'ready', originalName: 'after-crash.mp4' });
    const head = await second.inject({ method: 'HEAD', url: left, headers: { ...staff, ...tus } });
    expect(head.statusCode).toBe(404);
    expect(await filesUnder(join(dir, 'uploads'))).toEqual([]);
    // no scratch left behind by the job that was cut off
    expect(await filesUnder(join(dir, 'work'))).toEqual([]);
  });
});

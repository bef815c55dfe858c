import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { EventData } from '@rian/proto-contracts/envelope';
import { VideoAssetChanged, type VideoAssetView } from '@rian/proto-contracts/media-assets';
import { bearer, filesUnder, removeDir, startMedia, tempDir, testVideo } from '../helpers.js';

type Changed = EventData<typeof VideoAssetChanged>;
const MEDIA_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** SIGKILL to a detached child's whole process group (tsx, node, the fake ffmpeg); gone already is fine. */
function killGroup(child: ChildProcess | undefined): void {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // the group has exited
  }
}

/**
 * JetStream gives a transcode job up after MEDIA_TRANSCODE_MAX_DELIVER deliveries. However its last
 * attempt ends — ffmpeg killed each time, the replica killed with it, the replica shut down — the
 * asset never stays `transcoding` for ever.
 */
describe('the last delivery of a transcode job', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let dir: string;
  let staff: Record<string, string>;
  let video: Buffer;
  const apps: ServiceApp[] = [];
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    dir = await tempDir();
    staff = bearer(await issuer.staff('staff'));
    video = await readFile(await testVideo(dir, { seconds: 1 }));
    await writeFile(join(dir, 'ffmpeg-killed.sh'), '#!/bin/sh\nkill -KILL $$\n');
    await writeFile(join(dir, 'ffmpeg-hangs.sh'), '#!/bin/sh\nexec sleep 120\n');
    await chmod(join(dir, 'ffmpeg-killed.sh'), 0o755);
    await chmod(join(dir, 'ffmpeg-hangs.sh'), 0o755);
  });
  afterEach(async () => {
    killGroup(child);
    child = undefined;
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(async () => {
    await env?.cleanup();
    if (dir) await removeDir(dir);
  });

  const settings = (extra: Record<string, string>) => ({
    MEDIA_DIR: join(dir, 'store'),
    MEDIA_UPLOAD_DIR: join(dir, 'uploads'),
    MEDIA_WORK_DIR: join(dir, 'work'),
    MEDIA_TRANSCODE_ACK_WAIT_MS: '1000',
    ...extra,
  });
  const start = async (extra: Record<string, string>) => {
    const app = await startMedia(env, issuer, settings(extra));
    apps.push(app);
    return app;
  };
  const tus = { 'tus-resumable': '1.0.0' };
  async function upload(app: ServiceApp): Promise<string> {
    const created = await app.inject({
      method: 'POST',
      url: '/videos/uploads',
      headers: { ...staff, ...tus, 'upload-length': String(video.length) },
    });
    const location = created.headers.location as string;
    const sent = await app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...staff, ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: video,
    });
    expect(sent.statusCode).toBe(204);
    return location.split('/').pop()!;
  }
  const asset = async (app: ServiceApp, id: string) =>
    (
      await app.inject({ method: 'GET', url: `/admin/videos/${id}`, headers: staff })
    ).json() as VideoAssetView;
  const settled = (app: ServiceApp, id: string, timeoutMs = 30_000) =>
    eventually(
      async () => {
        const a = await asset(app, id);
        return a.status === 'failed' || a.status === 'ready' ? a : undefined;
      },
      timeoutMs,
      200,
    );
  const eventsOf = async (id: string) =>
    (await publishedEvents<Changed>(env.namespace, 'media', VideoAssetChanged.type)).filter(
      (e) => e.data.assetId === id,
    );

  it('an ffmpeg killed on every attempt (max deliver 2): tried twice, then failed with the reason', async () => {
    const app = await start({
      MEDIA_FFMPEG: join(dir, 'ffmpeg-killed.sh'),
      MEDIA_TRANSCODE_MAX_DELIVER: '2',
    });
    const id = await upload(app);
    expect(await settled(app, id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/SIGKILL/),
    });
    const events = await eventually(async () => {
      const all = await eventsOf(id);
      return all.some((e) => e.data.status === 'failed') ? all : undefined;
    });
    // two attempts, each announced as a transcode starting
    expect(events.filter((e) => e.data.status === 'transcoding' && e.data.progress === 0)).toHaveLength(2);
    expect((await filesUnder(join(dir, 'store'))).filter((f) => f.startsWith('private/hls/'))).toEqual([]);
  });

  it('a replica killed during the last attempt (JetStream drops the job): the asset ends failed', async () => {
    // this replica takes the upload and runs the relay, but transcodes nothing
    const app = await start({ MEDIA_TRANSCODE_MAX_DELIVER: '1', MEDIA_TRANSCODE_CONCURRENCY: '0' });
    const id = await upload(app);
    // the worker: another process, killed outright once it is on the job (no shutdown, no nak)
    child = spawn(join(MEDIA_ROOT, '../../node_modules/.bin/tsx'), ['src/server.ts'], {
      cwd: MEDIA_ROOT,
      detached: true,
      stdio: process.env.DEBUG_CHILD ? 'inherit' : 'ignore',
      env: {
        ...process.env,
        ...env.envFor(
          'media',
          settings({
            PORT: '0',
            MEDIA_FFMPEG: join(dir, 'ffmpeg-hangs.sh'),
            MEDIA_TRANSCODE_MAX_DELIVER: '1',
          }),
        ),
      },
    });
    await eventually(async () => (await asset(app, id)).status === 'transcoding' || undefined, 30_000, 100);
    killGroup(child);

    const failed = await settled(app, id);
    expect(failed).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('last attempt (1 of 1)'),
    });
    const last = await eventually(async () => (await eventsOf(id)).find((e) => e.data.status === 'failed'));
    expect(last.data.error).toContain('last attempt');
  });

  it('a replica shut down during the last attempt hands the asset back as a new job', async () => {
    const hanging = { MEDIA_FFMPEG: join(dir, 'ffmpeg-hangs.sh'), MEDIA_TRANSCODE_MAX_DELIVER: '1' };
    const first = await start(hanging);
    const id = await upload(first);
    await eventually(async () => (await asset(first, id)).status === 'transcoding' || undefined, 20_000, 50);
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    // queued again, as a new job: the other replica begins it (its delivery count starts again at 1)
    const second = await start(hanging);
    const statuses = await eventually(async () => {
      const all = (await eventsOf(id)).map((e) => e.data.status).filter((st) => st !== 'uploading');
      return all.length >= 4 ? all : undefined;
    }, 20_000);
    expect(statuses).toEqual(['queued', 'transcoding', 'queued', 'transcoding']);
    expect((await asset(second, id)).status).toBe('transcoding');
  });
});

/**
 * A lesson video through the real gateway into the real media service (PostgreSQL, NATS, ffmpeg):
 * the tus upload in chunks at /api/media/videos/uploads (methods, tus headers and the Location the
 * browser follows), then the HLS playlist, a rendition and a segment by the signed URL, all as a
 * browser would reach them.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestEnv, eventually, freePort, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { buildApp as buildMedia } from '@rian/media/app';
import { readConfig as mediaConfig } from '@rian/media/config';
import { buildGateway } from '../../src/app.js';
import { readConfig as gatewayConfig } from '../../src/config.js';

let env: TestEnv;
let dir: string;
let base: string;
let staff: Record<string, string>;
const apps: FastifyInstance[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  env = await createTestEnv();
  dir = mkdtempSync(join(tmpdir(), 'rian-gw-video-'));
  const issuer = await TestTokenIssuer.create();
  staff = { authorization: `Bearer ${await issuer.staff('staff')}` };
  const media = await buildMedia(
    mediaConfig(
      env.envFor('media', {
        MEDIA_DIR: join(dir, 'store'),
        MEDIA_UPLOAD_DIR: join(dir, 'uploads'),
        MEDIA_WORK_DIR: join(dir, 'work'),
        MEDIA_X264_PRESET: 'ultrafast',
      }),
    ),
    { tokenKeys: issuer.keys },
  );
  apps.push(media);
  const gw = await buildGateway(
    gatewayConfig({
      LOG_LEVEL: 'silent',
      RIAN_NAMESPACE: env.namespace,
      MEDIA_URL: await listen(media),
      GATEWAY_SERVICES: 'media',
    }),
  );
  apps.unshift(gw);
  base = await listen(gw);
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  await env?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('a lesson video through the gateway', () => {
  it('uploads by tus in chunks at /api/media, and plays by signed URL through /api/media/signed', async () => {
    const file = join(dir, 'lesson.mp4');
    // prettier-ignore
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25',
      '-f', 'lavfi', '-i', 'sine', '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file]);
    const video = readFileSync(file);
    const tus = { 'tus-resumable': '1.0.0' };

    const created = await fetch(`${base}/api/media/videos/uploads`, {
      method: 'POST',
      headers: {
        ...staff,
        ...tus,
        'upload-length': String(video.length),
        'upload-metadata': `filename ${Buffer.from('บทที่ 2.mp4').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/media\/videos\/uploads\/[0-9a-f-]{36}$/);

    const chunk = 48 * 1024;
    let offset = 0;
    while (offset < video.length) {
      const res = await fetch(`${base}${location}`, {
        method: 'PATCH',
        headers: {
          ...staff,
          ...tus,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: video.subarray(offset, offset + chunk),
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('tus-resumable')).toBe('1.0.0');
      offset = Number(res.headers.get('upload-offset'));
      const head = await fetch(`${base}${location}`, { method: 'HEAD', headers: { ...staff, ...tus } });
      expect(head.headers.get('upload-offset')).toBe(String(offset));
    }

    const id = location.split('/').pop()!;
    const asset = await eventually(
      async () => {
        const a = (await (
          await fetch(`${base}/api/media/admin/videos/${id}`, { headers: staff })
        ).json()) as {
          status: string;
        };
        return a.status === 'ready' || a.status === 'failed' ? a : undefined;
      },
      45_000,
      200,
    );
    expect(asset).toMatchObject({ status: 'ready', originalName: 'บทที่ 2.mp4' });

    const playback = (await (
      await fetch(`${base}/api/media/admin/videos/${id}/playback`, { headers: staff })
    ).json()) as { playlistUrl: string };
    expect(playback.playlistUrl).toMatch(/^\/api\/media\/signed\//);
    const master = await fetch(`${base}${playback.playlistUrl}`);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toMatch(/^application\/vnd\.apple\.mpegurl/);
    const variant = new URL(
      (await master.text())
        .split('\n')
        .find((l) => l && !l.startsWith('#'))!
        .trim(),
      master.url,
    );
    const media = await fetch(variant);
    expect(media.status).toBe(200);
    const segment = new URL(
      (await media.text())
        .split('\n')
        .find((l) => l && !l.startsWith('#'))!
        .trim(),
      variant,
    );
    const seg = await fetch(segment);
    expect(seg.status).toBe(200);
    expect(seg.headers.get('content-type')).toBe('video/mp2t');

    const forged = await fetch(
      `${base}${playback.playlistUrl.replace(/\/signed\/(\d+)\//, (_m, e: string) => `/signed/${Number(e) + 1}/`)}`,
    );
    expect(forged.status).toBe(403);
    // anyone but staff is refused at the upload, through the gateway too
    const anonymous = await fetch(`${base}/api/media/videos/uploads`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': '10' },
    });
    expect(anonymous.status).toBe(401);
  });
});

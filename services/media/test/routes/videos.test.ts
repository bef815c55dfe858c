import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { signMediaUrl } from '@rian/kit/signed-url';
import { validateEvent, type EventData } from '@rian/proto-contracts/envelope';
import {
  VideoAssetChanged,
  type VideoAssetView,
  type VideoPlayback,
} from '@rian/proto-contracts/media-assets';
import { bearer, filesUnder, removeDir, startMedia, tempDir, testVideo } from '../helpers.js';

const PROBLEM = 'application/problem+json';
const SECRET = 'test-media-url-secret-0123456789';
const MAX_BYTES = 20 * 1024 * 1024;
const CHUNK = 32 * 1024;
type Changed = EventData<typeof VideoAssetChanged>;

describe('lesson videos: resumable upload (tus), HLS transcode, signed playback', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let dir: string;
  let storeDir: string;
  let base: string;
  let staff: Record<string, string>;
  let video: Buffer;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    dir = await tempDir();
    storeDir = `${dir}/store`;
    app = await startMedia(env, issuer, {
      MEDIA_DIR: storeDir,
      MEDIA_UPLOAD_DIR: `${dir}/uploads`,
      MEDIA_WORK_DIR: `${dir}/work`,
      MEDIA_URL_SECRET: SECRET,
      MEDIA_VIDEO_MAX_BYTES: String(MAX_BYTES),
      MEDIA_X264_PRESET: 'ultrafast',
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    staff = bearer(await issuer.staff('staff'));
    video = await readFile(await testVideo(dir));
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
    if (dir) await removeDir(dir);
  });

  const tus = { 'tus-resumable': '1.0.0' };
  const create = async (length: number, filename = 'บทเรียนที่ 1.mp4', headers = staff) =>
    fetch(`${base}/videos/uploads`, {
      method: 'POST',
      headers: {
        ...headers,
        ...tus,
        'upload-length': String(length),
        'upload-metadata': `filename ${Buffer.from(filename).toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`,
      },
    });
  const head = (location: string, headers = staff) =>
    fetch(`${base}${location}`, { method: 'HEAD', headers: { ...headers, ...tus } });
  const patch = (location: string, offset: number, body: Buffer, headers = staff) =>
    fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        ...headers,
        ...tus,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body,
    });
  const offsetOf = async (location: string) => Number((await head(location)).headers.get('upload-offset'));

  /** Sends the rest of `data` from the server's offset, chunk by chunk, as a tus client resuming does. */
  async function sendFrom(location: string, data: Buffer) {
    let offset = await offsetOf(location);
    while (offset < data.length) {
      const res = await patch(location, offset, data.subarray(offset, offset + CHUNK));
      expect(res.status).toBe(204);
      offset = Number(res.headers.get('upload-offset'));
    }
  }

  const asset = async (id: string): Promise<VideoAssetView> =>
    (await app.inject({ method: 'GET', url: `/admin/videos/${id}`, headers: staff })).json();
  const untilSettled = (id: string, timeoutMs = 60_000) =>
    eventually(
      async () => {
        const a = await asset(id);
        return a.status === 'ready' || a.status === 'failed' ? a : undefined;
      },
      timeoutMs,
      200,
    );
  const eventsOf = async (id: string) =>
    (await publishedEvents<Changed>(env.namespace, 'media', VideoAssetChanged.type)).filter(
      (e) => e.data.assetId === id,
    );
  // the service hands out gateway URLs (/api/media/signed/...); here the service is called directly
  const local = (url: string) => url.replace(/^\/api\/media/, '');

  let readyId: string;
  let playback: VideoPlayback;

  it('takes a video in chunks, keeps what arrived before an interruption, resumes from HEAD, and transcodes it to HLS', async () => {
    const created = await create(video.length);
    expect(created.status).toBe(201);
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/videos\/uploads\/[0-9a-f-]{36}$/);
    const id = location.split('/').pop()!;
    expect(await offsetOf(location)).toBe(0);

    const first = await patch(location, 0, video.subarray(0, CHUNK));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(CHUNK));

    // a PATCH cut off mid-body: part of the chunk is sent, the server writes it, then the connection drops
    const cut = httpRequest(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        ...staff,
        ...tus,
        'upload-offset': String(CHUNK),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(CHUNK),
      },
    });
    cut.on('error', () => undefined);
    cut.write(video.subarray(CHUNK, CHUNK + 10_000));
    await eventually(async () => (await offsetOf(location)) === CHUNK + 10_000);
    cut.destroy();

    // the client resumes where the server says (once the cut PATCH has let go of the upload)
    await eventually(async () => {
      await sendFrom(location, video);
      return true;
    });
    expect(await offsetOf(location)).toBe(video.length);

    const settled = await untilSettled(id);
    expect(settled).toMatchObject({
      status: 'ready',
      progress: 100,
      originalName: 'บทเรียนที่ 1.mp4',
      bytes: video.length,
      width: 640,
      height: 360,
      renditions: ['360p'], // a 360p source is not scaled up to 720p
      error: null,
    });
    expect(settled.durationSeconds).toBeGreaterThan(3.5);
    expect(settled.durationSeconds).toBeLessThan(4.5);

    const events = await eventually(async () => {
      const all = await eventsOf(id);
      return all.some((e) => e.data.status === 'ready') ? all : undefined;
    });
    for (const e of events) validateEvent(VideoAssetChanged, e);
    const statuses = events.map((e) => e.data.status);
    expect(statuses[0]).toBe('queued');
    expect(statuses).toContain('transcoding');
    expect(events.at(-1)!.data).toMatchObject({
      status: 'ready',
      progress: 100,
      playlist: 'master.m3u8',
      poster: 'poster.jpg',
      originalName: 'บทเรียนที่ 1.mp4',
    });
    // progress only goes up
    const progress = events.map((e) => e.data.progress);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);

    // renditions are kept privately under hls/<id>/, the original under video-original/<id>/
    const stored = await filesUnder(storeDir);
    expect(stored).toContain(`private/hls/${id}/master.m3u8`);
    expect(stored).toContain(`private/video-original/${id}/original`);
    expect(stored.some((f) => f.startsWith('public/'))).toBe(false);
    // the staging copy is gone once the original is stored
    expect(await filesUnder(`${dir}/uploads`)).toEqual([]);
    readyId = id;
  });

  it('plays through a signed URL: master playlist → rendition playlist → segment, and the poster', async () => {
    const res = await app.inject({ method: 'GET', url: `/admin/videos/${readyId}/playback`, headers: staff });
    expect(res.statusCode).toBe(200);
    playback = res.json();
    expect(playback.playlistUrl).toMatch(
      new RegExp(`^/api/media/signed/\\d+/[A-Za-z0-9_-]+/hls/${readyId}/master\\.m3u8$`),
    );

    const master = await fetch(`${base}${local(playback.playlistUrl)}`);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(master.headers.get('cache-control')).toMatch(/^private/);
    const masterText = await master.text();
    expect(masterText).toMatch(/^#EXTM3U/);
    expect(masterText).toContain('RESOLUTION=640x360');
    const variant = masterText
      .split('\n')
      .find((l) => l && !l.startsWith('#'))!
      .trim();
    // relative URIs resolve under the same signed prefix
    const variantUrl = new URL(variant, master.url);
    const media = await fetch(variantUrl);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toMatch(/^application\/vnd\.apple\.mpegurl/);
    const mediaText = await media.text();
    expect(mediaText).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(mediaText).toContain('#EXT-X-ENDLIST');
    const segment = mediaText
      .split('\n')
      .find((l) => l && !l.startsWith('#'))!
      .trim();
    const seg = await fetch(new URL(segment, variantUrl));
    expect(seg.status).toBe(200);
    expect(seg.headers.get('content-type')).toBe('video/mp2t');
    const bytes = Buffer.from(await seg.arrayBuffer());
    expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte

    const poster = await fetch(`${base}${local(playback.posterUrl)}`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses a forged or expired signature (403), and names outside the scope or never written (404)', async () => {
    const url = local(playback.playlistUrl);
    const [, , exp, sig] = url.split('/');
    const forgedSig = `${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = await app.inject({ method: 'GET', url: url.replace(sig!, forgedSig) });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers['content-type']).toMatch(PROBLEM);
    expect(forged.json()).toMatchObject({ code: 'media.signature_invalid' });

    // the same signature stretched to a later expiry
    const stretched = await app.inject({
      method: 'GET',
      url: url.replace(`/${exp}/`, `/${Number(exp) + 3600}/`),
    });
    expect(stretched.statusCode).toBe(403);

    const expired = signMediaUrl({
      base: '',
      secret: SECRET,
      scope: `hls/${readyId}`,
      file: 'master.m3u8',
      ttlSeconds: 60,
      now: new Date(Date.now() - 3600_000),
    });
    const old = await app.inject({ method: 'GET', url: expired.url });
    expect(old.statusCode).toBe(403);

    // a signature for one asset does not open another's
    const other = await app.inject({
      method: 'GET',
      url: url.replace(readyId, '01900000-0000-7000-8000-000000000001'),
    });
    expect(other.statusCode).toBe(403);

    for (const file of ['original', '..%2F..%2Fvideo-original%2Foriginal', 'nothing.m3u8', 'x.html']) {
      const res = await app.inject({ method: 'GET', url: url.replace('master.m3u8', file) });
      expect(res.statusCode, file).toBe(404);
    }
    // the directory itself is no listing
    const listing = await app.inject({ method: 'GET', url: url.replace('/master.m3u8', '/') });
    expect(listing.statusCode).toBe(404);
  });

  it('fails an upload that is not a video (random bytes named .mp4), visibly, and serves nothing of it', async () => {
    const junk = randomBytes(50_000);
    const created = await create(junk.length, 'broken.mp4');
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;
    await sendFrom(location, junk);

    const settled = await untilSettled(id, 15_000);
    expect(settled.status).toBe('failed');
    expect(settled.error).toMatch(/not a video/);
    const events = await eventually(async () => {
      const all = await eventsOf(id);
      return all.length ? all : undefined;
    });
    expect(events.map((e) => e.data)).toMatchObject([
      { status: 'failed', error: expect.stringMatching(/not a video/) },
    ]);

    const signed = signMediaUrl({
      base: '',
      secret: SECRET,
      scope: `hls/${id}`,
      file: 'master.m3u8',
      ttlSeconds: 60,
      now: new Date(),
    });
    expect((await app.inject({ method: 'GET', url: signed.url })).statusCode).toBe(404);
    const preview = await app.inject({ method: 'GET', url: `/admin/videos/${id}/playback`, headers: staff });
    expect(preview.statusCode).toBe(409);
    expect(preview.json()).toMatchObject({ code: 'media.video_not_ready' });
    expect((await filesUnder(storeDir)).filter((f) => f.includes(id))).toEqual([]);
  });

  it('lists assets with status, progress and error for /admin/video', async () => {
    const res = await app.inject({ method: 'GET', url: '/admin/videos?status=failed', headers: staff });
    expect(res.statusCode).toBe(200);
    const page = res.json() as { items: VideoAssetView[]; total: number };
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.items.every((a) => a.status === 'failed' && a.error)).toBe(true);
    const all = (await app.inject({ method: 'GET', url: '/admin/videos', headers: staff })).json();
    expect(all.items.map((a: VideoAssetView) => a.id)).toContain(readyId);
    const found = await app.inject({
      method: 'GET',
      url: `/admin/videos?q=${encodeURIComponent('บทเรียน')}&sort=originalName`,
      headers: staff,
    });
    expect(found.json().items.map((a: VideoAssetView) => a.id)).toEqual([readyId]);
    const bad = await app.inject({ method: 'GET', url: '/admin/videos?sort=bytes', headers: staff });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an upload larger than MEDIA_VIDEO_MAX_BYTES, and a chunk past the declared length', async () => {
    const big = await create(MAX_BYTES + 1);
    expect(big.status).toBe(413);
    expect(big.headers.get('content-type')).toMatch(PROBLEM);

    const created = await create(100);
    const location = created.headers.get('location')!;
    const over = await patch(location, 0, Buffer.alloc(101));
    expect(over.status).toBe(413);
    expect(await offsetOf(location)).toBe(0);

    const wrongOffset = await patch(location, 50, Buffer.alloc(10));
    expect(wrongOffset.status).toBe(409);
    const noVersion = await fetch(`${base}${location}`, { method: 'HEAD', headers: staff });
    expect(noVersion.status).toBe(412);
    expect(noVersion.headers.get('tus-version')).toBe('1.0.0');
  });

  it('terminates an unfinished upload (DELETE), after which it is gone', async () => {
    const created = await create(1000);
    const location = created.headers.get('location')!;
    await patch(location, 0, Buffer.alloc(100));
    const del = await fetch(`${base}${location}`, { method: 'DELETE', headers: { ...staff, ...tus } });
    expect(del.status).toBe(204);
    expect((await head(location)).status).toBe(404);
    expect((await patch(location, 100, Buffer.alloc(10))).status).toBe(404);
  });

  it('says what it supports on OPTIONS', async () => {
    const res = await fetch(`${base}/videos/uploads`, { method: 'OPTIONS', headers: staff });
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    expect(res.headers.get('tus-extension')).toBe('creation,termination');
    expect(res.headers.get('tus-max-size')).toBe(String(MAX_BYTES));
  });

  it('refuses anyone but staff on every upload and admin route (401 anonymous, 403 member)', async () => {
    const created = await create(1000);
    const location = created.headers.get('location')!;
    const member = bearer(await issuer.member());
    for (const [who, headers, status] of [
      ['anonymous', {}, 401],
      ['member', member, 403],
    ] as const) {
      const h = headers as Record<string, string>;
      expect((await create(1000, 'x.mp4', h)).status, `${who} POST`).toBe(status);
      expect((await head(location, h)).status, `${who} HEAD`).toBe(status);
      expect((await patch(location, 0, Buffer.alloc(10), h)).status, `${who} PATCH`).toBe(status);
      expect(
        (await fetch(`${base}${location}`, { method: 'DELETE', headers: { ...h, ...tus } })).status,
        `${who} DELETE`,
      ).toBe(status);
      expect(
        (await fetch(`${base}/videos/uploads`, { method: 'OPTIONS', headers: h })).status,
        `${who} OPTIONS`,
      ).toBe(status);
      for (const url of ['/admin/videos', `/admin/videos/${readyId}`, `/admin/videos/${readyId}/playback`]) {
        expect((await app.inject({ method: 'GET', url, headers: h })).statusCode, `${who} ${url}`).toBe(
          status,
        );
      }
    }
    // nothing the refused PATCHes sent was kept
    expect(await offsetOf(location)).toBe(0);
  });
});

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { signMediaUrl } from '@rian/kit/signed-url';
import { removeDir, startMedia, tempDir } from '../helpers.js';

const SECRET = 'test-media-url-secret-live-abcdefg';

describe("a live stream's rolling HLS files (the local live source's), by signed URL only", () => {
  let env: TestEnv;
  let app: ServiceApp;
  let dir: string;
  const streamId = crypto.randomUUID();
  const other = crypto.randomUUID();
  const playlist =
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:1796000000\n#EXTINF:2.0,\nlive_1796000000.ts\n';

  beforeAll(async () => {
    env = await createTestEnv();
    dir = await tempDir();
    app = await startMedia(env, await TestTokenIssuer.create(), {
      MEDIA_DIR: dir,
      MEDIA_URL_SECRET: SECRET,
      MEDIA_TRANSCODE_CONCURRENCY: '0',
    });
    // what ffmpeg's hls muxer leaves in the folder (deploy/local/live-source.mjs)
    const folder = join(dir, 'private', 'live', streamId);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'index.m3u8'), playlist);
    await writeFile(join(folder, 'live_1796000000.ts'), Buffer.alloc(188 * 4, 0x47));
    await writeFile(join(folder, 'index.m3u8.tmp'), 'half a playlist');
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
    if (dir) await removeDir(dir);
  });

  const signed = (scope: string, file: string, now = new Date(), ttlSeconds = 120) =>
    signMediaUrl({ base: '', secret: SECRET, scope, file, ttlSeconds, now }).url;

  it('serves the playlist never cached and a segment for a minute at most, by a URL signed for the stream', async () => {
    const list = await app.inject({ method: 'GET', url: signed(`live/${streamId}`, 'index.m3u8') });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(list.headers['cache-control']).toBe('no-cache, no-store');
    expect(list.body).toBe(playlist);

    // the playlist's relative segment name resolves under the same signed prefix
    const segmentUrl = new URL('live_1796000000.ts', `http://x${signed(`live/${streamId}`, 'index.m3u8')}`);
    const segment = await app.inject({ method: 'GET', url: segmentUrl.pathname });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toBe('private, max-age=60');
    expect(segment.rawPayload.length).toBe(188 * 4);

    // a link about to expire is kept no longer than it lives
    const short = await app.inject({
      method: 'GET',
      url: signed(`live/${streamId}`, 'live_1796000000.ts', new Date(), 20),
    });
    expect(Number(/max-age=(\d+)/.exec(String(short.headers['cache-control']))?.[1])).toBeLessThanOrEqual(20);
  });

  it('refuses an expired link (403) and one signed for another stream (403); names it never writes are 404', async () => {
    const expired = signed(`live/${streamId}`, 'index.m3u8', new Date(Date.now() - 300_000));
    expect((await app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);

    const forOther = signed(`live/${other}`, 'index.m3u8').replace(other, streamId);
    expect((await app.inject({ method: 'GET', url: forOther })).statusCode).toBe(403);

    // the other stream has no files; the muxer's temporary file and a made-up name are never served
    expect((await app.inject({ method: 'GET', url: signed(`live/${other}`, 'index.m3u8') })).statusCode).toBe(
      404,
    );
    expect(
      (await app.inject({ method: 'GET', url: signed(`live/${streamId}`, 'index.m3u8.tmp') })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: signed(`live/${streamId}`, 'secret.txt') })).statusCode,
    ).toBe(404);
    // a lesson video's scope does not open the live folder
    expect(
      (await app.inject({ method: 'GET', url: signed(`hls/${streamId}`, 'index.m3u8') })).statusCode,
    ).toBe(404);
  });
});

import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { DEMO_GROUP_QR_FILES, DEMO_GROUP_URLS } from '@rian/proto-contracts/demo';
import { FileStored } from '@rian/proto-contracts/media';
import { filesUnder, removeDir, startMedia, tempDir } from './helpers.js';

const FILES = Object.entries(DEMO_GROUP_QR_FILES).flatMap(([group, f]) =>
  [f.qr, f.qrManual].map((filename) => ({
    filename,
    url: DEMO_GROUP_URLS[group as keyof typeof DEMO_GROUP_URLS],
  })),
);

/** Whether the picture's modules are the QR code of `text` (sampled at each module's centre). */
async function showsQrOf(png: Buffer, text: string): Promise<boolean> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const margin = 2;
  const scale = info.width / (qr.size + 2 * margin);
  for (let row = 0; row < qr.size; row++) {
    for (let col = 0; col < qr.size; col++) {
      const x = Math.floor((margin + col + 0.5) * scale);
      const y = Math.floor((margin + row + 0.5) * scale);
      const dark = data[(y * info.width + x) * info.channels]! < 200;
      if (dark !== Boolean(qr.data[row * qr.size + col])) return false;
    }
  }
  return true;
}

describe('MEDIA_SEED_DEMO: the demo groups’ QR images (DEMO_GROUP_QR_FILES)', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let dir: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    dir = await tempDir();
  });
  afterAll(async () => {
    await env?.cleanup();
    if (dir) await removeDir(dir);
  });

  const start = () =>
    startMedia(env, issuer, {
      MEDIA_DIR: dir,
      MEDIA_SEED_DEMO: 'true',
      MEDIA_TRANSCODE_CONCURRENCY: '0',
      // the demo video is another test's: its generation fails at once here
      MEDIA_FFMPEG: '/bin/false',
    });
  const qrRows = async (app: ServiceApp) =>
    (await app.kit.orm.em
      .fork()
      .execute(
        `select filename, bytes, width, height from media_files where visibility = 'public' and kind = 'qr' order by filename`,
      )) as { filename: string; bytes: number; width: number; height: number }[];
  const announced = async (app: ServiceApp) =>
    (
      (await app.kit.orm.em
        .fork()
        .execute(
          `select count(*)::int as n from kit_outbox where type = ? and envelope->'data'->>'kind' = 'qr'`,
          [FileStored.type],
        )) as { n: number }[]
    )[0]!.n;

  it('stores four public PNGs of the groups’ links under the fixed names, served at /qr/{file}; replicas and restarts add nothing', async () => {
    await (await startMedia(env, issuer, { MEDIA_DIR: dir })).close(); // tables first: the replicas race on the seed only
    const [a, b] = await Promise.all([start(), start()]);
    let app: ServiceApp | undefined;
    try {
      const rows = await qrRows(a!);
      expect(rows.map((r) => r.filename)).toEqual(FILES.map((f) => f.filename).sort());
      expect(await announced(a!)).toBe(4);
      await Promise.all([a!.close(), b!.close()]);
      const before = await filesUnder(dir);
      const mtimes = await Promise.all(FILES.map(async (f) => stat(join(dir, 'public', 'qr', f.filename))));

      app = await start();
      expect(await qrRows(app)).toEqual(rows);
      expect(await announced(app)).toBe(4);
      expect(await filesUnder(dir)).toEqual(before);
      for (const [i, f] of FILES.entries()) {
        const st = await stat(join(dir, 'public', 'qr', f.filename));
        expect(st.mtimeMs).toBe(mtimes[i]!.mtimeMs);

        // the spec's read path: a PNG that decodes and shows the group's link as a QR code
        const res = await app.inject({ method: 'GET', url: `/qr/${f.filename}` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        const png = res.rawPayload;
        expect(png.equals(await readFile(join(dir, 'public', 'qr', f.filename)))).toBe(true);
        const meta = await sharp(png).metadata();
        expect(meta).toMatchObject({ format: 'png', width: 440, height: 440 });
        expect(await showsQrOf(png, f.url)).toBe(true);
        expect(await showsQrOf(png, 'https://example.com/another-link')).toBe(false);
      }
    } finally {
      await a?.close();
      await b?.close();
      await app?.close();
    }
  });
});

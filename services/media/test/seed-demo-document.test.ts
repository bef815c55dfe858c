import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { signMediaUrl } from '@rian/kit/signed-url';
import { DEMO_FILE_IDS } from '@rian/proto-contracts/demo';
import { validateEvent, type EventData } from '@rian/proto-contracts/envelope';
import { FileStored } from '@rian/proto-contracts/media';
import { removeDir, startMedia, tempDir } from './helpers.js';

type Stored = EventData<typeof FileStored>;
const SECRET = 'test-media-url-secret-abcdefghij';
const ID = DEMO_FILE_IDS.forexSheet;
const FILENAME = `${ID}.pdf`;

describe('MEDIA_SEED_DEMO: the demo document (DEMO_FILE_IDS.forexSheet)', () => {
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
      MEDIA_URL_SECRET: SECRET,
      MEDIA_SEED_DEMO: 'true',
      MEDIA_TRANSCODE_CONCURRENCY: '0',
      // the demo video is another test's: its generation fails at once here
      MEDIA_FFMPEG: '/bin/false',
    });
  const announcements = async (app: ServiceApp) =>
    (
      (await app.kit.orm.em
        .fork()
        .execute(
          `select count(*)::int as n from kit_outbox where type = ? and envelope->'data'->>'fileId' = ?`,
          [FileStored.type, ID],
        )) as { n: number }[]
    )[0]!.n;

  it('stores a private PDF under the fixed id, announces it once across replicas and restarts, and serves it signed', async () => {
    await (await startMedia(env, issuer, { MEDIA_DIR: dir })).close(); // tables first: the replicas race on the seed only
    const [a, b] = await Promise.all([start(), start()]);
    let app: ServiceApp | undefined;
    try {
      expect(await announcements(a!)).toBe(1);
      const event = await eventually(async () =>
        (await publishedEvents<Stored>(env.namespace, 'media', FileStored.type)).find(
          (e) => e.data.fileId === ID,
        ),
      );
      validateEvent(FileStored, event);
      expect(event.data).toMatchObject({
        kind: 'document',
        visibility: 'private',
        filename: FILENAME,
        contentType: 'application/pdf',
        originalName: 'เอกสารประกอบ Forex พื้นฐาน.pdf',
        createdBy: null,
      });
      await Promise.all([a!.close(), b!.close()]);
      app = await start();
      expect(await announcements(app)).toBe(1);

      // private, read through a signed URL only
      const stored = join(dir, 'private', 'document', ID, FILENAME);
      const bytes = await readFile(stored);
      expect(bytes.length).toBe(event.data.bytes);
      const signed = signMediaUrl({
        base: '',
        secret: SECRET,
        scope: `document/${ID}`,
        file: FILENAME,
        ttlSeconds: 60,
        now: new Date(),
      });
      const read = await app.inject({ method: 'GET', url: signed.url });
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('application/pdf');
      expect(
        decodeURIComponent(String(read.headers['content-disposition']).split("filename*=UTF-8''")[1]!),
      ).toBe('เอกสารประกอบ Forex พื้นฐาน.pdf');
      expect(read.rawPayload.equals(bytes)).toBe(true);
      const unsigned = await app.inject({ method: 'GET', url: `/private/document/${ID}/${FILENAME}` });
      expect(unsigned.statusCode).toBe(404);
      // a PDF a reader opens: one page
      const info = await promisify(execFile)('pdfinfo', [stored]).catch(() => undefined);
      if (info) expect(info.stdout).toMatch(/Pages:\s+1/);
    } finally {
      await a?.close();
      await b?.close();
      await app?.close();
    }
  });
});

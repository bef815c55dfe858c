import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { ImageStored } from '@rian/proto-contracts/media';
import { FakeS3 } from '@rian/kit/testing-fake-s3';
import { S3FileStore } from '../../src/storage/s3-file-store.js';
import { bearer, multipart, picture, startMedia } from '../helpers.js';

const NAME = `${'c0'.repeat(16)}.png`;

describe('S3FileStore against a local S3 fake', () => {
  const s3 = new FakeS3();
  let store: S3FileStore;

  beforeAll(async () => {
    const endpoint = await s3.start();
    store = new S3FileStore({
      bucket: 'rian-media',
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
      forcePathStyle: true,
      prefix: 'dev/',
    });
  });

  afterAll(async () => {
    store?.close();
    await s3.stop();
  });

  it('puts an object path-style under bucket/prefix/visibility/kind/name, signed, with its type and cache rule', async () => {
    await store.put(
      { visibility: 'public', kind: 'product', filename: NAME },
      Buffer.from('png-bytes'),
      'image/png',
    );
    const o = s3.objects.get(`/rian-media/dev/public/product/${NAME}`);
    expect(o?.body.toString()).toBe('png-bytes');
    expect(o?.contentType).toBe('image/png');
    expect(o?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(s3.requests.at(-1)?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=minio\//);
  });

  it('keeps private files without a public cache rule', async () => {
    await store.put(
      { visibility: 'private', kind: 'slip', filename: NAME },
      Buffer.from('slip'),
      'image/png',
    );
    expect(s3.objects.get(`/rian-media/dev/private/slip/${NAME}`)?.cacheControl).toBeUndefined();
  });

  it('gets an object back as a stream with its length, and undefined for a missing key', async () => {
    const got = await store.get({ visibility: 'public', kind: 'product', filename: NAME });
    expect(got?.bytes).toBe(9);
    expect(got ? await text(got.body) : undefined).toBe('png-bytes');
    expect(await store.get({ visibility: 'public', kind: 'qr', filename: NAME })).toBeUndefined();
  });
});

describe('S3FileStore: large files and folders (lesson videos, documents)', () => {
  const s3 = new FakeS3();
  let store: S3FileStore;
  let dir: string;

  beforeAll(async () => {
    store = new S3FileStore({
      bucket: 'rian-media',
      endpoint: await s3.start(),
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
    dir = await mkdtemp(join(tmpdir(), 'rian-s3-'));
  });

  afterAll(async () => {
    store?.close();
    await s3.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('streams a local file into a folder key, reads it back, and deletes it', async () => {
    const path = join(dir, 'original');
    const bytes = Buffer.alloc(300_000, 9);
    await writeFile(path, bytes);
    const ref = {
      visibility: 'private' as const,
      kind: 'video-original',
      folder: '0190aaaa-0000-7000-8000-000000000001',
      filename: 'original',
    };
    await store.putFile(ref, path, 'application/octet-stream');
    const key = `/rian-media/private/video-original/${ref.folder}/original`;
    expect(s3.objects.get(key)?.body.equals(bytes)).toBe(true);
    expect((await store.get(ref))?.bytes).toBe(bytes.length);
    await store.delete(ref);
    expect(s3.objects.has(key)).toBe(false);
    expect(await store.get(ref)).toBeUndefined();
  });

  it('refuses a folder that could leave its place', async () => {
    for (const folder of ['..', 'a/b', '', '.hidden']) {
      await expect(
        store.put(
          { visibility: 'private', kind: 'hls', folder, filename: 'x.ts' },
          Buffer.from('x'),
          'video/mp2t',
        ),
      ).rejects.toThrow(/bad folder/);
    }
  });
});

describe('the media service on an S3 bucket (MEDIA_S3_BUCKET set)', () => {
  const s3 = new FakeS3();
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;

  beforeAll(async () => {
    const endpoint = await s3.start();
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startMedia(env, issuer, {
      MEDIA_S3_BUCKET: 'rian-media',
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_ACCESS_KEY_ID: 'minio',
      MEDIA_S3_SECRET_ACCESS_KEY: 'minio-secret',
      // a folder that must stay unused
      MEDIA_DIR: '/nonexistent/rian-media-must-not-be-used',
    });
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
    await s3.stop();
  });

  it('stores an upload in the bucket and serves it from there', async () => {
    const png = await picture(10, 10).png().toBuffer();
    const body = await multipart([{ field: 'images', filename: 'a.png', type: 'image/png', data: png }]);
    const res = await app.inject({
      method: 'POST',
      url: '/images/qr',
      headers: { ...bearer(await issuer.staff()), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { filename, bytes } = res.json<ImageStored>();
    const object = s3.objects.get(`/rian-media/public/qr/${filename}`);
    expect(object?.body.length).toBe(bytes);

    const read = await app.inject({ method: 'GET', url: `/qr/${filename}` });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-length']).toBe(String(bytes));
    expect(object && read.rawPayload.equals(object.body)).toBe(true);

    const missing = await app.inject({ method: 'GET', url: `/images/qr/${'0'.repeat(32)}.png` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'media.not_found' });
  });
});

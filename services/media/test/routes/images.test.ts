import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { validateEvent } from '@rian/proto-contracts/envelope';
import { FileStored, type ImageStored, type MediaImage } from '@rian/proto-contracts/media';
import type { EventData } from '@rian/proto-contracts/envelope';
import {
  animatedGif,
  bearer,
  filesUnder,
  multipart,
  picture,
  removeDir,
  startMedia,
  tempDir,
  type Part,
} from '../helpers.js';

const PROBLEM = 'application/problem+json';
const MAX_BYTES = 300_000;
const MAX_DIMENSION = 1000;
const MAX_PIXELS = 4_000_000;
const NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

type FileStoredData = EventData<typeof FileStored>;

describe('images: upload (staff), serve (anyone), list (staff)', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let dir: string;
  let staff: Record<string, string>;
  const staffSub = crypto.randomUUID();

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    dir = await tempDir();
    app = await startMedia(env, issuer, {
      MEDIA_DIR: dir,
      MEDIA_MAX_BYTES: String(MAX_BYTES),
      MEDIA_MAX_DIMENSION: String(MAX_DIMENSION),
      MEDIA_MAX_PIXELS: String(MAX_PIXELS),
    });
    staff = bearer(await issuer.staff('staff', staffSub));
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
    if (dir) await removeDir(dir);
  });

  const upload = async (kind: string, parts: Part[], headers: Record<string, string> = staff) => {
    const body = await multipart(parts);
    return app.inject({
      method: 'POST',
      url: `/images/${kind}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const uploadFile = (kind: string, data: Buffer | string, filename = 'photo.png', type = 'image/png') =>
    upload(kind, [{ field: 'images', filename, type, data }]);
  const stored = (kind: string, filename: string) => readFile(join(dir, 'public', kind, filename));
  const count = async (table: 'kit_outbox' | 'media_files') =>
    Number(
      ((await app.kit.orm.em.fork().execute(`select count(*)::int as n from ${table}`)) as { n: number }[])[0]
        ?.n,
    );
  // every event ever written for publishing (the relay marks rows published, it does not delete them)
  const outboxRows = () => count('kit_outbox');
  const recordCount = () => count('media_files');

  /** Runs `act` and shows it left no file, no record and no event behind. */
  async function changesNothing(act: () => Promise<void>) {
    const before = { files: await filesUnder(dir), records: await recordCount(), events: await outboxRows() };
    await act();
    expect({
      files: await filesUnder(dir),
      records: await recordCount(),
      events: await outboxRows(),
    }).toEqual(before);
  }

  describe('accepted types', () => {
    const cases = [
      ['product', 'png', 'image/png', () => picture(40, 30).png().toBuffer()],
      ['course', 'jpeg', 'image/jpeg', () => picture(40, 30).jpeg().toBuffer()],
      ['slide', 'webp', 'image/webp', () => picture(40, 30).webp().toBuffer()],
      ['coach', 'gif', 'image/gif', () => picture(40, 30).gif().toBuffer()],
      ['bank', 'png', 'image/png', () => picture(40, 30).png().toBuffer()],
      ['qr', 'png', 'image/png', () => picture(40, 30).png().toBuffer()],
      ['live-streaming', 'jpeg', 'image/jpeg', () => picture(40, 30).jpeg().toBuffer()],
      ['live-trade', 'webp', 'image/webp', () => picture(40, 30).webp().toBuffer()],
    ] as const;

    it.each(cases)(
      '%s: a %s is re-encoded, stored on disk and served back with its headers',
      async (kind, format, contentType, make) => {
        const res = await uploadFile(kind, await make(), `upload.${format}`, contentType);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json<ImageStored>();
        expect(body).toMatchObject({ width: 40, height: 30, contentType });
        expect(body.filename).toMatch(NAME);
        expect(body.filename.endsWith(format === 'jpeg' ? '.jpg' : `.${format}`)).toBe(true);
        expect(body.url).toBe(`/api/media/images/${kind}/${body.filename}`);

        const onDisk = await stored(kind, body.filename);
        expect(onDisk.length).toBe(body.bytes);
        expect((await sharp(onDisk).metadata()).format).toBe(format);

        const read = await app.inject({ method: 'GET', url: `/images/${kind}/${body.filename}` });
        expect(read.statusCode).toBe(200);
        expect(read.rawPayload.equals(onDisk)).toBe(true);
        expect(read.headers).toMatchObject({
          'content-type': contentType,
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
          'content-length': String(onDisk.length),
          etag: `"${body.filename.slice(0, 32)}"`,
        });
      },
    );

    it('trusts the content, not the name or declared type: a GIF sent as photo.png is stored as a GIF', async () => {
      const res = await uploadFile('product', await picture().gif().toBuffer(), 'photo.png', 'image/png');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        contentType: 'image/gif',
        filename: expect.stringMatching(/\.gif$/),
      });
    });

    it('keeps the frames of an animated GIF', async () => {
      const res = await uploadFile('slide', await animatedGif(3), 'anim.gif', 'image/gif');
      expect(res.statusCode).toBe(200);
      const body = res.json<ImageStored>();
      expect(body).toMatchObject({ contentType: 'image/gif', width: 30, height: 20 });
      const meta = await sharp(await stored('slide', body.filename), { animated: true }).metadata();
      expect(meta.pages).toBe(3);
    });

    it(`scales a large image down to ${MAX_DIMENSION} px on its longer side, never up`, async () => {
      const res = await uploadFile('slide', await picture(1500, 300).png().toBuffer());
      expect(res.json()).toMatchObject({ width: 1000, height: 200 });
      const meta = await sharp(await stored('slide', res.json<ImageStored>().filename)).metadata();
      expect([meta.width, meta.height]).toEqual([1000, 200]);
    });
  });

  describe('metadata', () => {
    const secret = `SECRET-${crypto.randomUUID()}`;

    it('strips EXIF from a JPEG and applies its orientation to the pixels', async () => {
      // 40×20 pixels with orientation 6: a viewer shows it 20 wide and 40 high
      const jpeg = await picture(40, 20)
        .jpeg()
        .withExif({ IFD0: { Copyright: secret, ImageDescription: 'GPS 13.75N 100.50E', Artist: secret } })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const before = await sharp(jpeg).metadata();
      expect(before.exif).toBeDefined();
      expect(before.orientation).toBe(6);
      expect(jpeg.includes(secret)).toBe(true);

      const res = await uploadFile('course', jpeg, 'camera.jpg', 'image/jpeg');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ width: 20, height: 40, contentType: 'image/jpeg' });

      const read = await app.inject({
        method: 'GET',
        url: `/images/course/${res.json<ImageStored>().filename}`,
      });
      const after = await sharp(read.rawPayload).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect([after.width, after.height]).toEqual([20, 40]);
      expect(read.rawPayload.includes(secret)).toBe(false);
    });

    it('strips EXIF and the ICC profile from a PNG', async () => {
      const png = await picture(30, 30)
        .png()
        .withExif({ IFD0: { Copyright: secret } })
        .withIccProfile('p3')
        .toBuffer();
      const before = await sharp(png).metadata();
      expect(before.exif).toBeDefined();
      expect(before.icc).toBeDefined();

      const res = await uploadFile('bank', png);
      expect(res.statusCode).toBe(200);
      const onDisk = await stored('bank', res.json<ImageStored>().filename);
      const after = await sharp(onDisk).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(onDisk.includes(secret)).toBe(false);
    });
  });

  it('stores the same picture once: a second upload answers the same name and announces nothing new', async () => {
    const png = await picture(33, 33).png().toBuffer();
    const first = await uploadFile('product', png);
    const events = await outboxRows();
    const records = await recordCount();
    const second = await uploadFile('product', png, 'again.png');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await outboxRows()).toBe(events);
    expect(await recordCount()).toBe(records);
    // another kind is another file
    const other = await uploadFile('coach', png);
    expect(other.json<ImageStored>().filename).toBe(first.json<ImageStored>().filename);
    expect(await recordCount()).toBe(records + 1);
  });

  it('publishes media.file.stored (schema-valid) for a new file', async () => {
    const res = await uploadFile('qr', await picture(21, 21).png().toBuffer());
    const body = res.json<ImageStored>();
    const event = await eventually(async () =>
      (await publishedEvents<FileStoredData>(env.namespace, 'media', 'media.file.stored')).find(
        (e) => e.data.filename === body.filename && e.data.kind === 'qr',
      ),
    );
    expect(() => validateEvent(FileStored, event)).not.toThrow();
    expect(event.source).toBe('media');
    expect(event.data).toMatchObject({
      kind: 'qr',
      visibility: 'public',
      filename: body.filename,
      contentType: 'image/png',
      bytes: body.bytes,
      width: 21,
      height: 21,
      createdBy: staffSub,
    });
    expect(event.data.sha256.slice(0, 32)).toBe(body.filename.slice(0, 32));
  });

  describe('refused uploads: a clear problem, nothing stored, nothing announced', () => {
    const fakes: [string, string | Buffer][] = [
      ['an HTML page', '<!doctype html><html><body><script>alert(1)</script></body></html>'],
      [
        'an SVG with a script',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="9" height="9"/></svg>',
      ],
      ['a PDF', '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF'],
      ['plain text', 'just some words, not a picture'],
      ['a TIFF', Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0, 0, 0, 0])],
    ];

    it.each(fakes)('%s named photo.png → 415 media.unsupported_type', async (_name, data) => {
      await changesNothing(async () => {
        const res = await uploadFile('product', data, 'photo.png', 'image/png');
        expect(res.statusCode).toBe(415);
        expect(res.headers['content-type']).toContain(PROBLEM);
        expect(res.json()).toMatchObject({
          code: 'media.unsupported_type',
          detail: 'ไฟล์นี้ไม่ใช่รูปภาพที่รองรับ (PNG, JPEG, GIF หรือ WebP)',
        });
      });
    });

    it('answers in English with Accept-Language: en', async () => {
      const body = await multipart([{ field: 'images', filename: 'x.png', type: 'image/png', data: 'text' }]);
      const res = await app.inject({
        method: 'POST',
        url: '/images/product',
        headers: { ...staff, ...body.headers, 'accept-language': 'en' },
        payload: body.payload,
      });
      expect(res.json()).toMatchObject({
        code: 'media.unsupported_type',
        detail: 'This file is not a supported image (PNG, JPEG, GIF or WebP)',
      });
    });

    it('a PNG signature followed by garbage → 422 media.image_unreadable', async () => {
      const png = await picture().png().toBuffer();
      const broken = Buffer.concat([png.subarray(0, 8), Buffer.from('not really a png at all, sorry')]);
      await changesNothing(async () => {
        const res = await uploadFile('product', broken);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({ code: 'media.image_unreadable' });
      });
    });

    it(`a file over ${MAX_BYTES} bytes → 413 media.file_too_large`, async () => {
      const noisy = await sharp({
        create: {
          width: 400,
          height: 400,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .png()
        .toBuffer();
      expect(noisy.length).toBeGreaterThan(MAX_BYTES);
      await changesNothing(async () => {
        const res = await uploadFile('product', noisy);
        expect(res.statusCode).toBe(413);
        expect(res.headers['content-type']).toContain(PROBLEM);
        expect(res.json()).toMatchObject({
          code: 'media.file_too_large',
          detail: 'ไฟล์มีขนาดใหญ่เกินไป',
          maxBytes: MAX_BYTES,
        });
      });
    });

    it('a small file that decodes to too many pixels → 413 media.image_too_many_pixels', async () => {
      const huge = await picture(2500, 2000).png().toBuffer();
      expect(huge.length).toBeLessThan(MAX_BYTES);
      await changesNothing(async () => {
        const res = await uploadFile('product', huge);
        expect(res.statusCode).toBe(413);
        expect(res.json()).toMatchObject({ code: 'media.image_too_many_pixels' });
      });
    });

    it('no file, a file in another field, an empty file, a JSON body → 400 media.file_required', async () => {
      const png = await picture().png().toBuffer();
      await changesNothing(async () => {
        for (const parts of [
          [{ field: 'title', data: 'no file here' }],
          [{ field: 'image', filename: 'a.png', type: 'image/png', data: png }],
          [{ field: 'file', filename: 'a.png', type: 'image/png', data: png }],
          [{ field: 'images', filename: 'empty.png', type: 'image/png', data: Buffer.alloc(0) }],
          [{ field: 'images', data: 'a text field named images' }],
        ] satisfies Part[][]) {
          const res = await upload('product', parts);
          expect(res.statusCode, JSON.stringify(parts.map((p) => p.field))).toBe(400);
          expect(res.json()).toMatchObject({ code: 'media.file_required', detail: 'กรุณาเลือกไฟล์รูปภาพ' });
        }
        const json = await app.inject({
          method: 'POST',
          url: '/images/product',
          headers: staff,
          payload: { images: 'x' },
        });
        expect(json.statusCode).toBe(400);
        expect(json.json()).toMatchObject({ code: 'media.file_required' });
      });
    });

    it('two files in one request → 400 media.one_file', async () => {
      const a = await picture().png().toBuffer();
      const b = await picture().png().toBuffer();
      await changesNothing(async () => {
        const res = await upload('product', [
          { field: 'images', filename: 'a.png', type: 'image/png', data: a },
          { field: 'images', filename: 'b.png', type: 'image/png', data: b },
        ]);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'media.one_file' });
      });
    });

    it('an unknown kind → 400 validation.failed', async () => {
      await changesNothing(async () => {
        const res = await uploadFile('avatar', await picture().png().toBuffer());
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation.failed' });
      });
    });

    it('anonymous → 401, a key auth never issued → 401, a member → 403', async () => {
      const png = await picture().png().toBuffer();
      const foreign = bearer(await (await TestTokenIssuer.create()).staff('admin'));
      const member = bearer(await issuer.member(undefined, { status: 'Premium' }));
      await changesNothing(async () => {
        const parts: Part[] = [{ field: 'images', filename: 'a.png', type: 'image/png', data: png }];
        const anon = await upload('product', parts, {});
        expect(anon.statusCode).toBe(401);
        expect(anon.json()).toMatchObject({ code: 'auth.unauthenticated' });
        expect((await upload('product', parts, foreign)).statusCode).toBe(401);
        const asMember = await upload('product', parts, member);
        expect(asMember.statusCode).toBe(403);
        expect(asMember.json()).toMatchObject({ code: 'auth.forbidden' });
      });
    });

    it('lets an admin upload too', async () => {
      const admin = bearer(await issuer.staff('admin'));
      const parts: Part[] = [
        { field: 'images', filename: 'a.png', type: 'image/png', data: await picture().png().toBuffer() },
      ];
      expect((await upload('coach', parts, admin)).statusCode).toBe(200);
    });
  });

  describe('serving', () => {
    let png: ImageStored;
    beforeAll(async () => {
      png = (await uploadFile('product', await picture(12, 12).png().toBuffer())).json<ImageStored>();
    });

    it('answers 304 to a matching If-None-Match, with the cache headers', async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/images/product/${png.filename}`,
        headers: { 'if-none-match': `"${png.filename.slice(0, 32)}"` },
      });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const other = await app.inject({
        method: 'GET',
        url: `/images/product/${png.filename}`,
        headers: { 'if-none-match': '"0000"' },
      });
      expect(other.statusCode).toBe(200);
    });

    it('serves the spec aliases /product/{img} and /qr/{file}, each for its own kind only', async () => {
      const viaAlias = await app.inject({ method: 'GET', url: `/product/${png.filename}` });
      expect(viaAlias.statusCode).toBe(200);
      expect(viaAlias.headers['content-type']).toBe('image/png');
      const canonical = await app.inject({ method: 'GET', url: `/images/product/${png.filename}` });
      expect(viaAlias.rawPayload.equals(canonical.rawPayload)).toBe(true);
      expect((await app.inject({ method: 'GET', url: `/qr/${png.filename}` })).statusCode).toBe(404);

      const qr = (await uploadFile('qr', await picture(25, 25).png().toBuffer())).json<ImageStored>();
      const qrRead = await app.inject({ method: 'GET', url: `/qr/${qr.filename}` });
      expect(qrRead.statusCode).toBe(200);
      expect(qrRead.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('answers 404 media.not_found for an unknown name, a name of another kind, an unknown kind', async () => {
      for (const url of [
        `/images/product/${'0'.repeat(32)}.png`,
        `/images/course/${png.filename}`,
        `/images/avatar/${png.filename}`,
        `/images/product/${png.filename.replace('.png', '.gif')}`,
        '/images/product/photo.png',
        `/images/product/${png.filename.toUpperCase()}`,
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toContain(PROBLEM);
        expect(res.json(), url).toMatchObject({ code: 'media.not_found', detail: 'ไม่พบไฟล์นี้' });
      }
    });

    it('cannot be made to read outside the public images (path traversal, private files)', async () => {
      // files a traversal would aim at: one beside the store, one private file with a valid name
      await writeFile(join(dir, 'secret.png'), 'SECRET');
      const privateName = `${'a'.repeat(32)}.png`;
      await mkdir(join(dir, 'private', 'product'), { recursive: true });
      await writeFile(join(dir, 'private', 'product', privateName), await picture().png().toBuffer());

      for (const url of [
        `/images/product/${privateName}`,
        `/product/${privateName}`,
        '/images/product/..%2F..%2Fsecret.png',
        '/images/product/..%2Fsecret.png',
        '/images/product/%2e%2e%2f%2e%2e%2fsecret.png',
        '/images/product/....%2F%2F....%2F%2Fsecret.png',
        '/images/..%2F..%2F/secret.png',
        '/images/..%2Fprivate/product',
        `/images/..%2Fprivate%2Fproduct/${privateName}`,
        '/images/product/..%5C..%5Csecret.png',
        '/images/product/%2Fetc%2Fpasswd',
        '/product/..%2F..%2F..%2Fpackage.json',
        '/qr/..%2F..%2Fsecret.png',
        '/images/product/../../secret.png',
        '/images/product/secret.png%00.png',
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('SECRET');
        expect(res.headers['content-type'], url).toContain(PROBLEM);
      }
    });
  });

  describe('GET /admin/images', () => {
    it('lists stored images newest first, by kind, paged, as staff see them', async () => {
      const first = (await uploadFile('coach', await picture(11, 12).png().toBuffer())).json<ImageStored>();
      const second = (
        await uploadFile('coach', await picture(13, 14).jpeg().toBuffer(), 'b.jpg', 'image/jpeg')
      ).json<ImageStored>();
      const res = await app.inject({
        method: 'GET',
        url: '/admin/images',
        query: { kind: 'coach', pageSize: '2' },
        headers: staff,
      });
      expect(res.statusCode).toBe(200);
      const page = res.json<{ items: MediaImage[]; total: number; page: number; pageSize: number }>();
      expect(page).toMatchObject({ page: 1, pageSize: 2 });
      expect(page.total).toBeGreaterThanOrEqual(2);
      expect(page.items.map((i) => i.filename)).toEqual([second.filename, first.filename]);
      expect(page.items[0]).toMatchObject({
        kind: 'coach',
        filename: second.filename,
        url: second.url,
        contentType: 'image/jpeg',
        bytes: second.bytes,
        width: 13,
        height: 14,
        createdBy: staffSub,
      });
      expect(page.items[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(Math.abs(Date.parse(page.items[0]?.createdAt ?? '') - Date.now())).toBeLessThan(60_000);
      expect(page.items.every((i) => i.kind === 'coach')).toBe(true);

      const all = (
        await app.inject({ method: 'GET', url: '/admin/images', query: { pageSize: '100' }, headers: staff })
      ).json<{ items: MediaImage[]; total: number }>();
      expect(all.total).toBe(await recordCount());
      expect(new Set(all.items.map((i) => i.kind)).size).toBeGreaterThan(1);
    });

    it('refuses a bad kind or page size (400), anonymous (401) and members (403)', async () => {
      const queries: Record<string, string>[] = [{ kind: 'avatar' }, { pageSize: '101' }, { page: '0' }];
      for (const query of queries) {
        const res = await app.inject({ method: 'GET', url: '/admin/images', query, headers: staff });
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
      }
      expect((await app.inject({ method: 'GET', url: '/admin/images' })).statusCode).toBe(401);
      const member = bearer(await issuer.member());
      expect((await app.inject({ method: 'GET', url: '/admin/images', headers: member })).statusCode).toBe(
        403,
      );
    });
  });

  it('uploads and serves over a real socket (a browser FormData through HTTP)', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    const png = await picture(17, 9).png().toBuffer();
    form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'from-browser.png');
    const res = await fetch(`${address}/images/slide`, { method: 'POST', body: form, headers: staff });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ImageStored;
    expect(body).toMatchObject({ width: 17, height: 9, contentType: 'image/png' });
    const read = await fetch(`${address}/images/slide/${body.filename}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await read.arrayBuffer()).equals(await stored('slide', body.filename))).toBe(true);
  });
});

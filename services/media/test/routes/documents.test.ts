import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { signMediaUrl } from '@rian/kit/signed-url';
import { validateEvent, type EventData } from '@rian/proto-contracts/envelope';
import { FileStored } from '@rian/proto-contracts/media';
import type { DocumentStored } from '@rian/proto-contracts/media-assets';
import {
  bearer,
  docx,
  exe,
  filesUnder,
  multipart,
  oleFile,
  pdf,
  picture,
  removeDir,
  startMedia,
  tempDir,
  zipOf,
} from '../helpers.js';

const PROBLEM = 'application/problem+json';
const SECRET = 'test-media-url-secret-abcdefghij';
const MAX_BYTES = 200_000;
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
type Stored = EventData<typeof FileStored>;

describe('private documents: upload (staff), checked by content, served only by signed URL', () => {
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
      MEDIA_URL_SECRET: SECRET,
      MEDIA_DOCUMENT_MAX_BYTES: String(MAX_BYTES),
      MEDIA_TRANSCODE_CONCURRENCY: '0',
    });
    staff = bearer(await issuer.staff('staff', staffSub));
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
    if (dir) await removeDir(dir);
  });

  const upload = async (
    data: Buffer,
    filename: string,
    type = 'application/octet-stream',
    headers = staff,
  ) => {
    const body = await multipart([{ field: 'images', filename, type, data }]);
    return app.inject({
      method: 'POST',
      url: '/documents',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const local = (url: string) => url.replace(/^\/api\/media/, '');

  it('keeps a PDF privately, announces it, and serves it by its signed URL as an attachment with its Thai name', async () => {
    const file = pdf();
    const res = await upload(file, 'เอกสาร บทที่ 1.pdf', 'application/pdf');
    expect(res.statusCode).toBe(200);
    const stored = res.json() as DocumentStored;
    expect(stored).toMatchObject({
      originalName: 'เอกสาร บทที่ 1.pdf',
      contentType: 'application/pdf',
      bytes: file.length,
      filename: `${stored.fileId}.pdf`,
    });
    expect(stored.url).toMatch(
      new RegExp(`^/api/media/signed/\\d+/[A-Za-z0-9_-]+/document/${stored.fileId}/${stored.fileId}\\.pdf$`),
    );
    // only under private/, in the document's own folder
    expect(await filesUnder(dir)).toEqual([`private/document/${stored.fileId}/${stored.fileId}.pdf`]);

    const read = await app.inject({ method: 'GET', url: local(stored.url) });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['cache-control']).toMatch(/^private/);
    // an ASCII stand-in for old clients, the UTF-8 name (RFC 5987) for the rest
    const disposition = String(read.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+\.pdf"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!)).toBe('เอกสาร บทที่ 1.pdf');
    expect(read.rawPayload.equals(file)).toBe(true);

    const events = await eventually(async () => {
      const all = await publishedEvents<Stored>(env.namespace, 'media', FileStored.type);
      return all.find((e) => e.data.fileId === stored.fileId);
    });
    validateEvent(FileStored, events);
    expect(events.data).toMatchObject({
      kind: 'document',
      visibility: 'private',
      filename: stored.filename,
      contentType: 'application/pdf',
      originalName: 'เอกสาร บทที่ 1.pdf',
      width: null,
      height: null,
      createdBy: staffSub,
    });
  });

  it('accepts Word (docx and doc) and images by content, whatever the name says', async () => {
    const word = await upload(await docx(), 'lesson.docx');
    expect(word.statusCode).toBe(200);
    expect(word.json()).toMatchObject({ contentType: DOCX_TYPE, filename: expect.stringMatching(/\.docx$/) });

    const legacy = await upload(oleFile('WordDocument'), 'old.doc');
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toMatchObject({ contentType: 'application/msword' });

    const png = await upload(await picture().png().toBuffer(), 'chart.pdf');
    expect(png.statusCode).toBe(200);
    expect(png.json()).toMatchObject({ contentType: 'image/png', originalName: 'chart.pdf' });
  });

  it('refuses an EXE named .pdf, a zip or macro document posing as Word, and an installer (400, Thai/English)', async () => {
    const before = await filesUnder(dir);
    const cases: [string, Buffer][] = [
      ['setup.pdf', exe()],
      ['page.pdf', Buffer.from('<html><script>alert(1)</script></html>')],
      ['archive.docx', await zipOf({ 'readme.txt': 'hello' })],
      ['macro.docx', await docx('application/vnd.ms-word.document.macroEnabled.main+xml')],
      ['installer.doc', oleFile('SummaryInformation')],
      ['cut.pdf', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n')],
    ];
    for (const [name, data] of cases) {
      const res = await upload(data, name, 'application/pdf');
      expect(res.statusCode, name).toBe(400);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.json(), name).toMatchObject({
        code: 'media.document_unsupported_type',
        messages: {
          th: expect.stringContaining('ไม่ใช่เอกสารที่รองรับ'),
          en: expect.stringContaining('not a supported document'),
        },
      });
    }
    expect(await filesUnder(dir)).toEqual(before);
  });

  it('refuses an oversized document (413) before the upload has been sent whole', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const boundary = '----rian-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    );
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/documents',
          headers: {
            ...staff,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            // a body announced far larger than what is ever sent: the answer cannot wait for its end
            'content-length': String(MAX_BYTES * 50),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      req.write(head);
      req.write(Buffer.alloc(MAX_BYTES + 50_000, 0x20));
      // never ended
    });
    const res = await answer;
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'media.file_too_large', maxBytes: MAX_BYTES });
  });

  it('refuses a forged, stretched or expired signature (403) and a name outside the document (404)', async () => {
    const stored = (await upload(pdf(), 'a.pdf')).json() as DocumentStored;
    const url = local(stored.url);
    const [, , exp, sig] = url.split('/');
    const forged = await app.inject({
      method: 'GET',
      url: url.replace(sig!, `${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'media.signature_invalid' });
    const stretched = await app.inject({
      method: 'GET',
      url: url.replace(`/${exp}/`, `/${Number(exp) + 60}/`),
    });
    expect(stretched.statusCode).toBe(403);
    const expired = signMediaUrl({
      base: '',
      secret: SECRET,
      scope: `document/${stored.fileId}`,
      file: stored.filename,
      ttlSeconds: 30,
      now: new Date(Date.now() - 60_000),
    });
    expect((await app.inject({ method: 'GET', url: expired.url })).statusCode).toBe(403);

    // signed for this document, asking for another name or through another kind
    const valid = (scope: string, file: string) =>
      signMediaUrl({ base: '', secret: SECRET, scope, file, ttlSeconds: 60, now: new Date() }).url;
    expect(
      (await app.inject({ method: 'GET', url: valid(`document/${stored.fileId}`, 'other.pdf') })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: valid(`hls/${stored.fileId}`, stored.filename) })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: valid(`private/${stored.fileId}`, stored.filename) }))
        .statusCode,
    ).toBe(404);
    // and never from a guessable path
    for (const path of [
      `/images/document/${stored.filename}`,
      `/private/document/${stored.fileId}/${stored.filename}`,
      `/documents/${stored.fileId}`,
    ]) {
      expect((await app.inject({ method: 'GET', url: path })).statusCode, path).toBe(404);
    }
    // the file on disk is where expected, so the 404s above are the routes' doing
    expect(await readFile(join(dir, 'private', 'document', stored.fileId, stored.filename))).toBeTruthy();
  });

  it('describes the new routes in its OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    for (const path of [
      '/documents',
      '/videos/uploads',
      '/videos/uploads/{id}',
      '/admin/videos',
      '/admin/videos/{id}',
      '/admin/videos/{id}/playback',
      '/signed/{exp}/{sig}/{kind}/{id}/{file}',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('refuses anyone but staff (401 anonymous, 403 member) and stores nothing', async () => {
    const before = await filesUnder(dir);
    expect((await upload(pdf(), 'a.pdf', 'application/pdf', {})).statusCode).toBe(401);
    expect((await upload(pdf(), 'a.pdf', 'application/pdf', bearer(await issuer.member()))).statusCode).toBe(
      403,
    );
    expect(await filesUnder(dir)).toEqual(before);
  });
});

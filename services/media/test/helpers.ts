import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import type { TestEnv, TestTokenIssuer } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';

export async function startMedia(
  env: TestEnv,
  issuer: TestTokenIssuer,
  extra: Record<string, string> = {},
): Promise<ServiceApp> {
  const app = await buildApp(readConfig(env.envFor('media', { PORT: '0', ...extra })), {
    tokenKeys: issuer.keys,
  });
  await app.ready();
  return app;
}

export const tempDir = () => mkdtemp(join(tmpdir(), 'rian-media-'));
export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });

/** Every file under `dir`, as paths relative to it. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

export interface Part {
  field: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export async function multipart(
  parts: Part[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const p of parts) {
    if (p.filename === undefined && typeof p.data === 'string') form.append(p.field, p.data);
    else {
      const bytes = typeof p.data === 'string' ? new TextEncoder().encode(p.data) : new Uint8Array(p.data);
      form.append(p.field, new Blob([bytes], { type: p.type ?? 'application/octet-stream' }), p.filename);
    }
  }
  const req = new Request('http://media.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  };
}

const channel = () => Math.floor(Math.random() * 256);

/** A small picture of one random colour (so two tests never upload the same bytes by chance). */
export function picture(width = 24, height = 16) {
  return sharp({
    create: { width, height, channels: 3, background: { r: channel(), g: channel(), b: channel() } },
  });
}

export async function animatedGif(frames = 2): Promise<Buffer> {
  const pages = await Promise.all(Array.from({ length: frames }, () => picture(30, 20).png().toBuffer()));
  return sharp(pages, { join: { animated: true } })
    .gif({ delay: 100 })
    .toBuffer();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A short video of ffmpeg's test pattern with a tone (never downloaded media): 640×360 by default. */
export async function testVideo(
  dir: string,
  opts: { seconds?: number; size?: string; name?: string } = {},
): Promise<string> {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const out = join(dir, opts.name ?? 'lesson.mp4');
  await promisify(execFile)('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${opts.size ?? '640x360'}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    String(opts.seconds ?? 4),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    out,
  ]);
  return out;
}

/** A zip archive (stored or deflated entries), enough to build Office Open XML files. */
export async function zipOf(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const { crc32, deflateRawSync } = await import('node:zlib');
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    central.push(entry, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/** A minimal Word document (.docx); `mainType` lets a test make a macro-enabled one. */
export function docx(mainType = WORD_MAIN): Promise<Buffer> {
  return zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/word/document.xml" ContentType="${mainType}"/></Types>`,
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      '<w:body><w:p><w:r><w:t>สวัสดี</w:t></w:r></w:p></w:body></w:document>',
  });
}

/** A small PDF: header, one empty page, trailer, %%EOF. */
export function pdf(text = 'Rian'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${text} ${Math.random()}\n` +
      `trailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

/** The start of a Windows executable (MZ header and PE signature). */
export function exe(): Buffer {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
}

/** A compound (OLE) file whose directory names `stream` (Word: WordDocument; an MSI has none of Office's). */
export function oleFile(stream: string): Buffer {
  const b = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b, 0);
  Buffer.from(stream, 'utf16le').copy(b, 1024);
  return b;
}

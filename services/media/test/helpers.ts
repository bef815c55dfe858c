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

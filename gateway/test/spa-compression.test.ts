import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from './helpers.js';

const JS = `export const big = ${JSON.stringify('เรียน '.repeat(4_000))};\n`;
const HTML = `<!doctype html><html><body><div id="root">rian-spa-index</div>${'<!-- pad -->'.repeat(200)}</body></html>`;

/** A built SPA as web/vite.config.ts leaves it: each text file beside its .br and .gz. */
function compressedDist(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'rian-web-dist-br-'));
  mkdirSync(join(dir, 'assets'));
  const write = (name: string, text: string, compressed = true) => {
    writeFileSync(join(dir, name), text);
    if (!compressed) return;
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  };
  write('index.html', HTML);
  write('assets/index-C0ffee12.js', JS);
  write('assets/tiny-D00d1e34.css', 'a{}', false); // too small to be worth compressing at build
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('the SPA, compressed at build', () => {
  const dist = compressedDist();
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway({ WEB_DIST: dist.dir });
  });
  afterAll(async () => {
    await gw?.close();
    dist.remove();
  });

  const get = (url: string, acceptEncoding?: string) =>
    gw.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html,*/*', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('sends a hashed asset in brotli when the browser takes it (br before gzip), cached for a year', async () => {
    const res = await get('/assets/index-C0ffee12.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(JS) / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
  });

  it('sends gzip to a client without brotli, and the plain file to one that takes neither', async () => {
    const gz = await get('/assets/index-C0ffee12.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);

    const refusedBr = await get('/assets/index-C0ffee12.js', 'br;q=0, gzip');
    expect(refusedBr.headers['content-encoding']).toBe('gzip');

    for (const ae of [undefined, 'identity']) {
      const plain = await get('/assets/index-C0ffee12.js', ae);
      expect(plain.headers['content-encoding'], String(ae)).toBeUndefined();
      expect(plain.body).toBe(JS);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('sends a file that has no compressed copy as it is', async () => {
    const res = await get('/assets/tiny-D00d1e34.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('a{}');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends index.html (also for client-side routes) compressed but never cached without revalidation', async () => {
    for (const url of ['/', '/index.html', '/member', '/product/forex-basics']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(HTML);
    }
  });
});

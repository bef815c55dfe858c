import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM, fakeDist, startGateway, type TestGateway } from './helpers.js';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('the built SPA', () => {
  const dist = fakeDist();
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway({ WEB_DIST: dist.dir });
  });
  afterAll(async () => {
    await gw?.close();
    dist.remove();
  });

  it('serves index.html at / without caching it, with the security headers', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('rian-spa-index');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  });

  it('answers client-side routes and unknown pages with index.html for a browser', async () => {
    for (const url of [
      '/product/abc',
      '/product/course-name/42',
      '/member',
      '/no-such-page',
      '/admin/ordersConfirm?x=1',
    ]) {
      const res = await gw.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('rian-spa-index');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and revalidates plain files', async () => {
    const asset = await gw.app.inject({ method: 'GET', url: '/assets/index-B1a2c3d4.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toContain('rian asset');

    const icon = await gw.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('never answers an API path, a missing asset or a non-browser request with the SPA', async () => {
    const api = await gw.app.inject({ method: 'GET', url: '/api/nope', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain(PROBLEM);

    const asset = await gw.app.inject({ method: 'GET', url: '/assets/index-gone.js', headers: html });
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toContain(PROBLEM);

    const json = await gw.app.inject({
      method: 'GET',
      url: '/product/abc',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    expect(json.json().code).toBe('http.not_found');

    const post = await gw.app.inject({ method: 'POST', url: '/product/abc', headers: html, payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('gives a client that accepts anything (curl, crawlers) the app for page paths, not for files', async () => {
    for (const url of ['/', '/product/forex-basics', '/this-does-not-exist']) {
      const res = await gw.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
    }
    const file = await gw.app.inject({ method: 'GET', url: '/missing-logo.png', headers: { accept: '*/*' } });
    expect(file.statusCode).toBe(404);
  });

  it('serves nothing from outside the build folder', async () => {
    for (const url of [
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const res = await gw.app.inject({ method: 'GET', url });
      // either refused, or (when the router already folded the dots away) the app's own page
      if (res.statusCode === 200) expect(res.headers['content-type'], url).toContain('text/html');
      else expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('root:');
      expect(res.body, url).not.toContain('"name"');
    }
  });
});

describe('without a build', () => {
  const dist = fakeDist();
  let gw: TestGateway;

  beforeAll(async () => {
    rmSync(join(dist.dir, 'index.html'));
    gw = await startGateway({ WEB_DIST: join(dist.dir, 'missing') });
  });
  afterAll(async () => {
    await gw?.close();
    dist.remove();
  });

  it('answers pages with a 503 page that says how to build the web app; the API still answers', async () => {
    for (const url of ['/', '/product/abc']) {
      const res = await gw.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('npm run build -w @rian/web');
      expect(res.body, url).toContain('not built');
    }
    const api = await gw.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain(PROBLEM);
  });

  it('serves the build as soon as it appears, without a restart', async () => {
    const gw2 = await startGateway({ WEB_DIST: dist.dir });
    try {
      expect((await gw2.app.inject({ method: 'GET', url: '/', headers: html })).statusCode).toBe(503);
      writeFileSync(join(dist.dir, 'index.html'), '<!doctype html><p>rian-late-build</p>');
      const res = await gw2.app.inject({ method: 'GET', url: '/member', headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('rian-late-build');
    } finally {
      await gw2.close();
    }
  });
});

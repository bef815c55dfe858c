import { describe, expect, it } from 'vitest';
import { mediaSignatureValid, signMediaUrl } from '../src/signed-url.js';

const secret = 'test-secret-0123456789abcdef0123456789';
const now = new Date('2026-11-26T08:00:00Z');
const scope = 'hls/01900000-0000-7000-8000-000000000001';

function parts(url: string) {
  const m = /\/signed\/(\d+)\/([^/]+)\/([^/]+\/[^/]+)\/(.+)$/.exec(url);
  if (!m) throw new Error(url);
  return { exp: Number(m[1]), sig: m[2]!, scope: m[3]!, file: m[4]! };
}

describe('signed media URLs', () => {
  it('a URL made for a scope is valid for it until its expiry, then not', () => {
    const { url, expiresAt } = signMediaUrl({
      base: '/api/media/',
      secret,
      scope,
      file: 'master.m3u8',
      ttlSeconds: 300,
      now,
    });
    expect(url.startsWith('/api/media/signed/')).toBe(true);
    expect(expiresAt.toISOString()).toBe('2026-11-26T08:05:00.000Z');
    const p = parts(url);
    expect(p.scope).toBe(scope);
    expect(p.file).toBe('master.m3u8');
    expect(mediaSignatureValid(p, { secret, now })).toBe(true);
    expect(mediaSignatureValid(p, { secret, now: new Date('2026-11-26T08:05:01Z') })).toBe(false);
  });

  it('another scope, another expiry, another secret or a changed signature is refused', () => {
    const p = parts(signMediaUrl({ base: '', secret, scope, file: 'a.ts', ttlSeconds: 60, now }).url);
    expect(
      mediaSignatureValid({ ...p, scope: 'hls/01900000-0000-7000-8000-000000000002' }, { secret, now }),
    ).toBe(false);
    expect(mediaSignatureValid({ ...p, exp: p.exp + 1 }, { secret, now })).toBe(false);
    expect(mediaSignatureValid(p, { secret: `${secret}x`, now })).toBe(false);
    expect(mediaSignatureValid({ ...p, sig: p.sig.slice(0, -1) }, { secret, now })).toBe(false);
    expect(mediaSignatureValid({ ...p, scope: '../private/x' }, { secret, now })).toBe(false);
  });

  it('refuses to sign a scope that could reach outside its folder', () => {
    expect(() => signMediaUrl({ base: '', secret, scope: '../x', file: 'a', ttlSeconds: 1, now })).toThrow();
    expect(() =>
      signMediaUrl({ base: '', secret, scope: 'hls/a/b', file: 'a', ttlSeconds: 1, now }),
    ).toThrow();
  });
});

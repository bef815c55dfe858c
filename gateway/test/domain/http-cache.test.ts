import { describe, expect, it } from 'vitest';
import {
  cacheKey,
  entryState,
  notModified,
  parseCacheControl,
  storable,
  strongEtag,
} from '../../src/domain/http-cache.js';

const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30';

describe('the public cache rules', () => {
  it('reads Cache-Control, s-maxage before max-age', () => {
    expect(parseCacheControl(PUBLIC)).toEqual({
      public: true,
      private: false,
      noStore: false,
      noCache: false,
      maxAge: 60,
      staleWhileRevalidate: 30,
    });
    expect(parseCacheControl('Private, No-Store')).toMatchObject({ private: true, noStore: true });
    expect(parseCacheControl('max-age=abc').maxAge).toBe(undefined);
  });

  it('stores only a 200 marked public with a lifetime, no cookie, varying on nothing but the keyed headers', () => {
    expect(storable(200, { 'cache-control': PUBLIC })).toEqual({
      maxAgeMs: 60_000,
      staleWhileRevalidateMs: 30_000,
    });
    expect(
      storable(200, { 'cache-control': PUBLIC, vary: 'Accept-Language, accept-encoding' }),
    ).toBeDefined();
    for (const [status, headers] of [
      [404, { 'cache-control': PUBLIC }],
      [500, { 'cache-control': PUBLIC }],
      [200, {}],
      [200, { 'cache-control': 'max-age=60' }],
      [200, { 'cache-control': 'public' }],
      [200, { 'cache-control': 'public, max-age=0' }],
      [200, { 'cache-control': 'private, no-store' }],
      [200, { 'cache-control': 'public, max-age=60, no-cache' }],
      [200, { 'cache-control': PUBLIC, 'set-cookie': 'a=1' }],
      [200, { 'cache-control': PUBLIC, vary: 'Authorization' }],
      [200, { 'cache-control': PUBLIC, vary: 'Cookie' }],
      [200, { 'cache-control': PUBLIC, vary: '*' }],
    ] as const) {
      expect(storable(status, headers), JSON.stringify([status, headers])).toBe(undefined);
    }
  });

  it('keys on the service, the query in one order and the normalised Accept-Encoding / Accept-Language', () => {
    const a = cacheKey('catalog', '/products?page=1&pageSize=20', { 'accept-encoding': 'gzip, br' });
    expect(cacheKey('catalog', '/products?pageSize=20&page=1', { 'accept-encoding': 'br;q=0.9, GZIP' })).toBe(
      a,
    );
    expect(cacheKey('media', '/products?page=1&pageSize=20', { 'accept-encoding': 'gzip, br' })).not.toBe(a);
    expect(cacheKey('catalog', '/products?page=2&pageSize=20', { 'accept-encoding': 'gzip, br' })).not.toBe(
      a,
    );
    expect(cacheKey('catalog', '/products?page=1&pageSize=20', {})).not.toBe(a);
    expect(
      cacheKey('catalog', '/products?page=1&pageSize=20', { 'accept-encoding': 'gzip, br, zstd;q=0' }),
    ).toBe(a);
    expect(cacheKey('catalog', '/p', { 'accept-language': 'th' })).not.toBe(
      cacheKey('catalog', '/p', { 'accept-language': 'en' }),
    );
  });

  it('answers If-None-Match with the stored strong tag (and *), W/ compared weakly', () => {
    const tag = strongEtag(Buffer.from('{"a":1}'));
    expect(tag).toBe(strongEtag(Buffer.from('{"a":1}')));
    expect(tag).not.toBe(strongEtag(Buffer.from('{"a":2}')));
    expect(notModified(tag, tag)).toBe(true);
    expect(notModified(`"x", W/${tag}`, tag)).toBe(true);
    expect(notModified('*', tag)).toBe(true);
    expect(notModified('"x"', tag)).toBe(false);
    expect(notModified(undefined, tag)).toBe(false);
  });

  it('is fresh for max-age, then stale for stale-while-revalidate, then expired', () => {
    const f = { maxAgeMs: 1_000, staleWhileRevalidateMs: 500 };
    expect(entryState(999, f)).toBe('fresh');
    expect(entryState(1_000, f)).toBe('stale');
    expect(entryState(1_499, f)).toBe('stale');
    expect(entryState(1_500, f)).toBe('expired');
  });
});

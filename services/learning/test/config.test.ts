import { describe, expect, it } from 'vitest';
import { PRODUCTION_BASE_ENV } from '@rian/kit/testing-config';
import { DEV_MEDIA_URL_SECRET } from '@rian/kit/signed-url';
import { readConfig } from '../src/config.js';

/** The signed-URL settings learning shares with media. */
describe('learning config: MEDIA_URL_SECRET', () => {
  const prodKey = 'a'.repeat(64);
  it('development without one: the development value media uses too; 10-minute URLs under /api/media', () => {
    const c = readConfig({});
    expect(c.MEDIA_URL_SECRET).toBe(DEV_MEDIA_URL_SECRET);
    expect(c.MEDIA_PUBLIC_URL).toBe('/api/media');
    expect(c.LEARNING_SIGNED_URL_TTL_S).toBe(600);
  });
  it('production: required, at least 16 characters, never the development value', () => {
    const prod = { ...PRODUCTION_BASE_ENV, LEARNING_SECRET_KEY: prodKey };
    expect(() => readConfig(prod)).toThrow(/MEDIA_URL_SECRET: required in production/);
    expect(() => readConfig({ ...prod, MEDIA_URL_SECRET: 'short' })).toThrow(/at least 16/);
    expect(() => readConfig({ ...prod, MEDIA_URL_SECRET: DEV_MEDIA_URL_SECRET })).toThrow(/development key/);
    expect(readConfig({ ...prod, MEDIA_URL_SECRET: 'x'.repeat(32) }).MEDIA_URL_SECRET).toBe('x'.repeat(32));
  });
});

describe('learning config: LEARNING_LIVE_WEBRTC_ORIGIN', () => {
  it('a ws(s) URL beside LEARNING_LIVE_ORIGIN (its LL-HLS fallback); wss in production', () => {
    const ome = { LEARNING_LIVE_ORIGIN: 'https://live.example.com' };
    expect(readConfig({}).LEARNING_LIVE_WEBRTC_ORIGIN).toBe('');
    expect(
      readConfig({ ...ome, LEARNING_LIVE_WEBRTC_ORIGIN: 'ws://127.0.0.1:3333' }).LEARNING_LIVE_WEBRTC_ORIGIN,
    ).toBe('ws://127.0.0.1:3333');
    expect(() =>
      readConfig({ ...ome, LEARNING_LIVE_WEBRTC_ORIGIN: 'https://live.example.com:3333' }),
    ).toThrow(/LEARNING_LIVE_WEBRTC_ORIGIN: a ws\(s\) URL/);
    expect(() => readConfig({ LEARNING_LIVE_WEBRTC_ORIGIN: 'wss://live.example.com:3333' })).toThrow(
      /needs LEARNING_LIVE_ORIGIN/,
    );
    const prod = {
      ...PRODUCTION_BASE_ENV,
      LEARNING_SECRET_KEY: 'a'.repeat(64),
      MEDIA_URL_SECRET: 'x'.repeat(32),
      LEARNING_LIVE_SIGNING_KEY: 'k'.repeat(16),
      ...ome,
    };
    expect(() => readConfig({ ...prod, LEARNING_LIVE_WEBRTC_ORIGIN: 'ws://live.example.com:3333' })).toThrow(
      /wss in production/,
    );
    expect(
      readConfig({ ...prod, LEARNING_LIVE_WEBRTC_ORIGIN: 'wss://live.example.com:3333' })
        .LEARNING_LIVE_WEBRTC_ORIGIN,
    ).toBe('wss://live.example.com:3333');
  });
});

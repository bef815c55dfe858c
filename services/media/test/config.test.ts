import { describe, expect, it } from 'vitest';
import { PRODUCTION_BASE_ENV } from '@rian/kit/testing-config';
import { ConfigError } from '@rian/kit/config';
import { DEV_MEDIA_URL_SECRET } from '@rian/kit/signed-url';
import { readConfig } from '../src/config.js';

describe('media config: the signed-URL key', () => {
  it('falls back to the shared development key outside production', () => {
    expect(readConfig({}).MEDIA_URL_SECRET).toBe(DEV_MEDIA_URL_SECRET);
    expect(readConfig({ MEDIA_URL_SECRET: 'a-long-enough-secret' }).MEDIA_URL_SECRET).toBe(
      'a-long-enough-secret',
    );
  });

  it('is required in production, and never short', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => readConfig({ MEDIA_URL_SECRET: 'short' })).toThrow(/MEDIA_URL_SECRET/);
    expect(readConfig({ ...PRODUCTION_BASE_ENV, MEDIA_URL_SECRET: 'x'.repeat(32) }).MEDIA_URL_SECRET).toBe(
      'x'.repeat(32),
    );
  });

  it('has the video and document caps of the issue by default', () => {
    const c = readConfig({});
    expect(c.MEDIA_VIDEO_MAX_BYTES).toBe(4 * 1024 ** 3);
    expect(c.MEDIA_DOCUMENT_MAX_BYTES).toBe(20 * 1024 * 1024);
    expect(c.MEDIA_TRANSCODE_CONCURRENCY).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError } from '@rian/kit/config';
import { readConfig } from '../src/config.js';

describe('PAYMENTS_URL_SECRET', () => {
  it('draws a random key per process outside production when none is set (no secret in the repo)', () => {
    const a = readConfig({}).PAYMENTS_URL_SECRET;
    const b = readConfig({}).PAYMENTS_URL_SECRET;
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(a).not.toBe(b);
  });

  it('keeps the key given', () => {
    expect(readConfig({ PAYMENTS_URL_SECRET: 'x'.repeat(20) }).PAYMENTS_URL_SECRET).toBe('x'.repeat(20));
  });

  it('refuses to start in production without a key, and anywhere with a short one', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => readConfig({ PAYMENTS_URL_SECRET: 'short' })).toThrow(ConfigError);
  });
});

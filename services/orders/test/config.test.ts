import { describe, expect, it } from 'vitest';
import { DEV_SECRET_KEY, readConfig } from '../src/config.js';

describe('orders config: ORDERS_SECRET_KEY (book-delivery phones at rest)', () => {
  it('development without one: the fixed development key', () => {
    expect(readConfig({}).ORDERS_SECRET_KEY).toBe(DEV_SECRET_KEY);
  });
  it('production: required, 32 bytes, never the development key', () => {
    const prod = { NODE_ENV: 'production' };
    expect(() => readConfig(prod)).toThrow(/ORDERS_SECRET_KEY: required in production/);
    expect(() => readConfig({ ...prod, ORDERS_SECRET_KEY: 'abc' })).toThrow(/32 bytes/);
    expect(() => readConfig({ ...prod, ORDERS_SECRET_KEY: DEV_SECRET_KEY })).toThrow(/development key/);
    expect(readConfig({ ...prod, ORDERS_SECRET_KEY: 'a'.repeat(64) }).ORDERS_SECRET_KEY).toBe('a'.repeat(64));
  });
});

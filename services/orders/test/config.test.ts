import { describe, expect, it } from 'vitest';
import { PRODUCTION_BASE_ENV } from '@rian/kit/testing-config';
import { DEV_SECRET_KEY, readConfig } from '../src/config.js';

describe('orders config: ORDERS_SECRET_KEY (book-delivery phones at rest)', () => {
  it('development without one: the fixed development key', () => {
    expect(readConfig({}).ORDERS_SECRET_KEY).toBe(DEV_SECRET_KEY);
  });
  it('production: required, 32 bytes, never the development key', () => {
    const prod = {
      ...PRODUCTION_BASE_ENV,
      SELLER_NAME: 'บริษัท เรียน จำกัด',
      SELLER_TAX_ID: '0105561234567',
      SELLER_ADDRESS: '1 ถนนสีลม กรุงเทพฯ 10500',
    };
    expect(() => readConfig(prod)).toThrow(/ORDERS_SECRET_KEY: required in production/);
    expect(() => readConfig({ ...prod, ORDERS_SECRET_KEY: 'abc' })).toThrow(/32 bytes/);
    expect(() => readConfig({ ...prod, ORDERS_SECRET_KEY: DEV_SECRET_KEY })).toThrow(/development key/);
    expect(readConfig({ ...prod, ORDERS_SECRET_KEY: 'a'.repeat(64) }).ORDERS_SECRET_KEY).toBe('a'.repeat(64));
  });
  it('production: the placeholder seller on invoices is refused, each named with the missing key', () => {
    expect(() => readConfig({ ...PRODUCTION_BASE_ENV, ORDERS_SECRET_KEY: 'a'.repeat(64) })).toThrow(
      /SELLER_NAME: the development default[^]*SELLER_TAX_ID: the development default \("0000000000000"\)[^]*SELLER_ADDRESS/,
    );
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(
      /SELLER_TAX_ID[^]*ORDERS_SECRET_KEY: required/,
    );
  });
});

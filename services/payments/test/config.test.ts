import { describe, expect, it } from 'vitest';
import { PRODUCTION_BASE_ENV } from '@rian/kit/testing-config';
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

describe('payment ref key and provider credentials', () => {
  const prod = {
    ...PRODUCTION_BASE_ENV,
    PAYMENTS_CALLBACK_BASE_URL: 'https://rian.example.com/api/payments',
    PAYMENTS_CARD_FORM_URL: 'https://pgw.2c2p.com/payment/4.3/payment',
    PAYMENTS_CARD_MERCHANT_ID: 'RIAN01',
    PAYMENTS_KBANK_API_URL: 'https://kpaymentgateway-services.kasikornbank.com',
    PAYMENTS_PROMPTPAY_ID: '0105561234567',
    PAYMENTS_URL_SECRET: 'x'.repeat(20),
    PAYMENTS_REF_KEY: 'ab'.repeat(32),
    PAYMENTS_CARD_SECRET: 'live-2c2p-secret',
    PAYMENTS_KBANK_API_KEY: 'skey_prod_x',
  };

  it('outside production: a random ref key per process and the simulator credentials', () => {
    const a = readConfig({});
    expect(a.PAYMENTS_REF_KEY).not.toBe(readConfig({}).PAYMENTS_REF_KEY);
    expect(a.PAYMENTS_CARD_SECRET).toBe('rian-dev-2c2p-secret');
    expect(a.PAYMENTS_KBANK_API_KEY).toBe('skey_test_rian_dev');
  });

  it('production needs each of them, and a ref key of 32 bytes anywhere', () => {
    expect(readConfig(prod).PAYMENTS_CARD_SECRET).toBe('live-2c2p-secret');
    for (const name of ['PAYMENTS_REF_KEY', 'PAYMENTS_CARD_SECRET', 'PAYMENTS_KBANK_API_KEY'] as const) {
      expect(() => readConfig({ ...prod, [name]: '' }), name).toThrow(ConfigError);
    }
    expect(() => readConfig({ PAYMENTS_REF_KEY: 'too-short' })).toThrow(ConfigError);
  });

  it('production refuses the simulator, the test merchant and the example PromptPay id, naming each', () => {
    const { PAYMENTS_CARD_MERCHANT_ID, PAYMENTS_PROMPTPAY_ID, PAYMENTS_KBANK_API_URL, ...rest } = prod;
    void [PAYMENTS_CARD_MERCHANT_ID, PAYMENTS_PROMPTPAY_ID, PAYMENTS_KBANK_API_URL];
    let problems: string[] = [];
    try {
      readConfig({ ...rest, PAYMENTS_CALLBACK_BASE_URL: 'http://127.0.0.1:3000/api/payments' });
    } catch (err) {
      problems = (err as ConfigError).problems;
    }
    expect(problems).toEqual([
      'PAYMENTS_CALLBACK_BASE_URL: an https:// address in production',
      'PAYMENTS_CARD_MERCHANT_ID: the development default ("JT01") cannot be used in production',
      "PAYMENTS_KBANK_API_URL: required in production (the default is this machine's, for development)",
      'PAYMENTS_PROMPTPAY_ID: the development default ("0812345678") cannot be used in production',
    ]);
  });
});

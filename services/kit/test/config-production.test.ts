import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { ConfigError, inProduction, loadConfig, serviceConfigSchema } from '../src/config.js';
import { PRODUCTION_BASE_ENV } from '../src/testing-config.js';

const schema = serviceConfigSchema('orders', {
  SHOP_PASSWORD: Type.String({ default: 'dev-password', ...inProduction('changed') }),
  SECURE: Type.Boolean({ default: false, ...inProduction('changed') }),
  PROVIDER_URL: Type.String({ default: 'http://127.0.0.1:3109', ...inProduction('https') }),
  MAIL_URL: Type.String({ default: '', ...inProduction('set') }),
  PLAIN: Type.String({ default: 'anything' }),
});

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(schema, env);
    return [];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.problems;
  }
};

describe('settings production must not keep as they are', () => {
  it('outside production the development defaults are taken as they are', () => {
    const c = loadConfig(schema, {});
    expect(c).toMatchObject({ SHOP_PASSWORD: 'dev-password', SECURE: false, MAIL_URL: '' });
  });

  it('production names every one left at its development default, at once', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      "DATABASE_URL: required in production (the default is this machine's, for development)",
      "NATS_URL: required in production (the default is this machine's, for development)",
      "REDIS_URL: required in production (the default is this machine's, for development)",
      "AUTH_JWKS_URL: required in production (the default is this machine's, for development)",
      "SITE_URL: required in production (the default is this machine's, for development)",
      'SHOP_PASSWORD: the development default ("dev-password") cannot be used in production',
      'SECURE: the development default (false) cannot be used in production',
      "PROVIDER_URL: required in production (the default is this machine's, for development)",
      "MAIL_URL: required in production (the default is this machine's, for development)",
    ]);
  });

  it('a development value given explicitly is refused too; an http address where https is needed', () => {
    expect(
      problemsOf({
        ...PRODUCTION_BASE_ENV,
        SITE_URL: 'http://rian.example.com',
        SHOP_PASSWORD: 'dev-password',
        SECURE: 'false',
        PROVIDER_URL: 'http://provider.example.com',
        MAIL_URL: 'smtp://mail:25',
      }),
    ).toEqual([
      'SITE_URL: an https:// address in production',
      'SHOP_PASSWORD: the development default ("dev-password") cannot be used in production',
      'SECURE: the development default (false) cannot be used in production',
      'PROVIDER_URL: an https:// address in production',
    ]);
  });

  it('production starts with every one of them set', () => {
    const c = loadConfig(schema, {
      ...PRODUCTION_BASE_ENV,
      SHOP_PASSWORD: 'a-real-one',
      SECURE: 'true',
      PROVIDER_URL: 'https://provider.example.com',
      MAIL_URL: 'smtp://mail:25',
    });
    expect(c).toMatchObject({ SECURE: true, PLAIN: 'anything', SITE_URL: 'https://rian.example.com' });
  });

  it('a service with checks of its own collects them, to report all in one error', () => {
    const collected: string[] = [];
    const c = loadConfig(
      schema,
      { ...PRODUCTION_BASE_ENV, MAIL_URL: 'smtp://mail:25', SECURE: 'true' },
      collected,
    );
    expect(c.SHOP_PASSWORD).toBe('dev-password');
    expect(collected).toEqual([
      'SHOP_PASSWORD: the development default ("dev-password") cannot be used in production',
      "PROVIDER_URL: required in production (the default is this machine's, for development)",
    ]);
  });
});

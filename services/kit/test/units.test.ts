import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { ConfigError, loadConfig, serviceConfigSchema } from '../src/config.js';
import { BreakerOpenError, createBreaker } from '../src/breaker.js';
import { createLogger } from '../src/logger.js';
import { BusNames } from '../src/nats.js';
import { bearerToken } from '../src/tokens.js';

describe('config from env', () => {
  it('fills local defaults and converts types', () => {
    const cfg = loadConfig(serviceConfigSchema('catalog', { FLAG: Type.Boolean({ default: false }) }), {
      PORT: '4000',
      FLAG: 'true',
    });
    expect(cfg).toMatchObject({
      PORT: 4000,
      FLAG: true,
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/rian_catalog',
    });
  });
  it("every service's links start at one SITE_URL: by default the gateway's address, else the setting", () => {
    for (const service of ['auth', 'notifications', 'orders', 'payments'] as const) {
      expect(loadConfig(serviceConfigSchema(service, {}), {}).SITE_URL).toBe('http://127.0.0.1:3000');
      expect(
        loadConfig(serviceConfigSchema(service, {}), { SITE_URL: 'https://rian.example' }).SITE_URL,
      ).toBe('https://rian.example');
    }
    expect(() => loadConfig(serviceConfigSchema('auth', {}), { SITE_URL: 'rian.example' })).toThrowError(
      ConfigError,
    );
  });
  it('names every bad variable', () => {
    expect(() =>
      loadConfig(serviceConfigSchema('auth', {}), { PORT: 'abc', RIAN_NAMESPACE: 'Bad-NS' }),
    ).toThrowError(ConfigError);
    try {
      loadConfig(serviceConfigSchema('auth', {}), { PORT: 'abc', RIAN_NAMESPACE: 'Bad-NS' });
    } catch (e) {
      expect((e as ConfigError).problems.join('\n')).toMatch(/PORT/);
      expect((e as ConfigError).problems.join('\n')).toMatch(/RIAN_NAMESPACE/);
    }
  });
});

describe('bus names', () => {
  it('prefixes subjects and streams with the namespace', () => {
    const n = new BusNames('t1');
    expect(n.subject('auth.user.registered')).toBe('t1.auth.user.registered');
    expect(n.stream('auth')).toBe('T1_AUTH');
    expect(n.deadLetterSubject('notifications', 'auth.email.code-requested')).toBe(
      't1.dlq.notifications.auth.email.code-requested',
    );
    expect(new BusNames('').stream('orders')).toBe('ORDERS');
  });
});

describe('breaker', () => {
  it('opens after failures and then fails fast, closes after a good trial call', async () => {
    let up = false;
    const b = createBreaker(
      async (x: number) => {
        if (!up) throw new Error('down');
        return x * 2;
      },
      { name: 'test', logger: createLogger('t', 'silent'), volumeThreshold: 2, resetTimeoutMs: 200 },
    );
    await expect(b.run(1)).rejects.toThrow('down');
    await expect(b.run(1)).rejects.toThrow('down');
    const t0 = Date.now();
    await expect(b.run(1)).rejects.toBeInstanceOf(BreakerOpenError);
    expect(Date.now() - t0).toBeLessThan(50);
    up = true;
    await new Promise((r) => setTimeout(r, 250));
    await expect(b.run(2)).resolves.toBe(4);
    expect(b.opened).toBe(false);
  });
  it('times out a slow call', async () => {
    const b = createBreaker(() => new Promise<number>((r) => setTimeout(() => r(1), 500)), {
      name: 'slow',
      logger: createLogger('t', 'silent'),
      timeoutMs: 50,
    });
    await expect(b.run()).rejects.toThrow(/Timed out/);
  });
});

describe('bearer token', () => {
  it('accepts "Bearer x.y.z" and the raw token, nothing else', () => {
    expect(bearerToken('Bearer aa.bb.cc')).toBe('aa.bb.cc');
    expect(bearerToken('aa.bb.cc')).toBe('aa.bb.cc');
    expect(bearerToken('Basic Zm9vOmJhcg==')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

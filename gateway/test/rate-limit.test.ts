import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis } from '@rian/kit/redis';
import { freePort } from '@rian/kit/testing';
import { ERRORS } from '@rian/proto-contracts/errors';
import {
  PROBLEM,
  REDIS_URL,
  standIn,
  startGateway,
  timed,
  type StandIn,
  type TestGateway,
} from './helpers.js';

describe('rate limits on sign-in and e-mail codes', () => {
  const calls: Record<string, number> = {};
  let auth: StandIn;
  let gw: TestGateway;
  const limits = { RATE_LIMIT_LOGIN_MAX: '3', RATE_LIMIT_CODE_MAX: '2' };

  beforeAll(async () => {
    auth = await standIn((app) => {
      for (const path of [
        '/login',
        '/staff/login',
        '/facebook/login',
        '/facebook/connect',
        '/me/line/start',
        '/me/line/callback',
        '/register/code',
        '/password/code',
        '/refresh',
        '/register',
      ]) {
        app.post(path, async () => {
          calls[path] = (calls[path] ?? 0) + 1;
          return { ok: path };
        });
      }
    });
    gw = await startGateway({ AUTH_URL: auth.url, ...limits });
  });
  afterAll(async () => {
    await gw?.close();
    await auth?.close();
  });

  const post = (g: TestGateway, url: string, headers: Record<string, string> = {}) =>
    g.app.inject({ method: 'POST', url, payload: { email: 'a@b.co', password: 'x' }, headers });

  it('lets the configured number of logins through, then answers 429 problem+json in Thai with Retry-After', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await post(gw, '/api/auth/login');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const limited = await post(gw, '/api/auth/login');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain(PROBLEM);
    expect(limited.json()).toMatchObject({
      status: 429,
      code: 'http.rate_limited',
      detail: ERRORS['http.rate_limited'].th,
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The service never saw the extra attempt.
    expect(calls['/login']).toBe(3);

    const english = await post(gw, '/api/auth/login', { 'accept-language': 'en' });
    expect(english.statusCode).toBe(429);
    expect(english.json().detail).toBe(ERRORS['http.rate_limited'].en);
  });

  it('limits staff sign-in the same way', async () => {
    for (let i = 0; i < 3; i++) expect((await post(gw, '/api/auth/staff/login')).statusCode).toBe(200);
    expect((await post(gw, '/api/auth/staff/login')).statusCode).toBe(429);
    expect(calls['/staff/login']).toBe(3);
  });

  it('limits Facebook sign-in and connect like the other sign-ins', async () => {
    for (const path of ['/facebook/login', '/facebook/connect']) {
      for (let i = 0; i < 3; i++) expect((await post(gw, `/api/auth${path}`)).statusCode).toBe(200);
      const limited = await post(gw, `/api/auth${path}`);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('http.rate_limited');
      expect(calls[path]).toBe(3);
    }
  });

  it('limits starting and finishing a LINE link (issue 20) like the sign-ins', async () => {
    for (const path of ['/me/line/start', '/me/line/callback']) {
      for (let i = 0; i < 3; i++) expect((await post(gw, `/api/auth${path}`)).statusCode).toBe(200);
      const limited = await post(gw, `/api/auth${path}`);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('http.rate_limited');
      expect(calls[path]).toBe(3);
    }
  });

  it('limits code requests with their own, smaller allowance', async () => {
    for (let i = 0; i < 2; i++) expect((await post(gw, '/api/auth/register/code')).statusCode).toBe(200);
    const limited = await post(gw, '/api/auth/register/code');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('http.rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60); // a 10-minute window by default

    for (let i = 0; i < 2; i++) expect((await post(gw, '/api/auth/password/code')).statusCode).toBe(200);
    expect((await post(gw, '/api/auth/password/code')).statusCode).toBe(429);
  });

  it('does not limit other routes', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await post(gw, '/api/auth/refresh')).statusCode).toBe(200);
      expect((await post(gw, '/api/auth/register')).statusCode).toBe(200);
    }
    expect(calls['/refresh']).toBe(12);
  });

  it("keeps its counters in Redis under the gateway's namespace, apart from another namespace", async () => {
    const redis = createRedis(REDIS_URL, '');
    try {
      const keys = await redis.keys(`${gw.namespace}:*`);
      expect(keys.some((k) => k.includes('/api/auth/login'))).toBe(true);
    } finally {
      redis.disconnect();
    }
    // A second gateway (another replica, same namespace) shares the count...
    const replica = await startGateway({ AUTH_URL: auth.url, ...limits, RIAN_NAMESPACE: gw.namespace });
    // ...while a gateway of another namespace on the same Redis starts from zero.
    const elsewhere = await startGateway({ AUTH_URL: auth.url, ...limits });
    try {
      expect((await post(replica, '/api/auth/login')).statusCode).toBe(429);
      expect((await post(elsewhere, '/api/auth/login')).statusCode).toBe(200);
    } finally {
      await elsewhere.close();
      await replica.app.close(); // its namespace is gw's, cleaned by gw
    }
  });
});

describe('rate limits without Redis', () => {
  let auth: StandIn;
  let gw: TestGateway;
  let logins = 0;

  beforeAll(async () => {
    auth = await standIn((app) => {
      app.post('/login', async () => {
        logins += 1;
        return { ok: true };
      });
    });
    gw = await startGateway({
      AUTH_URL: auth.url,
      RATE_LIMIT_LOGIN_MAX: '2',
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
    });
  });
  afterAll(async () => {
    await gw?.close();
    await auth?.close();
  });

  it('keeps the gateway working: the limit is skipped and sign-in goes through, promptly', async () => {
    for (let i = 0; i < 5; i++) {
      const { result, ms } = await timed(() =>
        gw.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
      );
      expect(result.statusCode).toBe(200);
      expect(ms).toBeLessThan(500);
    }
    expect(logins).toBe(5);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standIn, startGateway, type StandIn, type TestGateway } from './helpers.js';

/** Each limited route below /api/auth, and what its allowance is called in the config. */
const LIMITED = [
  '/login',
  '/staff/login',
  '/facebook/login',
  '/facebook/connect',
  '/me/line/start',
  '/me/line/callback',
  '/register/code',
  '/password/code',
  '/register/check-email',
  '/password/check-email',
];

/** Spellings a lenient server resolves to the same route (`/api/auth/login` → `/api/auth/./login` ...). */
const SAME_ROUTE: [string, (path: string) => string][] = [
  ['/./', (p) => p.replace(/^\//, '/./')],
  ['// before', (p) => p.replace(/^\//, '//')],
  ['// inside', (p) => p.replace(/\/([^/]*)$/, '//$1')],
  ['%2e', (p) => p.replace(/^\//, '/%2e/')],
  ['%2E', (p) => p.replace(/^\//, '/%2E/')],
  ['x/../', (p) => p.replace(/^\//, '/x/../')],
  ['x/%2e%2E/', (p) => p.replace(/^\//, '/x/%2e%2E/')],
  ['a trailing slash', (p) => `${p}/`],
  ['an escaped letter', (p) => p.replace(/\/(\w)/, (_m, c: string) => `/%${c.charCodeAt(0).toString(16)}`)],
  ['//api prefix', (p) => p],
];

describe('rate limits hold however the path is spelled', () => {
  const received: string[] = [];
  let auth: StandIn;
  let gw: TestGateway;

  beforeAll(async () => {
    // a catch-all stand-in: it records the path it was sent, as auth would route it
    auth = await standIn((app) => {
      app.post('/*', async (req) => {
        received.push(req.url);
        return { ok: true };
      });
    });
    gw = await startGateway({
      AUTH_URL: auth.url,
      RATE_LIMIT_LOGIN_MAX: '2',
      RATE_LIMIT_CODE_MAX: '2',
      RATE_LIMIT_LOOKUP_MAX: '2',
    });
  });
  afterAll(async () => {
    await gw?.close();
    await auth?.close();
  });

  const post = (url: string) =>
    gw.app.inject({ method: 'POST', url, payload: { email: 'a@b.co', password: 'x', username: 'admin' } });

  it.each(LIMITED)(
    '%s: once its allowance is used, every other spelling answers 429 and reaches nobody',
    async (path) => {
      for (let i = 0; i < 2; i++) expect((await post(`/api/auth${path}`)).statusCode).toBe(200);
      const before = received.length;
      for (const [what, spell] of SAME_ROUTE) {
        const url = what === '//api prefix' ? `//api/auth${path}` : `/api/auth${spell(path)}`;
        const res = await post(url);
        expect(res.statusCode, `${what}: ${url}`).toBe(429);
        expect(res.json().code).toBe('http.rate_limited');
      }
      expect(received.length).toBe(before);
    },
  );

  it('sends the service the one spelling the limit counted', async () => {
    received.length = 0;
    expect((await post('/api/auth/x/../password/./reset/?lang=th')).statusCode).toBe(200);
    expect(received).toEqual(['/password/reset?lang=th']);
  });

  it('spellings that are another route to the service (other case, %2f) are not the limited route upstream either', async () => {
    received.length = 0;
    for (const url of [
      '/api/auth/LOGIN',
      '/api/auth/Staff/Login',
      '/api/auth/register%2fcode',
      '/api/auth/register%2Fcode',
    ]) {
      const res = await post(url);
      // the gateway passes them on (the stand-in answers anything); auth's case-sensitive router answers 404
      expect(res.statusCode).toBe(200);
    }
    expect(received).toEqual(['/LOGIN', '/Staff/Login', '/register%2fcode', '/register%2Fcode']);
    expect(received.some((p) => LIMITED.includes(p))).toBe(false);
  });

  it('limits the two e-mail lookups (account enumeration) on their own allowance', async () => {
    const fresh = await startGateway({ AUTH_URL: auth.url, RATE_LIMIT_LOOKUP_MAX: '3' });
    try {
      for (let i = 0; i < 3; i++)
        expect(
          (await fresh.app.inject({ method: 'POST', url: '/api/auth/register/check-email', payload: {} }))
            .statusCode,
        ).toBe(200);
      const limited = await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/register/check-email',
        payload: {},
      });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60); // 10 minutes by default
      // the login allowance is apart
      expect(
        (await fresh.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} })).statusCode,
      ).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

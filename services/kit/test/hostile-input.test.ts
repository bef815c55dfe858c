import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { buildService, type ServiceApp } from '../src/service.js';
import { createTestEnv, freePort, TestTokenIssuer, type TestEnv } from '../src/testing.js';
import { ProblemError } from '../src/errors.js';
import { TokenVerifier } from '../src/tokens.js';
import { noteMigrations, testConfig } from './fixtures.js';

/** What every service gets from the kit against input meant to break it. */
describe('text that cannot be stored, and forwarded addresses', () => {
  let env: TestEnv;
  let app: ServiceApp;
  const seen: unknown[] = [];

  beforeAll(async () => {
    env = await createTestEnv();
    app = await buildService({
      name: 'kithostile',
      description: 'hostile input under test',
      config: testConfig(env.envFor('kithostile')),
      entities: [],
      migrations: noteMigrations,
      workers: false,
      routes: async (a) => {
        const r = a.withTypeProvider<TypeBoxTypeProvider>();
        r.get(
          '/search',
          { schema: { querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })) }) } },
          async (req) => {
            seen.push(req.query.q);
            return { q: req.query.q ?? null };
          },
        );
        r.patch('/me', async (req) => {
          seen.push(req.body);
          return { ok: true };
        });
        r.get('/ip', async (req) => ({ ip: req.ip }));
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  it.each([
    ['a NUL', '/search?q=%00'],
    ['a NUL inside a word', '/search?q=ab%00cd'],
    ['a lone surrogate in UTF-8 form (%ED%A0%80)', '/search?q=%ED%A0%80'],
    ['a cut percent-escape', '/search?q=%E0%A4%A'],
    ['a NUL in an unknown parameter', '/search?q=ok&other=%00'],
  ])(
    '?q with %s answers 400 problem+json validation.format, and the route never runs',
    async (_what, url) => {
      seen.length = 0;
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        code: 'validation.failed',
        errors: [{ code: 'validation.format' }],
      });
      expect(seen).toEqual([]);
    },
  );

  it.each([
    ['a lone high surrogate', '{"nickname":"\\ud800"}', 'nickname'],
    ['a lone low surrogate', '{"address":{"line1":"x\\udc00y"}}', 'address.line1'],
    ['a NUL', '{"firstName":"สม\\u0000ชาย"}', 'firstName'],
    ['a NUL in a list', '{"tags":["ok","\\u0000"]}', 'tags.1'],
  ])('a JSON body with %s answers 400 naming the field', async (_what, payload, field) => {
    seen.length = 0;
    const res = await app.inject({
      method: 'PATCH',
      url: '/me',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation.failed',
      errors: [{ field, code: 'validation.format', message: 'The value has the wrong format' }],
    });
    expect(seen).toEqual([]);
  });

  it('lets Thai, emoji (a proper surrogate pair) and ordinary escapes through', async () => {
    const q = encodeURIComponent('เรียน 📈 50%');
    expect((await app.inject({ method: 'GET', url: `/search?q=${q}` })).json()).toEqual({ q: 'เรียน 📈 50%' });
    const res = await app.inject({ method: 'PATCH', url: '/me', payload: { nickname: 'ต้น 😀\n' } });
    expect(res.statusCode).toBe(200);
  });

  it('believes X-Forwarded-For from the gateway on loopback only (TRUSTED_PROXIES), not from anyone', async () => {
    const spoofed = await app.inject({
      method: 'GET',
      url: '/ip',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(spoofed.json()).toEqual({ ip: '203.0.113.9' });
    const viaGateway = await app.inject({
      method: 'GET',
      url: '/ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(viaGateway.json()).toEqual({ ip: '198.51.100.1' });
  });
});

describe('token checks while auth is away', () => {
  let issuer: TestTokenIssuer;
  let server: Server | undefined;
  let jwksUrl: string;
  let answer: 'keys' | 'error' = 'keys';

  const startJwks = async (port: number) => {
    server = createServer((_req, res) => {
      if (answer === 'error') {
        res.writeHead(500).end('boom');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(issuer.jwks));
    });
    await new Promise<void>((r) => server!.listen(port, '127.0.0.1', r));
  };
  const stopJwks = async () => {
    const s = server;
    server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  };
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (err: unknown) => (err instanceof ProblemError ? { code: err.code, status: err.status } : err),
    );

  beforeAll(async () => {
    issuer = await TestTokenIssuer.create();
  });
  afterEach(async () => {
    vi.useRealTimers();
    answer = 'keys';
    await stopJwks();
  });

  it('answers 503 service.unavailable, not 401, for a valid token while the JWKS is refused', async () => {
    jwksUrl = `http://127.0.0.1:${await freePort()}/.well-known/jwks.json`;
    const verifier = new TokenVerifier(jwksUrl);
    const token = await issuer.staff('admin');
    expect(await failure(verifier.verify(token))).toEqual({ code: 'service.unavailable', status: 503 });
  });

  it('answers 503 while the JWKS answers an error page', async () => {
    const port = await freePort();
    answer = 'error';
    await startJwks(port);
    const verifier = new TokenVerifier(`http://127.0.0.1:${port}/.well-known/jwks.json`);
    expect(await failure(verifier.verify(await issuer.member()))).toEqual({
      code: 'service.unavailable',
      status: 503,
    });
  });

  it('keeps verifying with the keys it fetched before once they are stale and auth is down', async () => {
    const port = await freePort();
    await startJwks(port);
    const verifier = new TokenVerifier(`http://127.0.0.1:${port}/.well-known/jwks.json`);
    const token = await issuer.staff('staff');
    expect((await verifier.verify(token)).kind).toBe('staff');
    await stopJwks();
    // past the 10-minute cache: the set is due for a refetch, which is refused
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    expect((await verifier.verify(await issuer.staff('staff'))).kind).toBe('staff');
  });

  it('refuses a token without exp (auth.unauthenticated), accepts the same claims with one', async () => {
    const verifier = new TokenVerifier(issuer.keys);
    const claims = { sub: crypto.randomUUID(), kind: 'staff', role: 'admin' } as const;
    expect(await failure(verifier.verify(await issuer.sign(claims, { expiresIn: null })))).toEqual({
      code: 'auth.unauthenticated',
      status: 401,
    });
    expect((await verifier.verify(await issuer.sign(claims))).sub).toBe(claims.sub);
  });
});

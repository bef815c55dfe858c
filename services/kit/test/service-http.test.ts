import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Email, Phone, RequiredText } from '@rian/proto-contracts/common';
import { buildService, type ServiceApp } from '../src/service.js';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '../src/testing.js';
import { currentContext } from '../src/context.js';
import { ProblemError } from '../src/errors.js';
import { revokeUserTokensBefore } from '../src/revocation.js';
import { noteMigrations, testConfig } from './fixtures.js';

/** The HTTP side every service gets from the kit: problem+json, validation messages, ids, health, docs, guards. */
describe('service bootstrap', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let issuer: TestTokenIssuer;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await buildService({
      name: 'kithttp',
      description: 'http under test',
      config: testConfig(env.envFor('kithttp')),
      entities: [],
      migrations: noteMigrations,
      tokenKeys: issuer.keys,
      routes: async (a) => {
        const r = a.withTypeProvider<TypeBoxTypeProvider>();
        r.post(
          '/people',
          {
            schema: {
              summary: 'make a person',
              body: Type.Object({ name: RequiredText(50), email: Email(), phone: Phone() }),
              response: { 201: Type.Object({ ok: Type.Boolean() }) },
            },
          },
          async (_req, reply) => reply.status(201).send({ ok: true }),
        );
        r.get('/context', async () => ({ ...currentContext() }));
        r.get('/gone', async () => {
          throw new ProblemError('catalog.product_not_found');
        });
        r.get('/boom', async () => {
          throw new Error('secret internals');
        });
        r.get('/mine', { preHandler: a.kit.requireUser }, async (req) => ({ sub: req.principal?.sub }));
        r.get('/admin-only', { preHandler: a.kit.requireStaff('admin') }, async () => ({ ok: true }));
        r.get('/premium', { preHandler: a.kit.requirePremium }, async (req) => ({ sub: req.principal?.sub }));
        r.get('/slow-down', async () => {
          throw new ProblemError('http.rate_limited', { headers: { 'retry-after': '7' } });
        });
      },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  it('maps schema failures to the spec messages, one per field, as problem+json', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/people',
      payload: { name: '', email: 'a@b', phone: '12' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json();
    expect(body).toMatchObject({ status: 400, code: 'validation.failed', title: 'The request is not valid' });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', code: 'validation.required', message: 'กรุณากรอกข้อมูล' },
        { field: 'email', code: 'validation.email', message: 'รูปแบบ E-mail ไม่ถูกต้อง' },
        { field: 'phone', code: 'validation.phone_length', message: 'กรุณากรอกให้ครบ 10ตัวอักษร' },
      ]),
    );
    const missing = await app.inject({
      method: 'POST',
      url: '/people',
      payload: {},
      headers: { 'accept-language': 'en' },
    });
    expect(missing.json().errors).toContainEqual({
      field: 'phone',
      code: 'validation.required',
      message: 'Please fill in',
    });
  });

  it('answers a ProblemError with its code and Thai detail, unknown routes with 404, crashes with 500 and no internals', async () => {
    const gone = await app.inject({ method: 'GET', url: '/gone' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({
      code: 'catalog.product_not_found',
      detail: 'ไม่พบสินค้านี้',
      messages: { en: 'The product was not found' },
    });
    expect((await app.inject({ method: 'GET', url: '/nope' })).json().code).toBe('http.not_found');
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain('secret internals');
  });

  it('takes the request and correlation ids from headers (or makes one) and keeps them for the work', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/context',
      headers: { 'x-request-id': 'req-1', 'x-correlation-id': 'corr-9' },
    });
    expect(res.headers['x-request-id']).toBe('req-1');
    expect(res.json()).toMatchObject({ requestId: 'req-1', correlationId: 'corr-9' });
    const fresh = await app.inject({ method: 'GET', url: '/context' });
    expect(String(fresh.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.json().correlationId).toBe(fresh.headers['x-request-id']);
  });

  it('reports liveness and readiness (database, NATS, Redis)', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      service: 'kithttp',
      status: 'ready',
      checks: { database: true, nats: true, redis: true },
    });
  });

  it('serves OpenAPI built from the route schemas', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/people'].post.summary).toBe('make a person');
    expect(doc.paths['/healthz']).toBeUndefined();
  });

  it('guards: no token 401, expired 401 token_expired, wrong kind 403, right kind 200', async () => {
    expect((await app.inject({ method: 'GET', url: '/mine' })).statusCode).toBe(401);
    const expired = await issuer.sign({ sub: 'u1', kind: 'user' }, { expiresIn: -10 });
    const res = await app.inject({
      method: 'GET',
      url: '/mine',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.json()).toMatchObject({
      status: 401,
      code: 'auth.token_expired',
      detail: 'The token has expired. Please log out and log in.',
    });
    const member = await issuer.member('u2');
    expect(
      (
        await app.inject({ method: 'GET', url: '/mine', headers: { authorization: `Bearer ${member}` } })
      ).json(),
    ).toEqual({ sub: 'u2' });
    // the spec also sends the raw token without "Bearer"
    expect(
      (await app.inject({ method: 'GET', url: '/mine', headers: { authorization: member } })).statusCode,
    ).toBe(200);
    const tampered = member.slice(0, -3) + (member.endsWith('AAA') ? 'BBB' : 'AAA');
    expect(
      (await app.inject({ method: 'GET', url: '/mine', headers: { authorization: `Bearer ${tampered}` } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/admin-only',
          headers: { authorization: `Bearer ${member}` },
        })
      ).statusCode,
    ).toBe(403);
    const staff = await issuer.staff('staff');
    expect(
      (await app.inject({ method: 'GET', url: '/admin-only', headers: { authorization: `Bearer ${staff}` } }))
        .statusCode,
    ).toBe(403);
    const admin = await issuer.staff('admin');
    expect(
      (await app.inject({ method: 'GET', url: '/admin-only', headers: { authorization: `Bearer ${admin}` } }))
        .statusCode,
    ).toBe(200);
  });

  it('requirePremium: no token 401, a member of another status 403 auth.premium_required, staff 403, Premium 200', async () => {
    const get = (token?: string) =>
      app.inject({
        method: 'GET',
        url: '/premium',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await get()).json()).toMatchObject({ status: 401, code: 'auth.unauthenticated' });
    for (const status of ['New', 'Wait'] as const) {
      const res = await get(await issuer.member(undefined, { status }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'auth.premium_required',
        detail: 'เฉพาะสมาชิก Premium เท่านั้น',
      });
    }
    expect((await get(await issuer.staff('admin'))).json()).toMatchObject({
      status: 403,
      code: 'auth.forbidden',
    });
    const premium = await get(await issuer.member('u-premium', { status: 'Premium' }));
    expect(premium.statusCode).toBe(200);
    expect(premium.json()).toEqual({ sub: 'u-premium' });
  });

  it('every guard refuses a token revoked in Redis: 401 auth.token_revoked, before looking at its kind', async () => {
    const member = await issuer.member('u-revoked', { status: 'Premium' });
    const staff = await issuer.staff('admin', 's-revoked');
    await new Promise((r) => setTimeout(r, 5));
    await revokeUserTokensBefore(app.kit.redis, 'u-revoked');
    await revokeUserTokensBefore(app.kit.redis, 's-revoked');
    for (const [url, token] of [
      ['/mine', member],
      ['/premium', member],
      ['/admin-only', staff],
      ['/mine', staff],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'auth.token_revoked',
        detail: 'เซสชันนี้ถูกยกเลิกแล้ว กรุณาเข้าสู่ระบบใหม่',
      });
    }
    // a token issued after the mark (a new sign-in) passes
    await new Promise((r) => setTimeout(r, 5));
    const fresh = await issuer.member('u-revoked', { status: 'Premium' });
    const res = await app.inject({
      method: 'GET',
      url: '/premium',
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('a ProblemError can carry response headers (Retry-After)', async () => {
    const res = await app.inject({ method: 'GET', url: '/slow-down' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json().code).toBe('http.rate_limited');
  });
});

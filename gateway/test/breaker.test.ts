import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@rian/kit/testing';
import { ERRORS } from '@rian/proto-contracts/errors';
import { PROBLEM, deadUrl, standIn, startGateway, timed, type StandIn, type TestGateway } from './helpers.js';

describe('an upstream that is down', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway({ AUTH_URL: await deadUrl() });
  });
  afterAll(() => gw?.close());

  it('answers 503 problem+json service.unavailable (in Thai) well under a second', async () => {
    const { result: res, ms } = await timed(() =>
      gw.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co' } }),
    );
    expect(ms).toBeLessThan(500);
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain(PROBLEM);
    expect(res.json()).toMatchObject({
      status: 503,
      code: 'service.unavailable',
      detail: ERRORS['service.unavailable'].th,
      service: 'auth',
    });
    expect(res.json().requestId).toBe(res.headers['x-request-id']);
  });

  it('answers a real client over a socket while its body is still on the way', async () => {
    const address = await gw.app.listen({ host: '127.0.0.1', port: 0 });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('{"email":"a@b.co","note":"'));
        await new Promise((r) => setTimeout(r, 300));
        controller.enqueue(encoder.encode('later"}'));
        controller.close();
      },
    });
    const res = await fetch(`${address}/api/auth/register/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toContain(PROBLEM);
    expect(((await res.json()) as { code: string }).code).toBe('service.unavailable');
  });

  it('answers in English when asked', async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toBe(ERRORS['service.unavailable'].en);
  });
});

describe('an upstream that hangs', () => {
  let hanging = true;
  let calls = 0;
  let auth: StandIn;
  let catalog: StandIn;
  let gw: TestGateway;

  beforeAll(async () => {
    auth = await standIn((app) => {
      app.get('/me', async () => {
        calls += 1;
        if (hanging) await new Promise(() => undefined);
        return { me: true };
      });
    });
    catalog = await standIn((app) => {
      app.get('/products', async () => ({ items: [] }));
    });
    gw = await startGateway({
      AUTH_URL: auth.url,
      CATALOG_URL: catalog.url,
      UPSTREAM_TIMEOUT_MS: '300',
      BREAKER_VOLUME_THRESHOLD: '2',
      BREAKER_RESET_MS: '1500',
    });
  });
  afterAll(async () => {
    await gw?.close();
    await Promise.all([auth?.close(), catalog?.close()]);
  });

  it('times out, opens the breaker, fails fast, and closes again once the upstream is back', async () => {
    for (let i = 0; i < 2; i++) {
      const { result: res, ms } = await timed(() => gw.app.inject({ method: 'GET', url: '/api/auth/me' }));
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('service.unavailable');
      expect(ms).toBeGreaterThanOrEqual(280);
      expect(ms).toBeLessThan(2_000);
    }
    expect(calls).toBe(2);

    // Open: answered at once, and the upstream is not even asked.
    const { result: fast, ms } = await timed(() => gw.app.inject({ method: 'GET', url: '/api/auth/me' }));
    expect(fast.statusCode).toBe(503);
    expect(fast.headers['content-type']).toContain(PROBLEM);
    expect(fast.json().code).toBe('service.unavailable');
    expect(ms).toBeLessThan(100);
    expect(calls).toBe(2);

    // One breaker per upstream: catalog is unaffected.
    const other = await gw.app.inject({ method: 'GET', url: '/api/catalog/products' });
    expect(other.statusCode).toBe(200);

    // The upstream recovers, but the breaker stays open until its reset time has passed.
    hanging = false;
    const stillOpen = await gw.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(stillOpen.statusCode).toBe(503);
    expect(calls).toBe(2);

    const recovered = await eventually(
      async () => {
        const res = await gw.app.inject({ method: 'GET', url: '/api/auth/me' });
        return res.statusCode === 200 ? res : undefined;
      },
      5_000,
      100,
    );
    expect(recovered.json()).toEqual({ me: true });
    for (let i = 0; i < 3; i++) {
      const res = await gw.app.inject({ method: 'GET', url: '/api/auth/me' });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('upstream answers that are not failures', () => {
  let auth: StandIn;
  let gw: TestGateway;
  let calls = 0;

  beforeAll(async () => {
    auth = await standIn((app) => {
      app.get('/users/:id', async (_req, reply) => {
        calls += 1;
        return reply.status(404).type(PROBLEM).send({ status: 404, code: 'http.not_found' });
      });
      app.post('/login', async (_req, reply) => {
        calls += 1;
        return reply.status(400).type(PROBLEM).send({ status: 400, code: 'validation.failed' });
      });
      app.get('/boom', async (_req, reply) => {
        calls += 1;
        return reply.status(500).type(PROBLEM).send({ status: 500, code: 'service.internal' });
      });
    });
    gw = await startGateway({
      AUTH_URL: auth.url,
      BREAKER_VOLUME_THRESHOLD: '2',
      RATE_LIMIT_LOGIN_MAX: '100',
    });
  });
  afterAll(async () => {
    await gw?.close();
    await auth?.close();
  });

  it('passes 4xx and 5xx answers through and keeps the breaker closed', async () => {
    for (let i = 0; i < 6; i++) {
      const notFound = await gw.app.inject({ method: 'GET', url: `/api/auth/users/u${i}` });
      expect(notFound.statusCode).toBe(404);
      expect(notFound.json().code).toBe('http.not_found');
      const bad = await gw.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('validation.failed');
      // Not retried either: one call upstream per call in.
      const boom = await gw.app.inject({ method: 'GET', url: '/api/auth/boom' });
      expect(boom.statusCode).toBe(500);
      expect(boom.json().code).toBe('service.internal');
    }
    expect(calls).toBe(18);
  });
});

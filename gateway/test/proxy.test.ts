import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '@rian/kit/config';
import { readConfig } from '../src/config.js';
import { PROBLEM, UUID_V7, standIn, startGateway, type StandIn, type TestGateway } from './helpers.js';

const problemFromAuth = {
  type: 'https://rian.dev/problems/auth/invalid_credentials',
  title: 'Wrong e-mail or password',
  status: 401,
  detail: 'อีเมลหรือรหัสผ่านไม่ถูกต้อง',
  code: 'auth.invalid_credentials',
};

describe('routing /api/<service> to the services', () => {
  let auth: StandIn;
  let catalog: StandIn;
  let orders: StandIn;
  let gw: TestGateway;

  beforeAll(async () => {
    auth = await standIn((app) => {
      app.all('/echo', async (req) => ({
        url: req.url,
        method: req.method,
        headers: req.headers,
        body: req.body ?? null,
      }));
      app.get('/', async () => ({ root: true }));
      app.post('/login', async (req, reply) => {
        const { password } = req.body as { password: string };
        if (password !== 'right') return reply.status(401).type(PROBLEM).send(problemFromAuth);
        return reply
          .header('set-cookie', [
            'rian_refresh=abc; Path=/api/auth; HttpOnly; SameSite=Lax',
            'rian_seen=1; Path=/',
          ])
          .send({ accessToken: 'token-1' });
      });
    });
    catalog = await standIn((app) => {
      app.get('/products/:id', async (req) => ({
        service: 'catalog',
        id: (req.params as { id: string }).id,
        query: req.query,
      }));
    });
    orders = await standIn((app) => {
      app.get('/orders', async () => ({ service: 'orders' }));
    });
    gw = await startGateway({ AUTH_URL: auth.url, CATALOG_URL: catalog.url, ORDERS_URL: `${orders.url}/` });
  });

  afterAll(async () => {
    await gw?.close();
    await Promise.all([auth?.close(), catalog?.close(), orders?.close()]);
  });

  it('sends /api/auth/x to the auth service as /x, with the query string', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/auth/echo?q=%E0%B8%A3&page=2' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ url: '/echo?q=%E0%B8%A3&page=2', method: 'GET' });

    const root = await gw.app.inject({ method: 'GET', url: '/api/auth' });
    expect(root.json()).toEqual({ root: true });
  });

  it('routes each enabled service to its own upstream', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/catalog/products/p-1?lang=th' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ service: 'catalog', id: 'p-1', query: { lang: 'th' } });
  });

  it('generates a uuid v7 request id when none is sent, forwards it and echoes it', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/auth/echo' });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID_V7);
    expect(res.json().headers['x-request-id']).toBe(id);

    const other = await gw.app.inject({ method: 'GET', url: '/api/auth/echo' });
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it("keeps the caller's request id and forwards identity, language, cookies and x-forwarded-*", async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/auth/echo',
      headers: {
        host: 'rian.example:3000',
        'x-request-id': 'req-from-browser-1',
        'x-correlation-id': 'corr-42',
        authorization: 'Bearer abc.def.ghi',
        cookie: 'rian_refresh=r1; other=2',
        'accept-language': 'en-US,en;q=0.9',
        'x-forwarded-for': '203.0.113.9',
      },
    });
    expect(res.headers['x-request-id']).toBe('req-from-browser-1');
    const seen = res.json().headers as Record<string, string>;
    expect(seen).toMatchObject({
      'x-request-id': 'req-from-browser-1',
      'x-correlation-id': 'corr-42',
      authorization: 'Bearer abc.def.ghi',
      cookie: 'rian_refresh=r1; other=2',
      'accept-language': 'en-US,en;q=0.9',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'rian.example:3000',
      'x-forwarded-prefix': '/api/auth',
    });
    // The gateway faces the internet (TRUST_PROXY empty): a client's own X-Forwarded-For is not passed on as truth.
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('forwards a JSON body and passes Set-Cookie through', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'right' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accessToken: 'token-1' });
    expect(res.headers['set-cookie']).toEqual([
      'rian_refresh=abc; Path=/api/auth; HttpOnly; SameSite=Lax',
      'rian_seen=1; Path=/',
    ]);

    const echo = await gw.app.inject({
      method: 'PUT',
      url: '/api/auth/echo',
      payload: { name: 'ทดสอบ', n: 1 },
    });
    expect(echo.json()).toMatchObject({ method: 'PUT', body: { name: 'ทดสอบ', n: 1 } });
  });

  it("passes an upstream's problem+json through unchanged", async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'wrong' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain(PROBLEM);
    expect(res.json()).toEqual(problemFromAuth);
  });

  it('answers 404 problem+json for a service that is not enabled and for unknown /api paths', async () => {
    for (const url of ['/api/orders/orders', '/api/nope', '/api', '/api/payments']) {
      const res = await gw.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain(PROBLEM);
      expect(res.json(), url).toMatchObject({ code: 'http.not_found', status: 404 });
    }
    const post = await gw.app.inject({ method: 'POST', url: '/api/nope/deeper', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('http.not_found');
  });

  it('routes a further service as soon as it is listed in GATEWAY_SERVICES', async () => {
    const withOrders = await startGateway({
      GATEWAY_SERVICES: 'auth,catalog,notifications,orders',
      ORDERS_URL: `${orders.url}/`,
    });
    try {
      const res = await withOrders.app.inject({ method: 'GET', url: '/api/orders/orders' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ service: 'orders' });
    } finally {
      await withOrders.close();
    }
  });

  it('puts the security headers on proxied answers and on errors', async () => {
    for (const url of ['/api/catalog/products/p-1', '/api/nope']) {
      const res = await gw.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });
});

describe("the spec's image paths", () => {
  it("/api/product/{img} and /api/qr/{file} are media's public images; writes are not routed", async () => {
    const media = await standIn((app) => {
      app.get('/product/:img', async (req) => ({ served: `product/${(req.params as { img: string }).img}` }));
      app.get('/qr/:file', async (req) => ({ served: `qr/${(req.params as { file: string }).file}` }));
    });
    const gw = await startGateway({ MEDIA_URL: media.url, GATEWAY_SERVICES: 'media' });
    try {
      expect((await gw.app.inject({ method: 'GET', url: '/api/product/abc.webp' })).json()).toEqual({
        served: 'product/abc.webp',
      });
      expect((await gw.app.inject({ method: 'GET', url: '/api/qr/line.png' })).json()).toEqual({
        served: 'qr/line.png',
      });
      expect(
        (await gw.app.inject({ method: 'POST', url: '/api/product/abc.webp', payload: {} })).statusCode,
      ).toBe(404);
    } finally {
      await gw.close();
      await media.close();
    }
  });
});

describe('gateway configuration', () => {
  it('rejects an unknown service name in GATEWAY_SERVICES, naming it', () => {
    expect(() => readConfig({ GATEWAY_SERVICES: 'auth,shop' })).toThrow(ConfigError);
    expect(() => readConfig({ GATEWAY_SERVICES: 'auth,shop' })).toThrow(/shop/);
  });

  it('defaults to auth, catalog, notifications, media and orders on their default ports', () => {
    const config = readConfig({});
    expect(config.GATEWAY_SERVICES).toBe(
      'auth,catalog,notifications,media,orders,payments,learning,bookings,insights',
    );
    expect(config.INSIGHTS_URL).toBe('http://127.0.0.1:3110');
    expect(config.AUTH_URL).toBe('http://127.0.0.1:3101');
    expect(config.MEDIA_URL).toBe('http://127.0.0.1:3108');
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
  });
});

describe('uploads through the gateway', () => {
  it('a multipart slip upload reaches payments byte for byte, past the gateway’s 1 MiB body limit', async () => {
    const seen: { type?: string; bytes?: Buffer; url?: string } = {};
    const payments = await standIn((app) => {
      app.addContentTypeParser('multipart/form-data', (_req, payload, done) => {
        const chunks: Buffer[] = [];
        payload.on('data', (c: Buffer) => chunks.push(c));
        payload.on('end', () => done(null, Buffer.concat(chunks)));
        payload.on('error', done);
      });
      app.post('/payments/:orderId/slip', async (req, reply) => {
        seen.type = req.headers['content-type'];
        seen.bytes = req.body as Buffer;
        seen.url = req.url;
        return reply.status(201).send({ ok: true });
      });
    });
    const gw = await startGateway({ PAYMENTS_URL: payments.url, GATEWAY_SERVICES: 'payments' });
    try {
      const form = new FormData();
      const image = new Uint8Array(1_500_000).map((_, i) => i % 251);
      form.append('slip', new Blob([image], { type: 'image/png' }), 'slip.png');
      form.append('paymentDate', '2026-04-15');
      form.append('paymentTime', '14:05');
      const req = new Request('http://gw.test/', { method: 'POST', body: form });
      const body = Buffer.from(await req.arrayBuffer());
      const type = req.headers.get('content-type')!;
      const res = await gw.app.inject({
        method: 'POST',
        url: '/api/payments/payments/0195f3a2-7c2e-7000-8000-000000000001/slip',
        headers: { 'content-type': type, authorization: 'Bearer t' },
        payload: body,
      });
      expect(res.statusCode).toBe(201);
      expect(seen.url).toBe('/payments/0195f3a2-7c2e-7000-8000-000000000001/slip');
      expect(seen.type).toBe(type);
      expect(seen.bytes?.equals(body)).toBe(true);
    } finally {
      await gw.close();
      await payments.close();
    }
  });
});

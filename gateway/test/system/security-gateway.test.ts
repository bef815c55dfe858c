/**
 * Issue 11's gateway findings on a real stack: auth, catalog and media listening on ports with
 * PostgreSQL, NATS and Redis, behind a real gateway. Connection headers cannot open a breaker and a
 * large upload with Expect: 100-continue arrives; sign-in limits hold however the path is spelled;
 * text that cannot be stored answers 400 on every search route; an auth outage answers 503, never 401.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { createTestEnv, freePort, type TestEnv } from '@rian/kit/testing';
import { buildApp as buildAuth } from '@rian/auth/app';
import { readConfig as authConfig } from '@rian/auth/config';
import { buildApp as buildCatalog } from '@rian/catalog/app';
import { readConfig as catalogConfig } from '@rian/catalog/config';
import { buildApp as buildMedia } from '@rian/media/app';
import { readConfig as mediaConfig } from '@rian/media/config';
import { buildGateway } from '../../src/app.js';
import { readConfig as gatewayConfig } from '../../src/config.js';
import { request } from './client.js';
import { registerByCode } from './members.js';

let env: TestEnv;
let mediaDir: string;
const apps: FastifyInstance[] = [];
let auth: FastifyInstance;
let base: string;
let jwks: string;
let staffToken: string;
/** auth signs with this key (AUTH_SIGNING_JWK), so a test can forge what only a key holder could */
let signingJwk: JWK;

async function listen(app: FastifyInstance, host = '127.0.0.1'): Promise<string> {
  const port = await freePort();
  await app.listen({ port, host });
  return `http://${host}:${port}`;
}

async function gatewayFor(upstreams: Record<string, string>, services: string): Promise<string> {
  const gw = await buildGateway(
    gatewayConfig({
      LOG_LEVEL: 'silent',
      RIAN_NAMESPACE: env.namespace,
      ...upstreams,
      GATEWAY_SERVICES: services,
      UPSTREAM_TIMEOUT_MS: '3000',
      RATE_LIMIT_LOGIN_MAX: '3',
      RATE_LIMIT_LOOKUP_MAX: '3',
    }),
  );
  apps.unshift(gw);
  return listen(gw);
}

beforeAll(async () => {
  env = await createTestEnv();
  mediaDir = mkdtempSync(join(tmpdir(), 'rian-sec-media-'));
  const { privateKey } = await generateKeyPair('EdDSA', { extractable: true });
  signingJwk = { ...(await exportJWK(privateKey)), kid: 'sec-test' };
  auth = await buildAuth(
    authConfig(
      env.envFor('auth', {
        AUTH_SIGNING_JWK: JSON.stringify(signingJwk),
        ADMIN_USERNAME: 'sec-admin',
        ADMIN_PASSWORD: 'sec-admin-password',
        AUTH_LOCK_EMAIL_MAX: '100',
        AUTH_LOCK_IP_MAX: '3',
      }),
    ),
  );
  apps.push(auth);
  // on every interface: the X-Forwarded-For test calls it from this machine's own, non-loopback address
  const authPort = await freePort();
  await auth.listen({ port: authPort, host: '0.0.0.0' });
  const authUrl = `http://127.0.0.1:${authPort}`;
  jwks = `${authUrl}/.well-known/jwks.json`;
  const catalog = await buildCatalog(catalogConfig(env.envFor('catalog', { AUTH_JWKS_URL: jwks })));
  const media = await buildMedia(
    mediaConfig(env.envFor('media', { AUTH_JWKS_URL: jwks, MEDIA_DIR: mediaDir })),
  );
  apps.push(catalog, media);
  base = await gatewayFor(
    { AUTH_URL: authUrl, CATALOG_URL: await listen(catalog), MEDIA_URL: await listen(media) },
    'auth,catalog,media',
  );
  const login = await request(base, 'POST', '/api/auth/staff/login', {
    username: 'sec-admin',
    password: 'sec-admin-password',
  });
  expect(login.status).toBe(200);
  staffToken = login.body.token!;
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  await env?.cleanup();
  rmSync(mediaDir, { recursive: true, force: true });
});

/** One request over a socket with exactly these headers; the body, if any, after the server's 100 Continue. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers });
    const finish = () => req.end(body);
    if (headers.expect) req.on('continue', finish);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    if (!headers.expect) finish();
  });
}

describe('connection headers never take a service down', () => {
  it('five anonymous requests with Expect: 100-continue or Keep-Alive reach catalog, and it stays up for everyone', async () => {
    const variants: Record<string, string>[] = [
      { expect: '100-continue' },
      { 'keep-alive': 'timeout=5' },
      { expect: '100-continue' },
      { 'keep-alive': 'timeout=5', connection: 'keep-alive' },
      { expect: '100-continue', 'keep-alive': 'timeout=5' },
      { expect: '100-continue' },
    ];
    for (const headers of variants) {
      const res = await raw('GET', '/api/catalog/products', headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
    expect((await request(base, 'GET', '/api/catalog/products')).status).toBe(200);
  });

  it('an image upload over 1 MB sent with Expect: 100-continue (as curl sends it) is stored by media', async () => {
    const noise = randomBytes(700 * 700 * 3);
    const png = await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(1024 * 1024);
    const boundary = 'rianboundary42';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await raw(
      'POST',
      '/api/media/images/product',
      {
        expect: '100-continue',
        authorization: `Bearer ${staffToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
      body,
    );
    expect(res.status, res.body).toBe(200);
    const stored = JSON.parse(res.body) as { filename?: string; url?: string };
    expect(stored.filename ?? stored.url).toBeTruthy();
  });
});

describe('text that cannot be stored', () => {
  it('?q=%00 and ?q=%ED%A0%80 answer 400 problem+json on every search route of auth and catalog', async () => {
    const docs = await request<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    }>(base, 'GET', '/api/docs/json');
    const searches = Object.entries(docs.body.paths)
      .filter(
        ([path, ops]) =>
          !path.includes('{') && ops.get?.parameters?.some((p) => p.in === 'query' && p.name === 'q'),
      )
      .map(([path]) => path);
    expect(searches.length).toBeGreaterThanOrEqual(8);
    for (const path of searches) {
      for (const q of ['%00', 'ab%00', '%ED%A0%80']) {
        const res = await request(base, 'GET', `${path}?q=${q}`, undefined, { token: staffToken });
        expect(res.status, `${path}?q=${q}`).toBe(400);
        expect(res.body.code).toBe('validation.failed');
      }
    }
  });

  it('PATCH /api/auth/me with a lone surrogate or a NUL answers 400 and leaves the profile as it was', async () => {
    await registerByCode(base, env.namespace, 'sec.member@example.com', 'member-pw-123', {});
    // straight at auth: the gateway's sign-in allowance belongs to the limit tests below
    const signIn = (
      await auth.inject({
        method: 'POST',
        url: '/login',
        payload: { email: 'sec.member@example.com', password: 'member-pw-123' },
      })
    ).json<{ token: string }>().token;
    for (const payload of ['{"nickname":"\\ud800"}', '{"firstName":"a\\u0000b"}']) {
      const res = await fetch(`${base}/api/auth/me`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${signIn}` },
        body: payload,
      });
      expect(res.status, payload).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    const me = await request(base, 'GET', '/api/auth/me', undefined, { token: signIn });
    expect(me.body.user?.nickname ?? null).toBeNull();
    expect((me.body.user as { firstName?: string } | undefined)?.firstName).toBe('สมชาย');
  });
});

describe('sign-in limits however the path is spelled (real auth)', () => {
  const spellings = (path: string) => [
    `/api/auth/.${path}`,
    `/api/auth/${path}`,
    `/api/auth/%2e${path}`,
    `/api/auth/%2E${path}`,
    `/api/auth/x/..${path}`,
    `/api/auth${path}/`,
    `//api/auth${path}`,
  ];

  it('/login: after 3 attempts every spelling is 429, and other case or %2f is not the route at auth (404)', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await request(base, 'POST', '/api/auth/login', {
        email: 'nobody@example.com',
        password: 'wrong-pw-1',
      });
      expect(res.status).toBe(401);
    }
    for (const url of spellings('/login')) {
      const res = await request(base, 'POST', url, { email: 'nobody@example.com', password: 'wrong-pw-1' });
      expect(res.status, url).toBe(429);
      expect(res.body.code).toBe('http.rate_limited');
    }
    for (const url of ['/api/auth/LOGIN', '/api/auth/Login']) {
      expect(
        (await request(base, 'POST', url, { email: 'nobody@example.com', password: 'x' })).status,
        url,
      ).toBe(404);
    }
  });

  it('/register/check-email (account enumeration) is limited the same way', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await request(base, 'POST', '/api/auth/register/check-email', {
        email: `free${i}@example.com`,
      });
      expect(res.status).toBe(200);
    }
    for (const url of spellings('/register/check-email')) {
      expect((await request(base, 'POST', url, { email: 'who@example.com' })).status, url).toBe(429);
    }
    expect(
      (await request(base, 'POST', '/api/auth/register%2fcheck-email', { email: 'who@example.com' })).status,
    ).toBe(404);
  });
});

describe('X-Forwarded-For', () => {
  it("auth counts wrong sign-ins against the caller's own address, whatever X-Forwarded-For it sends", async () => {
    const own = (await import('node:os')).networkInterfaces();
    const address = Object.values(own)
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    expect(address, 'this machine needs a non-loopback IPv4 address').toBeTruthy();
    const authDirect = `http://${address}:${(auth.server.address() as { port: number }).port}`;
    const attempt = (i: number) =>
      fetch(`${authDirect}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
        body: JSON.stringify({ email: `spoof${i}@example.com`, password: 'wrong-password' }),
      });
    // AUTH_LOCK_IP_MAX is 3: three wrong sign-ins from one address, each claiming another, lock it
    for (let i = 1; i <= 3; i++) expect((await attempt(i)).status).toBe(401);
    expect((await attempt(4)).status).toBe(429);
  });
});

describe('tokens', () => {
  it("a token signed with auth's own key but without exp is refused through the gateway; the same claims with exp pass", async () => {
    const claims = decodeJwt(staffToken);
    const key = await importJWK({ ...signingJwk, alg: 'EdDSA' }, 'EdDSA');
    const forge = (exp: boolean) => {
      const jwt = new SignJWT({ ...claims, exp: undefined })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'sec-test', typ: 'JWT' })
        .setIssuedAt()
        .setJti(crypto.randomUUID());
      if (exp) jwt.setExpirationTime('10m');
      return jwt.sign(key);
    };
    const path = '/api/catalog/admin/products';
    const endless = await request(base, 'GET', path, undefined, { token: await forge(false) });
    expect(endless.status).toBe(401);
    expect(endless.body).toMatchObject({ status: 401 });
    expect((await request(base, 'GET', path, undefined, { token: await forge(true) })).status).toBe(200);
  });
});

describe('an auth outage', () => {
  it("a service that has auth's keys keeps serving staff; one that has none answers 503, never 401", async () => {
    const catalog2 = await buildCatalog(catalogConfig(env.envFor('catalog', { AUTH_JWKS_URL: jwks })));
    apps.unshift(catalog2);
    const fresh = await gatewayFor({ CATALOG_URL: await listen(catalog2) }, 'catalog');
    // the first catalog checks one staff token while auth is up, and so has its keys
    expect(
      (await request(base, 'GET', '/api/catalog/admin/products', undefined, { token: staffToken })).status,
    ).toBe(200);
    await auth.close();

    const known = await request(base, 'GET', '/api/catalog/admin/products', undefined, { token: staffToken });
    expect(known.status).toBe(200);
    const unknown = await request(fresh, 'GET', '/api/catalog/admin/products', undefined, {
      token: staffToken,
    });
    expect(unknown.status).toBe(503);
    expect(unknown.body.code).toBe('service.unavailable');
  });
});

/**
 * The first event flow end to end, through the gateway, with every part real: auth, notifications and
 * catalog listening on ports, PostgreSQL, NATS JetStream, Redis, and an SMTP server in this process
 * that receives the code e-mail. A visitor registers with the e-mailed code, logs in and reads `me`;
 * each bad input answers the spec's Thai message; a service that is down answers 503 at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestEnv, eventually, freePort, type TestEnv } from '@rian/kit/testing';
import { TestSmtpServer } from '@rian/kit/testing-smtp';
import { buildApp as buildAuth } from '@rian/auth/app';
import { readConfig as authConfig } from '@rian/auth/config';
import { buildApp as buildNotifications } from '@rian/notifications/app';
import { readConfig as notificationsConfig } from '@rian/notifications/config';
import { buildApp as buildCatalog } from '@rian/catalog/app';
import { readConfig as catalogConfig } from '@rian/catalog/config';
import { buildGateway } from '../../src/app.js';
import { readConfig as gatewayConfig } from '../../src/config.js';

let env: TestEnv;
let smtp: TestSmtpServer;
let gateway: FastifyInstance;
const services: Record<string, FastifyInstance> = {};
let base: string;

async function listen(app: FastifyInstance): Promise<string> {
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  env = await createTestEnv();
  smtp = new TestSmtpServer(await freePort());
  await smtp.start();

  services.auth = await buildAuth(
    authConfig(env.envFor('auth', { ADMIN_USERNAME: 'flow-admin', ADMIN_PASSWORD: 'flow-admin-pw' })),
  );
  const authUrl = await listen(services.auth);
  const jwks = `${authUrl}/.well-known/jwks.json`;
  services.notifications = await buildNotifications(
    notificationsConfig(env.envFor('notifications', { SMTP_URL: smtp.url, AUTH_JWKS_URL: jwks })),
  );
  services.catalog = await buildCatalog(
    catalogConfig(env.envFor('catalog', { CATALOG_SEED_DEMO: 'true', AUTH_JWKS_URL: jwks })),
  );
  const notificationsUrl = await listen(services.notifications);
  const catalogUrl = await listen(services.catalog);

  gateway = await buildGateway(
    gatewayConfig({
      LOG_LEVEL: 'silent',
      RIAN_NAMESPACE: env.namespace,
      AUTH_URL: authUrl,
      NOTIFICATIONS_URL: notificationsUrl,
      CATALOG_URL: catalogUrl,
      UPSTREAM_TIMEOUT_MS: '2000',
      GATEWAY_SERVICES: 'auth,catalog,notifications',
    }),
  );
  base = await listen(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  for (const app of Object.values(services)) await app.close().catch(() => undefined);
  await smtp?.stop();
  await env?.cleanup();
});

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    body: text ? JSON.parse(text) : undefined,
    headers: res.headers,
  };
}

const email = 'flow.member@example.com';
const form = (code: string, over: Record<string, unknown> = {}) => ({
  email,
  code,
  password: 'flow-password-1',
  passwordConfirm: 'flow-password-1',
  firstName: 'มานี',
  lastName: 'มีนา',
  phone: '0811111111',
  ...over,
});

describe('register → code e-mail → register → login → me, through the gateway', () => {
  let code = '';

  it('the whole stack reports ready', async () => {
    const health = await call('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(Object.keys(health.body.services).sort()).toEqual(['auth', 'catalog', 'notifications']);
  });

  it('a free e-mail passes the check, and a code request sends a Thai e-mail with a 4-digit code', async () => {
    expect((await call('POST', '/api/auth/register/check-email', { email })).body).toEqual({
      email,
      registered: false,
    });
    const sent = await call('POST', '/api/auth/register/code', { email, locale: 'th' });
    expect(sent.status).toBe(202);
    const [mail] = await eventually(
      () => (smtp.mailsTo(email).length ? smtp.mailsTo(email) : undefined),
      20_000,
    );
    expect(mail!.mail.subject).toContain('รหัสยืนยัน');
    code = /รหัสยืนยันของคุณคือ\s*(\d{4})/.exec(mail!.mail.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{4}$/);
  });

  it.each([
    ['wrong code', (c: string) => form(c === '0000' ? '9999' : '0000'), 'code', 'รหัสยืนยันไม่ตรงกัน'],
    [
      'phone not 10 characters',
      (c: string) => form(c, { phone: '08111' }),
      'phone',
      'กรุณากรอกให้ครบ 10ตัวอักษร',
    ],
    [
      'bad e-mail',
      (c: string) => form(c, { email: 'flow.member.example.com' }),
      'email',
      'รูปแบบ E-mail ไม่ถูกต้อง',
    ],
    ['missing first name', (c: string) => form(c, { firstName: '' }), 'firstName', 'กรุณากรอกข้อมูล'],
    [
      'confirmation differs',
      (c: string) => form(c, { passwordConfirm: 'other-password' }),
      'passwordConfirm',
      'ยืนยันรหัสผ่าน ไม่ตรงกัน',
    ],
  ])('%s → 400 problem+json with "%s" message', async (_name, make, field, message) => {
    const res = await call('POST', '/api/auth/register', make(code));
    expect(res.status).toBe(400);
    expect(res.type).toContain('application/problem+json');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, message }));
  });

  it('registers with the code (status New), then the e-mail counts as registered', async () => {
    const res = await call('POST', '/api/auth/register', form(code));
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email, status: 'New' });
    const again = await call('POST', '/api/auth/register/check-email', { email });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('เมล์นี้ได้ลงทะเบียน เรียบร้อยเเล้ว');
  });

  it('logs in and reads me with the Bearer token; the refresh cookie comes through the gateway', async () => {
    const login = await call('POST', '/api/auth/login', { email, password: 'flow-password-1' });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toMatch(/^auth\.refresh=.*HttpOnly/);
    const me = await call('GET', '/api/auth/me', undefined, { authorization: `Bearer ${login.body.token}` });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email, status: 'New', firstName: 'มานี' });
  });

  it('staff read the delivery log: notifications verifies auth tokens against auth’s JWKS', async () => {
    const staff = await call('POST', '/api/auth/staff/login', {
      username: 'flow-admin',
      password: 'flow-admin-pw',
    });
    const log = await call(
      'GET',
      `/api/notifications/deliveries?to=${encodeURIComponent(email)}`,
      undefined,
      {
        authorization: `Bearer ${staff.body.token}`,
      },
    );
    expect(log.status).toBe(200);
    expect(log.body.items[0]).toMatchObject({ to: email, status: 'sent', template: expect.any(String) });
    const member = await call('POST', '/api/auth/login', { email, password: 'flow-password-1' });
    const denied = await call('GET', '/api/notifications/deliveries', undefined, {
      authorization: `Bearer ${member.body.token}`,
    });
    expect(denied.status).toBe(403);
  });

  it('finds a demo product through the gateway', async () => {
    const res = await call('GET', '/api/catalog/products?q=forex');
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
  });

  it('a service that is down: 503 problem+json, quickly, and the others still answer', async () => {
    await services.catalog!.close();
    const t0 = Date.now();
    const res = await call('GET', '/api/catalog/products');
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(res.status).toBe(503);
    expect(res.type).toContain('application/problem+json');
    expect(res.body.code).toBe('service.unavailable');
    expect((await call('POST', '/api/auth/register/check-email', { email: 'x@y.zz' })).status).toBe(200);
    const health = await call('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body.services.catalog.status).not.toBe('ready');
  });
});

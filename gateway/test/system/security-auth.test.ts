/**
 * Issue 11 §2, §4, §8 and §9 through the gateway, every part real: auth and notifications on ports,
 * PostgreSQL, NATS JetStream, Redis and an SMTP server in this process. The gateway trusts the
 * test's X-Forwarded-For (as it would a load balancer's), so each case can come from its own IP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestEnv, eventually, freePort, publishedEvents, type TestEnv } from '@rian/kit/testing';
import { TestSmtpServer } from '@rian/kit/testing-smtp';
import { buildApp as buildAuth } from '@rian/auth/app';
import { readConfig as authConfig } from '@rian/auth/config';
import { buildApp as buildNotifications } from '@rian/notifications/app';
import { readConfig as notificationsConfig } from '@rian/notifications/config';
import { buildGateway } from '../../src/app.js';
import { readConfig as gatewayConfig } from '../../src/config.js';
import { registerByCode } from './members.js';

const GRACE_SECONDS = 3;
const ADMIN = 'sec-admin';
const ADMIN_PASSWORD = 'sec-admin-password';

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

interface Answer {
  status: number;
  type: string;
  body: { code?: string; detail?: string; token?: string; [k: string]: unknown } | undefined;
  cookies: Record<string, string>;
  setCookie: string[];
}

/** A POST through the gateway from `ip`, with the given cookies and headers. */
async function post(
  path: string,
  body: unknown,
  opts: { ip?: string; cookies?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const cookie = Object.entries(opts.cookies ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      'x-forwarded-for': opts.ip ?? '192.0.2.1',
      ...(cookie ? { cookie } : {}),
      ...opts.headers,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  const setCookie = res.headers.getSetCookie();
  const cookies = Object.fromEntries(
    setCookie.map((c) => c.split(';')[0]!.split('=') as [string, string]).filter(([, v]) => v),
  );
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    body: text ? JSON.parse(text) : undefined,
    cookies,
    setCookie,
  };
}

beforeAll(async () => {
  env = await createTestEnv();
  smtp = new TestSmtpServer(await freePort());
  await smtp.start();
  services.auth = await buildAuth(
    authConfig(
      env.envFor('auth', {
        ADMIN_USERNAME: ADMIN,
        ADMIN_PASSWORD,
        AUTH_REFRESH_REUSE_GRACE_SECONDS: String(GRACE_SECONDS),
      }),
    ),
  );
  const authUrl = await listen(services.auth);
  services.notifications = await buildNotifications(
    notificationsConfig(
      env.envFor('notifications', { SMTP_URL: smtp.url, AUTH_JWKS_URL: `${authUrl}/.well-known/jwks.json` }),
    ),
  );
  const notificationsUrl = await listen(services.notifications);
  gateway = await buildGateway(
    gatewayConfig({
      LOG_LEVEL: 'silent',
      RIAN_NAMESPACE: env.namespace,
      AUTH_URL: authUrl,
      NOTIFICATIONS_URL: notificationsUrl,
      GATEWAY_SERVICES: 'auth,notifications',
      TRUST_PROXY: 'true',
      UPSTREAM_TIMEOUT_MS: '5000',
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

const memberLogin = (email: string, password: string, ip?: string) =>
  post('/api/auth/login', { email, password }, { ...(ip ? { ip } : {}) });

describe('§2 wrong e-mail codes: a budget per address', () => {
  it('10 wrong reset codes per 24 h (from 10 IPs) → P(guess within a week) ≤ 70/10000 = 0.7 %: the address is locked, the right code no longer works, and the owner gets the Thai e-mail', async () => {
    const email = 'sec.reset@example.com';
    const password = 'the-member-password-1';
    await registerByCode(base, env.namespace, email, password);
    const codeNo = async (nth: number) => {
      expect((await post('/api/auth/password/code', { email }, { ip: `198.51.100.${nth}` })).status).toBe(
        202,
      );
      const all = await eventually(async () => {
        const found = (
          await publishedEvents<{ email: string; code: string; purpose: string }>(
            env.namespace,
            'auth',
            'auth.email.code-requested',
          )
        ).filter((e) => e.data.email === email && e.data.purpose === 'password-reset');
        return found.length >= nth ? found : undefined;
      });
      return all[nth - 1]!.data.code;
    };
    const guess = (code: string, n: number) =>
      post(
        '/api/auth/password/reset',
        { email, code, password: 'taken-over-123', passwordConfirm: 'taken-over-123' },
        { ip: `203.0.113.${n}` },
      );
    const wrong = (real: string) =>
      ['0000', '1111', '2222', '3333', '4444', '5555', '6666'].filter((c) => c !== real).slice(0, 5);

    let n = 0;
    for (const c of wrong(await codeNo(1)))
      expect((await guess(c, ++n)).body?.code).toBe('auth.code_mismatch');
    const second = await codeNo(2);
    const rest = wrong(second);
    for (const c of rest.slice(0, 4)) expect((await guess(c, ++n)).body?.code).toBe('auth.code_mismatch');
    const tenth = await guess(rest[4]!, ++n);
    expect(tenth.status).toBe(429);
    expect(tenth.type).toContain('application/problem+json');
    expect(tenth.body?.code).toBe('auth.codes_locked');
    expect((await guess(second, ++n)).body?.code).toBe('auth.codes_locked');
    expect((await memberLogin(email, password)).status).toBe(200);

    const notices = () => smtp.mailsTo(email).filter((m) => m.mail.subject?.startsWith('แจ้งเตือน'));
    const [mail] = await eventually(() => notices().length > 0 && notices());
    expect(mail!.mail.subject).toBe('แจ้งเตือนความปลอดภัย: มีการกรอกรหัสยืนยันผิดหลายครั้ง');
    expect(mail!.mail.text).toContain('ผิด 10 ครั้งภายใน 24 ชั่วโมง');
  });
});

describe('§4 refresh grace: one successor, never a second branch', () => {
  it('the old cookie replayed 6 times at once within the grace → the same successor each time; once it is used, the old cookie is refused; after the grace a replay ends the sign-in', async () => {
    const email = 'sec.refresh@example.com';
    const password = 'the-member-password-2';
    await registerByCode(base, env.namespace, email, password);
    const first = (await memberLogin(email, password)).cookies['auth.refresh']!;
    const r1 = await post('/api/auth/refresh', undefined, { cookies: { 'auth.refresh': first } });
    expect(r1.status).toBe(200);
    const successor = r1.cookies['auth.refresh']!;

    const replays = await Promise.all(
      Array.from({ length: 6 }, () =>
        post('/api/auth/refresh', undefined, { cookies: { 'auth.refresh': first } }),
      ),
    );
    expect(replays.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(replays.map((r) => r.cookies['auth.refresh']))).toEqual(new Set([successor]));

    const third = await post('/api/auth/refresh', undefined, { cookies: { 'auth.refresh': successor } });
    expect(third.status).toBe(200);
    const refused = await post('/api/auth/refresh', undefined, { cookies: { 'auth.refresh': first } });
    expect(refused.status).toBe(401);
    expect(refused.body?.code).toBe('auth.refresh_invalid');
    // the owner's branch lives on
    const owner = await post('/api/auth/refresh', undefined, {
      cookies: { 'auth.refresh': third.cookies['auth.refresh']! },
    });
    expect(owner.status).toBe(200);

    // D31 still: a replay after the grace ends the whole sign-in
    await new Promise((r) => setTimeout(r, GRACE_SECONDS * 1000 + 500));
    expect((await post('/api/auth/refresh', undefined, { cookies: { 'auth.refresh': first } })).status).toBe(
      401,
    );
    const after = await post('/api/auth/refresh', undefined, {
      cookies: { 'auth.refresh': owner.cookies['auth.refresh']! },
    });
    expect(after.status).toBe(401);
  });
});

describe('§8 nobody can lock admin out', () => {
  const staffLogin = (ip: string, password: string, device?: string) =>
    post(
      '/api/auth/staff/login',
      { username: ADMIN, password },
      { ip, ...(device ? { cookies: { 'auth.device': device } } : {}) },
    );

  it('5 wrong passwords from IP A: the admin at IP B signs in; the admin at IP A signs in with the device cookie of an earlier sign-in; a forged or another account’s device cookie gets no bypass', async () => {
    const earlier = await staffLogin('198.18.0.50', ADMIN_PASSWORD);
    expect(earlier.status).toBe(200);
    const device = earlier.cookies['auth.device']!;
    expect(earlier.setCookie.find((c) => c.startsWith('auth.device='))).toMatch(/HttpOnly/);
    expect(earlier.setCookie.find((c) => c.startsWith('auth.device='))).toMatch(/Path=\//);

    for (let i = 0; i < 5; i++) expect((await staffLogin('198.18.0.1', 'guessing-' + i)).status).toBe(401);
    const lockedA = await staffLogin('198.18.0.1', ADMIN_PASSWORD);
    expect(lockedA.status).toBe(429);
    expect(lockedA.body?.code).toBe('auth.locked');

    expect((await staffLogin('198.18.0.2', ADMIN_PASSWORD)).status).toBe(200);
    expect((await staffLogin('198.18.0.1', ADMIN_PASSWORD, device)).status).toBe(200);

    const email = 'sec.device@example.com';
    await registerByCode(base, env.namespace, email, 'the-member-password-3');
    const memberDevice = (await memberLogin(email, 'the-member-password-3', '198.18.0.1')).cookies[
      'auth.device'
    ]!;
    expect(memberDevice).toBeTruthy();
    for (const forged of ['x'.repeat(43), memberDevice]) {
      const res = await staffLogin('198.18.0.1', ADMIN_PASSWORD, forged);
      expect(res.status).toBe(429);
      expect(res.body?.code).toBe('auth.locked');
    }
  });
});

describe('§9 refresh and logout only from our own site', () => {
  it('a foreign Origin → 403 problem+json, nothing rotated or revoked; the site’s own origin works', async () => {
    const email = 'sec.origin@example.com';
    const password = 'the-member-password-4';
    await registerByCode(base, env.namespace, email, password);
    const cookie = (await memberLogin(email, password)).cookies['auth.refresh']!;
    const evil = { origin: 'https://evil.example' };
    for (const path of ['/api/auth/refresh', '/api/auth/logout']) {
      const res = await post(path, undefined, { cookies: { 'auth.refresh': cookie }, headers: evil });
      expect(res.status).toBe(403);
      expect(res.type).toContain('application/problem+json');
      expect(res.body).toMatchObject({ code: 'auth.origin_refused', detail: 'คำขอนี้ไม่ได้มาจากเว็บไซต์ Rian' });
      expect(res.setCookie).toEqual([]);
    }
    // had a refused call rotated the cookie, using it after the grace would end the sign-in
    await new Promise((r) => setTimeout(r, GRACE_SECONDS * 1000 + 500));
    const own = await post('/api/auth/refresh', undefined, {
      cookies: { 'auth.refresh': cookie },
      headers: { origin: base },
    });
    expect(own.status).toBe(200);
    const out = await post('/api/auth/logout', undefined, {
      cookies: { 'auth.refresh': own.cookies['auth.refresh']! },
      headers: { origin: base },
    });
    expect(out.status).toBe(204);
  });
});

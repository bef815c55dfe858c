/**
 * Issue 3's flows through the gateway, every part real (auth and catalog on ports, PostgreSQL, NATS,
 * Redis) plus a local fake of Facebook: password reset, Facebook login and register, logout revoking
 * the token for another service, staff changing a member's status, personnel, addresses, profile and
 * the sign-in lockout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestEnv, freePort, type TestEnv } from '@rian/kit/testing';
import { buildApp as buildAuth } from '@rian/auth/app';
import { readConfig as authConfig } from '@rian/auth/config';
import { buildApp as buildCatalog } from '@rian/catalog/app';
import { readConfig as catalogConfig } from '@rian/catalog/config';
import { FakeFacebook } from '../../../services/auth/test/fakes/facebook.js';
import { buildGateway } from '../../src/app.js';
import { request, type Body } from './client.js';
import { emailedCode, registerByCode } from './members.js';
import { readConfig as gatewayConfig } from '../../src/config.js';

let env: TestEnv;
let facebook: FakeFacebook;
let gateway: FastifyInstance;
const apps: FastifyInstance[] = [];
let base: string;

async function listen(app: FastifyInstance): Promise<string> {
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  apps.push(app);
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  env = await createTestEnv();
  facebook = new FakeFacebook();
  await facebook.start();
  const authUrl = await listen(
    await buildAuth(
      authConfig(
        env.envFor('auth', {
          ADMIN_USERNAME: 'acc-admin',
          ADMIN_PASSWORD: 'acc-admin-password',
          FACEBOOK_APP_ID: facebook.appId,
          FACEBOOK_APP_SECRET: facebook.appSecret,
          FACEBOOK_GRAPH_URL: facebook.url,
          FACEBOOK_DIALOG_URL: facebook.dialogUrl,
          AUTH_LOCK_EMAIL_MAX: '3',
          AUTH_LOCK_SECONDS: '2',
        }),
      ),
    ),
  );
  const catalogUrl = await listen(
    await buildCatalog(
      catalogConfig(env.envFor('catalog', { AUTH_JWKS_URL: `${authUrl}/.well-known/jwks.json` })),
    ),
  );
  gateway = await buildGateway(
    gatewayConfig({
      LOG_LEVEL: 'silent',
      RIAN_NAMESPACE: env.namespace,
      GATEWAY_SERVICES: 'auth,catalog',
      AUTH_URL: authUrl,
      CATALOG_URL: catalogUrl,
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_CODE_MAX: '1000',
    }),
  );
  base = `http://127.0.0.1:${await freePort()}`;
  await gateway.listen({ port: Number(new URL(base).port), host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  for (const app of apps) await app.close().catch(() => undefined);
  await facebook?.stop();
  await env?.cleanup();
});

/** A row of the Thai reference lists. */
interface Place {
  id: number;
  nameTh: string;
  zip?: string;
}

const call = <B = Body>(method: string, path: string, body?: unknown, token?: string, cookie?: string) =>
  request<B>(base, method, path, body, { token, cookie });

const latestCode = (email: string, purpose: string) => emailedCode(env.namespace, email, purpose);

async function register(email: string, password: string, extra: Record<string, unknown> = {}) {
  return registerByCode(base, env.namespace, email, password, {
    profile: { firstName: 'Ploy', lastName: 'Sukjai', phone: '0822222222', ...extra },
  });
}

const staffToken = async () =>
  (await call('POST', '/api/auth/staff/login', { username: 'acc-admin', password: 'acc-admin-password' }))
    .body.token as string;

describe('password change through the gateway', () => {
  const email = 'ploy@example.com';
  it('unknown e-mail → "ไม่มี Email ในระบบ"; known → code → new password works, old one and old sessions do not', async () => {
    const unknown = await call('POST', '/api/auth/password/check-email', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('ไม่มี Email ในระบบ');

    await register(email, 'first-password-1');
    const before = await call('POST', '/api/auth/login', { email, password: 'first-password-1' });
    expect((await call('POST', '/api/auth/password/code', { email })).status).toBe(202);
    const code = await latestCode(email, 'password-reset');
    const wrong = await call('POST', '/api/auth/password/reset', {
      email,
      code: code === '0000' ? '1111' : '0000',
      password: 'second-password-2',
      passwordConfirm: 'second-password-2',
    });
    expect(wrong.body.detail).toBe('รหัสยืนยันไม่ตรงกัน');
    const reset = await call('POST', '/api/auth/password/reset', {
      email,
      code,
      password: 'second-password-2',
      passwordConfirm: 'second-password-2',
    });
    expect(reset.status).toBe(200);
    expect((await call('POST', '/api/auth/login', { email, password: 'first-password-1' })).status).toBe(401);
    expect((await call('POST', '/api/auth/login', { email, password: 'second-password-2' })).status).toBe(
      200,
    );
    // the session from before the reset is over: its access token and its refresh cookie
    expect((await call('GET', '/api/auth/me', undefined, before.body.token)).body.code).toBe(
      'auth.token_revoked',
    );
    expect((await call('POST', '/api/auth/refresh', undefined, undefined, before.cookie)).status).toBe(401);
  });
});

describe('Facebook through the gateway (local fake)', () => {
  it('a new Facebook user registers with the token, then Facebook login signs in', async () => {
    const config = await call('GET', '/api/auth/public-config');
    expect(config.body.facebook).toEqual({ appId: facebook.appId, dialogUrl: facebook.dialogUrl });
    const fbUser = facebook.addUser({ name: 'Kanya Facebook', email: 'kanya.fb@example.com' });
    const accessToken = facebook.issueToken(fbUser.id);

    const first = await call('POST', '/api/auth/facebook/login', { accessToken });
    expect(first.body).toMatchObject({
      outcome: 'register',
      social: { id: fbUser.id, email: 'kanya.fb@example.com' },
    });
    await register('kanya.fb@example.com', 'kanya-password-1', { facebookAccessToken: accessToken });

    const again = await call('POST', '/api/auth/facebook/login', {
      accessToken: facebook.issueToken(fbUser.id),
    });
    expect(again.body).toMatchObject({ outcome: 'logged-in', user: { email: 'kanya.fb@example.com' } });
    expect(again.cookie).toBeDefined();
    const forged = await call('POST', '/api/auth/facebook/login', { accessToken: 'EAAnot-a-real-token' });
    expect(forged.status).toBe(401);
  });
});

describe('tokens, statuses and the back office through the gateway', () => {
  const email = 'dao@example.com';
  let member: { id: string };

  beforeAll(async () => {
    member = await register(email, 'dao-password-1');
  });

  it('logout revokes the access token: another service (catalog) refuses it too', async () => {
    const login = await call('POST', '/api/auth/login', { email, password: 'dao-password-1' });
    const token = login.body.token as string;
    expect((await call('GET', '/api/auth/me', undefined, token)).status).toBe(200);
    expect((await call('POST', '/api/auth/logout', undefined, token, login.cookie)).status).toBe(204);
    expect((await call('GET', '/api/auth/me', undefined, token)).body.code).toBe('auth.token_revoked');
    const atCatalog = await call('GET', '/api/catalog/admin/products', undefined, token);
    expect(atCatalog.status).toBe(401);
    expect(atCatalog.body.code).toBe('auth.token_revoked');
  });

  it('staff make a member Premium with a membership code; the change is audited and shows after refresh', async () => {
    const login = await call('POST', '/api/auth/login', { email, password: 'dao-password-1' });
    expect((await call('GET', '/api/auth/admin/users', undefined, login.body.token)).status).toBe(403);
    const staff = await staffToken();
    const found = await call('GET', `/api/auth/admin/users?q=${encodeURIComponent(email)}`, undefined, staff);
    expect(found.body.items!.map((u: { id: string }) => u.id)).toContain(member.id);
    const patched = await call(
      'PATCH',
      `/api/auth/admin/users/${member.id}`,
      { status: 'Premium', membershipCodes: ['CG1'] },
      staff,
    );
    expect(patched.status).toBe(200);
    expect(patched.body.user).toMatchObject({ status: 'Premium', membershipCodes: ['CG1'] });
    const changes = await call('GET', `/api/auth/admin/users/${member.id}/changes`, undefined, staff);
    expect(changes.body.items!.map((c: { field: string }) => c.field)).toEqual(
      expect.arrayContaining(['status', 'membershipCodes']),
    );
    // the old access token carried status New: it is refused; a refresh brings the new status
    expect((await call('GET', '/api/auth/me', undefined, login.body.token)).status).toBe(401);
    const refreshed = await call('POST', '/api/auth/refresh', undefined, undefined, login.cookie);
    expect(refreshed.body.user).toMatchObject({ status: 'Premium', membershipCodes: ['CG1'] });
  });

  it('admin creates personnel who can sign in but cannot manage personnel', async () => {
    const admin = await staffToken();
    const created = await call(
      'POST',
      '/api/auth/admin/personnel',
      { username: 'desk1', password: 'desk-password-1', name: 'Desk', role: 'staff' },
      admin,
    );
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body)).not.toContain('desk-password-1');
    const desk = await call('POST', '/api/auth/staff/login', {
      username: 'desk1',
      password: 'desk-password-1',
    });
    expect(desk.body.staff).toMatchObject({ username: 'desk1', role: 'staff' });
    expect((await call('GET', '/api/auth/admin/personnel', undefined, desk.body.token)).status).toBe(403);
    expect((await call('GET', '/api/auth/admin/users', undefined, desk.body.token)).status).toBe(200);
  });

  it('a member keeps an address picked from the Thai reference lists, and edits the profile', async () => {
    const token = (await call('POST', '/api/auth/login', { email, password: 'dao-password-1' })).body
      .token as string;
    const provinces = (await call<Place[]>('GET', '/api/auth/reference/provinces')).body;
    const bangkok = provinces.find((p) => p.nameTh === 'กรุงเทพมหานคร')!;
    const districts = (await call<Place[]>('GET', `/api/auth/reference/districts?provinceId=${bangkok.id}`))
      .body;
    const pathumwan = districts.find((d) => d.nameTh === 'ปทุมวัน')!;
    const subs = (await call<Place[]>('GET', `/api/auth/reference/sub-districts?districtId=${pathumwan.id}`))
      .body;
    const lumphini = subs.find((s) => s.nameTh === 'ลุมพินี')!;
    const address = {
      fullname: 'Dao Sukjai',
      tel: '0833333333',
      address: '1 Witthayu Rd',
      provinceId: bangkok.id,
      districtId: pathumwan.id,
      subDistrictId: lumphini.id,
    };
    const bad = await call('PUT', '/api/auth/addresses/delivery/person', { ...address, tel: '083' }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual(
      expect.objectContaining({ field: 'tel', message: 'กรุณากรอกให้ครบ 10ตัวอักษร' }),
    );
    const saved = await call('PUT', '/api/auth/addresses/delivery/person', address, token);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      format: 'delivery',
      type: 'person',
      zip: '10330',
      subDistrictName: 'ลุมพินี',
    });
    const profile = await call('PATCH', '/api/auth/me', { nickname: 'ดาว' }, token);
    expect(profile.body.user!.nickname).toBe('ดาว');
  });
});

describe('sign-in lockout through the gateway', () => {
  it('engages after repeated failures for one e-mail, refusing even the right password, and lifts', async () => {
    const email = 'locked@example.com';
    await register(email, 'locked-password-1');
    for (let i = 0; i < 3; i++) {
      expect((await call('POST', '/api/auth/login', { email, password: 'wrong-password' })).status).toBe(401);
    }
    const locked = await call('POST', '/api/auth/login', { email, password: 'locked-password-1' });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('auth.locked');
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await call('POST', '/api/auth/login', { email, password: 'locked-password-1' })).status).toBe(
      200,
    );
  });
});

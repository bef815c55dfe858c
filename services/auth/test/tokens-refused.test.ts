import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, SignJWT } from 'jose';
import {
  createTestEnv,
  eventually,
  freePort,
  publishedEvents,
  TestTokenIssuer,
  type TestEnv,
} from '@rian/kit/testing';
import { revokeUserTokensBefore } from '@rian/kit/revocation';
import type { ServiceApp } from '@rian/kit/service';
import { buildApp as buildCatalog } from '@rian/catalog/app';
import { readConfig as catalogConfig } from '@rian/catalog/config';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { SigningKeys } from '../src/plugins/app/signing-keys.js';

/**
 * Tokens are checked by every service, not only by the gateway (issue 3 acceptance): auth listens
 * on a port of its own and catalog — another service, in the same namespace, so the same Redis
 * keys — verifies tokens against auth's JWKS over HTTP, as in production.
 */
let env: TestEnv;
let auth: ServiceApp;
let catalog: ServiceApp;
const admin = { username: 'tokboss', password: 'tokboss-password-1' };
const member = { email: 'token.member@example.com', password: 'member-password-1' };

beforeAll(async () => {
  env = await createTestEnv();
  auth = await buildApp(
    readConfig(env.envFor('auth', { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password })),
  );
  const port = await freePort();
  await auth.listen({ host: '127.0.0.1', port });
  catalog = await buildCatalog(
    catalogConfig(env.envFor('catalog', { AUTH_JWKS_URL: `http://127.0.0.1:${port}/.well-known/jwks.json` })),
  );
  await catalog.ready();

  await auth.inject({ method: 'POST', url: '/register/code', payload: { email: member.email } });
  const ev = await eventually(async () =>
    (
      await publishedEvents<{ email: string; code: string }>(
        env.namespace,
        'auth',
        'auth.email.code-requested',
      )
    ).find((e) => e.data.email === member.email),
  );
  const res = await auth.inject({
    method: 'POST',
    url: '/register',
    payload: {
      email: member.email,
      code: ev.data.code,
      password: member.password,
      passwordConfirm: member.password,
      firstName: 'Tok',
      lastName: 'En',
      phone: '0833333333',
    },
  });
  expect(res.statusCode).toBe(201);
});

afterAll(async () => {
  await catalog?.close();
  await auth?.close();
  await env?.cleanup();
});

async function staffSignIn(): Promise<{ token: string; id: string }> {
  const res = await auth.inject({ method: 'POST', url: '/staff/login', payload: admin });
  expect(res.statusCode).toBe(200);
  return { token: res.json().token, id: res.json().staff.id };
}

async function memberSignIn(): Promise<{ token: string; id: string }> {
  const res = await auth.inject({ method: 'POST', url: '/login', payload: member });
  expect(res.statusCode).toBe(200);
  return { token: res.json().token, id: res.json().user.id };
}

/** A staff-only route of the catalog service. */
const atCatalog = (token: string) =>
  catalog.inject({
    method: 'GET',
    url: '/admin/products',
    headers: { authorization: `Bearer ${token}` },
  });

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const parts = (token: string) => token.split('.') as [string, string, string];
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(parts(token)[1], 'base64url').toString()) as Record<string, unknown>;

describe('another service (catalog) verifies auth tokens itself', () => {
  it('accepts a good staff token from auth; a good member token is known but not allowed (403)', async () => {
    const staff = await staffSignIn();
    const ok = await atCatalog(staff.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ page: 1 });
    const m = await memberSignIn();
    expect((await atCatalog(m.token)).json()).toMatchObject({ status: 403, code: 'auth.forbidden' });
  });

  it('refuses an expired token: 401 auth.token_expired', async () => {
    const { id } = await staffSignIn();
    // signed with auth's own key (kept in its database), so only the expiry is wrong
    const keys = await SigningKeys.load(auth.kit.orm.em, '');
    const expired = await keys.sign({ sub: id, kind: 'staff', role: 'admin' }, -60);
    const res = await atCatalog(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'auth.token_expired',
      detail: 'The token has expired. Please log out and log in.',
    });
  });

  it('refuses a tampered token (claims changed, or signature altered): 401 auth.unauthenticated', async () => {
    const m = await memberSignIn();
    const [header, , signature] = parts(m.token);
    // a member promoting themselves to admin staff
    const promoted = `${header}.${b64({ ...claimsOf(m.token), kind: 'staff', role: 'admin' })}.${signature}`;
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const badSignature = `${header}.${parts(m.token)[1]}.${flipped}`;
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claimsOf(m.token), kind: 'staff', role: 'admin' })}.x`;
    for (const token of [promoted, badSignature, unsigned]) {
      const res = await atCatalog(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('auth.unauthenticated');
    }
  });

  it('refuses a token signed with another key (a test issuer; or the kid of auth on a key of its own): 401 auth.unauthenticated', async () => {
    const staff = await staffSignIn();
    const claims = { sub: staff.id, kind: 'staff' as const, role: 'admin' as const };
    const forger = await TestTokenIssuer.create();
    const { privateKey } = await generateKeyPair('EdDSA');
    const sameKid = await new SignJWT(claims)
      .setProtectedHeader({
        alg: 'EdDSA',
        kid: JSON.parse(Buffer.from(parts(staff.token)[0], 'base64url').toString()).kid,
      })
      .setIssuer('rian-auth')
      .setAudience('rian')
      .setIssuedAt()
      .setJti(crypto.randomUUID())
      .setExpirationTime('1h')
      .sign(privateKey);
    for (const forged of [await forger.sign(claims), sameKid]) {
      const res = await atCatalog(forged);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('auth.unauthenticated');
    }
  });

  it('refuses a token logged out with POST /logout (Bearer): 401 auth.token_revoked — other sessions go on', async () => {
    const session = await staffSignIn();
    const other = await staffSignIn();
    expect((await atCatalog(session.token)).statusCode).toBe(200);
    const out = await auth.inject({
      method: 'POST',
      url: '/logout',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(out.statusCode).toBe(204);
    const res = await atCatalog(session.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'auth.token_revoked',
      detail: 'เซสชันนี้ถูกยกเลิกแล้ว กรุณาเข้าสู่ระบบใหม่',
    });
    // auth itself refuses it too
    const me = await auth.inject({
      method: 'GET',
      url: '/staff/me',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.json().code).toBe('auth.token_revoked');
    expect((await atCatalog(other.token)).statusCode).toBe(200);
    // logging out again, or with a token that is not ours, is harmless
    for (const token of [session.token, 'aaa.bbb.ccc']) {
      const again = await auth.inject({
        method: 'POST',
        url: '/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(again.statusCode).toBe(204);
    }
  });

  it('refuses tokens issued before a revoked:before mark (password reset, status change), accepts newer ones', async () => {
    const staff = await staffSignIn();
    const m = await memberSignIn();
    expect((await atCatalog(staff.token)).statusCode).toBe(200);
    await revokeUserTokensBefore(auth.kit.redis, staff.id);
    await revokeUserTokensBefore(auth.kit.redis, m.id);
    expect((await atCatalog(staff.token)).json()).toMatchObject({ status: 401, code: 'auth.token_revoked' });
    // revocation is checked before the kind: the member's token is now refused as revoked, not forbidden
    expect((await atCatalog(m.token)).json()).toMatchObject({ status: 401, code: 'auth.token_revoked' });
    const meOld = await auth.inject({
      method: 'GET',
      url: '/me',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(meOld.json().code).toBe('auth.token_revoked');

    // signing in again (even within the same second as the mark) gives a token that works
    const fresh = await staffSignIn();
    expect((await atCatalog(fresh.token)).statusCode).toBe(200);
    const m2 = await memberSignIn();
    const me = await auth.inject({
      method: 'GET',
      url: '/me',
      headers: { authorization: `Bearer ${m2.token}` },
    });
    expect(me.statusCode).toBe(200);
  });
});

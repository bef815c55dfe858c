import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';

let env: TestEnv;
let app: ServiceApp;
const email = 'member@example.com';
const password = 'a-long-enough-password';

function cookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const c = list.find((v: string) => v.startsWith('auth.refresh='));
  return c?.split(';')[0]?.slice('auth.refresh='.length) || undefined;
}

beforeAll(async () => {
  env = await createTestEnv();
  app = await buildApp(
    readConfig(
      env.envFor('auth', {
        ADMIN_USERNAME: 'boss',
        ADMIN_PASSWORD: 'boss-password-1',
        SITE_URL: 'https://rian.example',
      }),
    ),
  );
  await app.ready();
  await app.inject({ method: 'POST', url: '/register/code', payload: { email } });
  const ev = await eventually(async () =>
    (
      await publishedEvents<{ email: string; code: string }>(
        env.namespace,
        'auth',
        'auth.email.code-requested',
      )
    ).find((e) => e.data.email === email),
  );
  const res = await app.inject({
    method: 'POST',
    url: '/register',
    payload: {
      email,
      code: ev.data.code,
      password,
      passwordConfirm: password,
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '0899999999',
    },
  });
  expect(res.statusCode).toBe(201);
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

const login = (p = password, e = email) =>
  app.inject({ method: 'POST', url: '/login', payload: { email: e, password: p } });

describe('sign-in and sessions', () => {
  it('logs in: Bearer token for 21600 s, the user, and an httpOnly refresh cookie on path /', async () => {
    const res = await login();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ tokenType: 'Bearer', expiresIn: 21600, user: { email, status: 'New' } });
    const raw = res.headers['set-cookie'];
    const setCookie = (Array.isArray(raw) ? raw : [String(raw)]).find((c) => c.startsWith('auth.refresh='));
    expect(setCookie).toMatch(/^auth\.refresh=/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain('SameSite=Lax');
  });

  it('a wrong password or an unknown e-mail → the same 401 message (no enumeration)', async () => {
    const wrong = await login('not-the-password');
    const unknown = await login(password, 'ghost@example.com');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'auth.invalid_credentials', detail: 'อีเมลหรือรหัสผ่านไม่ถูกต้อง' });
    }
  });

  it('me: the signed-in member with a token; 401 without; 401 with a forged one', async () => {
    const { token } = (await login()).json();
    const me = await app.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email, firstName: 'Ann', status: 'New' });
    expect((await app.inject({ method: 'GET', url: '/me' })).statusCode).toBe(401);
    const foreign = await (await TestTokenIssuer.create()).member();
    const forged = await app.inject({
      method: 'GET',
      url: '/me',
      headers: { authorization: `Bearer ${foreign}` },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('auth.unauthenticated');
  });

  it('the token verifies with the published JWKS, as another service would', async () => {
    const { token } = (await login()).json();
    const jwks = (await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as JSONWebKeySet;
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(JSON.stringify(jwks)).not.toContain('"d"');
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      issuer: 'rian-auth',
      audience: 'rian',
    });
    expect(payload).toMatchObject({ kind: 'user', email, status: 'New' });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(21600);
  });

  it('refresh rotates the cookie; presenting the old one again revokes the whole sign-in', async () => {
    const first = cookieOf(await login())!;
    const r1 = await app.inject({ method: 'POST', url: '/refresh', cookies: { 'auth.refresh': first } });
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toMatchObject({ tokenType: 'Bearer', user: { email } });
    const second = cookieOf(r1)!;
    expect(second).not.toBe(first);

    // later than the grace for a lost answer (D31): a replay
    await app.kit.orm.em
      .fork()
      .execute(
        `update refresh_tokens set replaced_at = now() - interval '1 hour' where replaced_at is not null`,
      );
    const reuse = await app.inject({ method: 'POST', url: '/refresh', cookies: { 'auth.refresh': first } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('auth.refresh_invalid');
    const afterReuse = await app.inject({
      method: 'POST',
      url: '/refresh',
      cookies: { 'auth.refresh': second },
    });
    expect(afterReuse.statusCode).toBe(401);
  });

  it('the previous cookie again within seconds of its rotation (the answer was lost): a session, the sign-in lives on', async () => {
    const first = cookieOf(await login())!;
    const r1 = await app.inject({ method: 'POST', url: '/refresh', cookies: { 'auth.refresh': first } });
    expect(r1.statusCode).toBe(200);
    // the browser navigated away before the new cookie arrived: it still holds `first`
    const again = await app.inject({ method: 'POST', url: '/refresh', cookies: { 'auth.refresh': first } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ tokenType: 'Bearer', user: { email } });
    const third = cookieOf(again)!;
    expect(third).not.toBe(first);
    expect(third).toBe(cookieOf(r1));
    const next = await app.inject({ method: 'POST', url: '/refresh', cookies: { 'auth.refresh': third } });
    expect(next.statusCode).toBe(200);
  });

  it('the old cookie replayed 8 times at once within the grace: every answer carries the one same successor (never a second branch)', async () => {
    const first = cookieOf(await login())!;
    const r1 = await app.inject({ method: 'POST', url: '/refresh', cookies: { 'auth.refresh': first } });
    const successor = cookieOf(r1)!;
    const replays = await Promise.all(
      Array.from({ length: 8 }, () =>
        app.inject({ method: 'POST', url: '/refresh', cookies: { 'auth.refresh': first } }),
      ),
    );
    for (const res of replays) {
      expect(res.statusCode).toBe(200);
      expect(cookieOf(res)).toBe(successor);
    }
    const live = (await app.kit.orm.em.fork().execute(
      `select count(*)::int as n from refresh_tokens
          where family = (select family from refresh_tokens where token_hash = encode(sha256(?::bytea), 'hex'))
            and replaced_at is null and revoked_at is null`,
      [first],
    )) as { n: number }[];
    expect(live[0]!.n).toBe(1);
  });

  it('a fresh cookie presented 8 times at once: one rotation, all 8 answers carry the same successor', async () => {
    const first = cookieOf(await login())!;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        app.inject({ method: 'POST', url: '/refresh', cookies: { 'auth.refresh': first } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => cookieOf(a))).size).toBe(1);
  });

  it('once the successor has been used, the old cookie is refused even within the grace; the sign-in lives on', async () => {
    const first = cookieOf(await login())!;
    const second = cookieOf(
      await app.inject({ method: 'POST', url: '/refresh', cookies: { 'auth.refresh': first } }),
    )!;
    const third = cookieOf(
      await app.inject({ method: 'POST', url: '/refresh', cookies: { 'auth.refresh': second } }),
    )!;
    const replay = await app.inject({ method: 'POST', url: '/refresh', cookies: { 'auth.refresh': first } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('auth.refresh_invalid');
    const owner = await app.inject({ method: 'POST', url: '/refresh', cookies: { 'auth.refresh': third } });
    expect(owner.statusCode).toBe(200);
  });

  it('logout revokes the refresh token and clears the cookie', async () => {
    const c = cookieOf(await login())!;
    const out = await app.inject({ method: 'POST', url: '/logout', cookies: { 'auth.refresh': c } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/auth\.refresh=;/);
    const again = await app.inject({ method: 'POST', url: '/refresh', cookies: { 'auth.refresh': c } });
    expect(again.statusCode).toBe(401);
  });
});

describe('refresh and logout only from our own site (issue 11 §9)', () => {
  const refresh = (cookie: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/refresh', cookies: { 'auth.refresh': cookie }, headers });
  const logout = (cookie: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/logout', cookies: { 'auth.refresh': cookie }, headers });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['no Origin, a foreign Referer', { referer: 'https://evil.example/page' }],
    ['no Origin, Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('%s → 403 auth.origin_refused; nothing rotated, nothing revoked', async (_, headers) => {
    const cookie = cookieOf(await login())!;
    for (const res of [await refresh(cookie, headers), await logout(cookie, headers)]) {
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'auth.origin_refused', detail: 'คำขอนี้ไม่ได้มาจากเว็บไซต์ Rian' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // the cookie was neither rotated nor revoked
    const rows = (await app.kit.orm.em
      .fork()
      .execute(
        `select replaced_at, revoked_at from refresh_tokens where token_hash = encode(sha256(?::bytea), 'hex')`,
        [cookie],
      )) as { replaced_at: Date | null; revoked_at: Date | null }[];
    expect(rows).toEqual([{ replaced_at: null, revoked_at: null }]);
    expect((await refresh(cookie, {})).statusCode).toBe(200);
  });

  it.each([
    ['the request’s own origin', { origin: 'http://localhost' }],
    ['SITE_URL', { origin: 'https://rian.example' }],
    ['no Origin, Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['no Origin, our Referer', { referer: 'https://rian.example/member' }],
    ['no browser headers at all (a server or script)', {}],
  ])('%s → refresh and logout work', async (_, headers) => {
    const cookie = cookieOf(await login())!;
    const r = await refresh(cookie, headers);
    expect(r.statusCode).toBe(200);
    expect((await logout(cookieOf(r)!, headers)).statusCode).toBe(204);
  });
});

describe('staff (personnel) sign-in', () => {
  it('the account seeded from ADMIN_USERNAME / ADMIN_PASSWORD logs in as admin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/staff/login',
      payload: { username: 'boss', password: 'boss-password-1' },
    });
    expect(res.statusCode).toBe(200);
    const { token, staff } = res.json();
    expect(staff).toMatchObject({ username: 'boss', role: 'admin' });
    const me = await app.inject({
      method: 'GET',
      url: '/staff/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().staff.username).toBe('boss');
    // a staff token is not a member's
    const asMember = await app.inject({
      method: 'GET',
      url: '/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asMember.statusCode).toBe(403);
  });

  it('a wrong password shows the server message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/staff/login',
      payload: { username: 'boss', password: 'nope-nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'auth.staff_invalid_credentials',
      detail: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
    });
  });

  it('a member token cannot read /staff/me', async () => {
    const { token } = (await login()).json();
    const res = await app.inject({
      method: 'GET',
      url: '/staff/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(403);
  });

  it('the seed runs once, however often the service starts', async () => {
    const second = await buildApp(
      readConfig(env.envFor('auth', { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'boss-password-1' })),
    );
    await second.ready();
    await second.close();
    const rows = (await app.kit.orm.em
      .fork()
      .execute(`select count(*)::int as n from personnel where username = 'boss'`)) as {
      n: number;
    }[];
    expect(rows[0]!.n).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { FakeFacebook } from './fakes/facebook.js';

/**
 * The authorisation matrix of the auth service (issue 3 acceptance): for every route, what each kind
 * of caller gets. The table is the intended access; the test sends every request and compares.
 * A route the service serves but the table lacks (or the reverse) fails the test, so the table
 * cannot fall behind the routes.
 *
 * - allowed: the route's own logic answered (2xx, or its own 4xx such as a wrong password) —
 *   never an access refusal, never a 5xx;
 * - 401: `auth.unauthenticated` (no token, or not one that counts);
 * - 403: `auth.forbidden` (signed in, but the wrong kind or role);
 * - 404: another member's resource answers as if it did not exist (no auth route takes a member's
 *   id today: members reach their own data through /me and /addresses only — see the last test).
 *
 * Requests carry valid bodies: schema validation runs before the guards, so an invalid body would
 * get 400 before the question of access is asked.
 */
type Access = 'allowed' | 401 | 403 | 404;
const ROLES = ['anonymous', 'member', 'otherMember', 'staff', 'admin'] as const;
type Role = (typeof ROLES)[number];

interface Ctx {
  member: { id: string; email: string; password: string };
  victimStaffId: string;
  admin: { username: string; password: string };
}

interface Row {
  /** "METHOD /path" as the route is declared */
  route: string;
  /** the concrete URL, when the path has parameters or a query */
  url?: (ctx: Ctx) => string;
  body?: (role: Role, ctx: Ctx) => object;
  /** anonymous, member, other member, staff, admin */
  access: [Access, Access, Access, Access, Access];
}

const A = 'allowed' as const;
const PUBLIC: Row['access'] = [A, A, A, A, A];
const MEMBER: Row['access'] = [401, A, A, 403, 403];
const STAFF: Row['access'] = [401, 403, 403, A, A];
const ADMIN: Row['access'] = [401, 403, 403, 403, A];

const unknownEmail = (role: Role) => `matrix-${role.toLowerCase()}@example.com`;
const address = {
  fullname: 'Matrix Person',
  tel: '0812345678',
  address: '1 Matrix Road',
  provinceId: 10,
  districtId: 1027,
  subDistrictId: 1027003,
};

const MATRIX: Row[] = [
  // public: keys, configuration, reference lists
  { route: 'GET /.well-known/jwks.json', access: PUBLIC },
  { route: 'GET /public-config', access: PUBLIC },
  { route: 'GET /reference/provinces', access: PUBLIC },
  { route: 'GET /reference/districts', url: () => '/reference/districts?provinceId=10', access: PUBLIC },
  {
    route: 'GET /reference/sub-districts',
    url: () => '/reference/sub-districts?districtId=1001',
    access: PUBLIC,
  },
  // registration
  { route: 'POST /register/check-email', body: (r) => ({ email: unknownEmail(r) }), access: PUBLIC },
  { route: 'POST /register/code', body: (r) => ({ email: unknownEmail(r) }), access: PUBLIC },
  {
    route: 'POST /register',
    body: (r) => ({
      email: unknownEmail(r),
      code: '0000',
      password: 'matrix-password-1',
      passwordConfirm: 'matrix-password-1',
      firstName: 'Matrix',
      lastName: 'Row',
      phone: '0800000000',
    }),
    access: PUBLIC,
  },
  // sessions
  {
    route: 'POST /login',
    body: (_r, c) => ({ email: c.member.email, password: c.member.password }),
    access: PUBLIC,
  },
  { route: 'POST /refresh', access: PUBLIC },
  { route: 'GET /me', access: MEMBER },
  { route: 'PATCH /me', body: () => ({ nickname: 'Matrix' }), access: MEMBER },
  { route: 'PUT /me/locale', body: () => ({ locale: 'en' }), access: MEMBER },
  { route: 'POST /staff/login', body: (_r, c) => c.admin, access: PUBLIC },
  { route: 'GET /staff/me', access: STAFF },
  // password
  { route: 'POST /password/check-email', body: (_r, c) => ({ email: c.member.email }), access: PUBLIC },
  { route: 'POST /password/code', body: (r) => ({ email: unknownEmail(r) }), access: PUBLIC },
  {
    route: 'POST /password/reset',
    body: (r) => ({
      email: unknownEmail(r),
      code: '0000',
      password: 'matrix-password-2',
      passwordConfirm: 'matrix-password-2',
    }),
    access: PUBLIC,
  },
  // Facebook: signing in is public; connecting links to the signed-in member, so staff are refused
  { route: 'POST /facebook/login', body: () => ({ accessToken: 'EAAnot-a-real-token' }), access: PUBLIC },
  {
    route: 'POST /facebook/connect',
    body: () => ({ accessToken: 'EAAnot-a-real-token' }),
    access: [A, A, A, 403, 403],
  },
  // LINE for members (issue 20): the signed-in member's own link only (not configured here: 404s)
  { route: 'GET /me/line', access: MEMBER },
  { route: 'POST /me/line/start', access: MEMBER },
  { route: 'POST /me/line/callback', body: () => ({ code: 'matrix', state: 'matrix' }), access: MEMBER },
  { route: 'DELETE /me/line', access: MEMBER },
  // the member's own addresses
  { route: 'GET /addresses', access: MEMBER },
  {
    route: 'PUT /addresses/:format/:type',
    url: () => '/addresses/delivery/person',
    body: () => address,
    access: MEMBER,
  },
  { route: 'DELETE /addresses/:format/:type', url: () => '/addresses/delivery/person', access: MEMBER },
  // back office: users (any staff)
  { route: 'GET /admin/users', access: STAFF },
  { route: 'GET /admin/users/:id', url: (c) => `/admin/users/${c.member.id}`, access: STAFF },
  {
    route: 'PATCH /admin/users/:id',
    url: (c) => `/admin/users/${c.member.id}`,
    // not status or membership codes: those would revoke the member's token used by later rows
    body: () => ({ nickname: 'Checked' }),
    access: STAFF,
  },
  { route: 'GET /admin/users/:id/changes', url: (c) => `/admin/users/${c.member.id}/changes`, access: STAFF },
  {
    route: 'GET /admin/users/:id/addresses',
    url: (c) => `/admin/users/${c.member.id}/addresses`,
    access: STAFF,
  },
  // back office: personnel (admin only)
  { route: 'GET /admin/personnel', access: ADMIN },
  { route: 'GET /admin/personnel/:id', url: (c) => `/admin/personnel/${c.victimStaffId}`, access: ADMIN },
  {
    route: 'POST /admin/personnel',
    body: (r) => ({ username: `matrix-new-${r}`, password: 'matrix-password-3', name: 'New', role: 'staff' }),
    access: ADMIN,
  },
  {
    route: 'PUT /admin/personnel/:id',
    url: (c) => `/admin/personnel/${c.victimStaffId}`,
    body: () => ({ username: 'matrix-victim', name: 'Victim', role: 'staff' }),
    access: ADMIN,
  },
  { route: 'DELETE /admin/personnel/:id', url: (c) => `/admin/personnel/${c.victimStaffId}`, access: ADMIN },
  // last: logging out with a Bearer token revokes that token for every later request
  { route: 'POST /logout', access: PUBLIC },
];

const ACCESS_CODES: Record<401 | 403, string> = { 401: 'auth.unauthenticated', 403: 'auth.forbidden' };

let env: TestEnv;
let app: ServiceApp;
let fb: FakeFacebook;
let ctx: Ctx;
const tokens: Partial<Record<Role, string>> = {};
const admin = { username: 'matrixboss', password: 'matrix-boss-password' };

async function registerAndLogin(email: string, password: string): Promise<{ id: string; token: string }> {
  expect((await app.inject({ method: 'POST', url: '/register/code', payload: { email } })).statusCode).toBe(
    202,
  );
  const ev = await eventually(async () =>
    (
      await publishedEvents<{ email: string; code: string }>(
        env.namespace,
        'auth',
        'auth.email.code-requested',
      )
    ).find((e) => e.data.email === email),
  );
  const reg = await app.inject({
    method: 'POST',
    url: '/register',
    payload: {
      email,
      code: ev.data.code,
      password,
      passwordConfirm: password,
      firstName: 'Matrix',
      lastName: 'Member',
      phone: '0899999999',
    },
  });
  expect(reg.statusCode).toBe(201);
  const res = await app.inject({ method: 'POST', url: '/login', payload: { email, password } });
  return { id: res.json().user.id, token: res.json().token };
}

async function staffToken(username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/staff/login', payload: { username, password } });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

async function createStaff(username: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/admin/personnel',
    headers: { authorization: `Bearer ${tokens.admin}` },
    payload: { username, password: 'matrix-staff-password', name: username, role: 'staff' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

beforeAll(async () => {
  env = await createTestEnv();
  fb = new FakeFacebook();
  await fb.start();
  app = await buildApp(
    readConfig(
      env.envFor('auth', {
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        FACEBOOK_APP_ID: fb.appId,
        FACEBOOK_APP_SECRET: fb.appSecret,
        FACEBOOK_GRAPH_URL: fb.url,
        FACEBOOK_DIALOG_URL: fb.dialogUrl,
      }),
    ),
  );
  await app.ready();
  const member = { email: 'matrix.member@example.com', password: 'member-password-1' };
  const first = await registerAndLogin(member.email, member.password);
  const other = await registerAndLogin('matrix.other@example.com', 'member-password-2');
  tokens.member = first.token;
  tokens.otherMember = other.token;
  tokens.admin = await staffToken(admin.username, admin.password);
  await createStaff('matrix-staff');
  tokens.staff = await staffToken('matrix-staff', 'matrix-staff-password');
  ctx = { member: { ...member, id: first.id }, victimStaffId: await createStaff('matrix-victim'), admin };
});

afterAll(async () => {
  await app?.close();
  await fb?.stop();
  await env?.cleanup();
});

/** "GET /admin/users/{id}" (OpenAPI) → "GET /admin/users/:id" (as declared). */
const declared = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;

describe('authorisation matrix of the auth service', () => {
  it('the table lists exactly the routes the service serves', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => declared(m, path)),
    );
    expect([...MATRIX.map((r) => r.route)].sort()).toEqual([...served].sort());
  });

  it('every route gives anonymous / member / other member / staff / admin exactly the access intended', async () => {
    const mismatches: string[] = [];
    for (const row of MATRIX) {
      const [method, path] = row.route.split(' ') as [string, string];
      for (const [i, role] of ROLES.entries()) {
        const token = tokens[role];
        const body = row.body?.(role, ctx);
        const res = await app.inject({
          method: method as 'GET',
          url: row.url?.(ctx) ?? path,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            // its own address per caller, so no caller's failures lock out another
            'x-forwarded-for': `10.20.0.${i + 1}`,
          },
          ...(body ? { payload: body } : {}),
        });
        const expected = row.access[i]!;
        const code = res.statusCode >= 400 ? (res.json() as { code?: string }).code : undefined;
        const got =
          expected === 'allowed'
            ? res.statusCode < 500 && code !== ACCESS_CODES[401] && code !== ACCESS_CODES[403]
            : expected === 404
              ? res.statusCode === 404
              : res.statusCode === expected && code === ACCESS_CODES[expected];
        if (!got) {
          mismatches.push(
            `${row.route} as ${role}: expected ${expected}, got ${res.statusCode} ${code ?? ''}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('each member reaches only their own data: /me and /addresses answer for the caller', async () => {
    // the matrix logged everyone out at its end: sign in again
    const login = async (email: string, password: string) =>
      (await app.inject({ method: 'POST', url: '/login', payload: { email, password } })).json()
        .token as string;
    const mine = await login(ctx.member.email, ctx.member.password);
    const theirs = await login('matrix.other@example.com', 'member-password-2');
    const as = (token: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
    const put = await as(mine, 'PUT', '/addresses/current/person', address);
    expect(put.statusCode).toBe(200);
    expect((await as(mine, 'GET', '/me')).json().user.id).toBe(ctx.member.id);
    expect((await as(theirs, 'GET', '/me')).json().user.email).toBe('matrix.other@example.com');
    expect((await as(mine, 'GET', '/addresses')).json()).toHaveLength(1);
    expect((await as(theirs, 'GET', '/addresses')).json()).toEqual([]);
  });
});

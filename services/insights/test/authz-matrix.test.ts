import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { startInsights } from './helpers.js';

/**
 * The authorisation matrix of the insights service (issue 20): every route it serves, what each
 * kind of caller gets. A route served but missing from the table (or the reverse) fails the test.
 * allowed: 2xx or the route's own 4xx; 401 `auth.unauthenticated`; 403 `auth.forbidden`.
 */
type Access = 'allowed' | 401 | 403;
const ROLES = ['anonymous', 'member', 'staff', 'admin'] as const;
const A = 'allowed' as const;
const STAFF: Access[] = [401, 403, A, A];
const ACCESS_CODES: Record<401 | 403, string> = { 401: 'auth.unauthenticated', 403: 'auth.forbidden' };

const MATRIX: { route: string; url: string; access: Access[] }[] = [
  {
    route: 'GET /admin/dashboard',
    url: '/admin/dashboard?from=2026-03-01&to=2026-03-31&bucket=week',
    access: STAFF,
  },
];

let env: TestEnv;
let app: ServiceApp;
const tokens: Record<(typeof ROLES)[number], string | undefined> = {
  anonymous: undefined,
  member: undefined,
  staff: undefined,
  admin: undefined,
};

beforeAll(async () => {
  env = await createTestEnv();
  const issuer = await TestTokenIssuer.create();
  app = await startInsights(env, issuer);
  tokens.member = await issuer.member();
  tokens.staff = await issuer.staff('staff');
  tokens.admin = await issuer.staff('admin');
});
afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('authorisation matrix of the insights service', () => {
  it('the table lists exactly the routes the service serves', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    expect(MATRIX.map((r) => r.route).sort()).toEqual([...served].sort());
  });

  it('every route gives anonymous / member / staff / admin exactly the access intended', async () => {
    const mismatches: string[] = [];
    for (const row of MATRIX) {
      const method = row.route.split(' ')[0] as 'GET';
      for (const [i, role] of ROLES.entries()) {
        const token = tokens[role];
        const res = await app.inject({
          method,
          url: row.url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        const expected = row.access[i]!;
        const code = res.statusCode >= 400 ? (res.json() as { code?: string }).code : undefined;
        const ok =
          expected === 'allowed'
            ? res.statusCode < 500 && ![401, 403].includes(res.statusCode)
            : res.statusCode === expected && code === ACCESS_CODES[expected];
        if (!ok)
          mismatches.push(
            `${row.route} as ${role}: expected ${expected}, got ${res.statusCode} ${code ?? ''}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { addProduct, bookingBody, LUMPHINI, multipartBody, startBookings, TINY_PNG } from './helpers.js';

/**
 * The authorisation matrix of the bookings service (issue 17): for every route, what each kind of
 * caller gets. The table is the intended access; the test sends every request and compares. A
 * route the service serves but the table lacks (or the reverse) fails the test.
 *
 * Callers: anonymous; a member; staff; admin.
 * - allowed: the route's own logic answered (2xx, or its own 4xx such as 409 for a key used) —
 *   never an access refusal, never a 5xx;
 * - 401: `auth.unauthenticated`; 403: `auth.forbidden` (the wrong kind of caller).
 * Requests carry valid bodies: schema validation runs before the guards.
 */
type Access = 'allowed' | 401 | 403;
const ROLES = ['anonymous', 'member', 'staff', 'admin'] as const;
type Role = (typeof ROLES)[number];

interface Ctx {
  productId: string;
  keyId: string;
  keyCode: string;
  /** a booking with a slip, and one per role for the delete row */
  booking: string;
  spare: Record<Role, string>;
  slipImage: string;
}

interface Row {
  route: string;
  url?: (ctx: Ctx, role: Role) => string;
  body?: (role: Role, ctx: Ctx) => object;
  /** a body that is not JSON (multipart) */
  raw?: (ctx: Ctx) => { payload: Buffer; headers: Record<string, string> };
  access: [Access, Access, Access, Access];
}

const A = 'allowed' as const;
const PUBLIC: Row['access'] = [A, A, A, A];
const STAFF: Row['access'] = [401, 403, A, A];
const MEMBER: Row['access'] = [401, A, 403, 403];
const ACCESS_CODES: Record<401 | 403, string> = { 401: 'auth.unauthenticated', 403: 'auth.forbidden' };

const MATRIX: Row[] = [
  // the public booking form
  {
    route: 'POST /bookings/key-check',
    body: (_r, c) => ({ key: c.keyCode, email: 'who@example.com' }),
    access: PUBLIC,
  },
  {
    route: 'POST /bookings',
    body: (r, c) => bookingBody(c.keyCode, `${r}-${uuidv7()}@example.com`),
    access: PUBLIC,
  },
  {
    route: 'POST /bookings/slips',
    raw: (c) =>
      multipartBody([
        { name: 'key', value: c.keyCode },
        { name: 'slip', file: TINY_PNG, filename: 's.png', type: 'image/png' },
      ]),
    access: PUBLIC,
  },
  // the signed link is the authorisation: whoever holds it (staff were given it) may read
  { route: 'GET /bookings/slip-images/:slipId', url: (c) => c.slipImage, access: PUBLIC },
  // staff: keys
  { route: 'GET /admin/booking-keys', access: STAFF },
  { route: 'GET /admin/booking-keys/:id', url: (c) => `/admin/booking-keys/${c.keyId}`, access: STAFF },
  { route: 'POST /admin/booking-keys', body: (_r, c) => ({ productId: c.productId }), access: STAFF },
  {
    route: 'PATCH /admin/booking-keys/:id',
    url: (c) => `/admin/booking-keys/${c.keyId}`,
    body: () => ({ limit: 500 }),
    access: STAFF,
  },
  // staff: bookings
  { route: 'GET /admin/bookings', access: STAFF },
  { route: 'GET /admin/bookings/:id', url: (c) => `/admin/bookings/${c.booking}`, access: STAFF },
  {
    route: 'PUT /admin/bookings/:id',
    url: (c) => `/admin/bookings/${c.booking}`,
    body: () => ({ note: 'matrix' }),
    access: STAFF,
  },
  { route: 'DELETE /admin/bookings/:id', url: (c, r) => `/admin/bookings/${c.spare[r]}`, access: STAFF },
  { route: 'POST /admin/bookings/wait', body: (_r, c) => ({ ids: [c.booking] }), access: STAFF },
  { route: 'POST /admin/bookings/confirm', body: (_r, c) => ({ ids: [c.booking] }), access: STAFF },
  {
    route: 'POST /admin/bookings/:id/mail',
    url: (c) => `/admin/bookings/${c.booking}/mail`,
    body: () => ({}),
    access: STAFF,
  },
  { route: 'GET /admin/bookings/:id/slip', url: (c) => `/admin/bookings/${c.booking}/slip`, access: STAFF },
  {
    route: 'GET /admin/bookings/export',
    url: (c) => `/admin/bookings/export?productId=${c.productId}`,
    access: STAFF,
  },
  // a member's book deliveries: their own only (another's order answers 404, the route's own answer)
  { route: 'GET /member/book-deliveries', access: MEMBER },
  {
    route: 'PUT /member/book-deliveries/:orderId',
    url: () => `/member/book-deliveries/${uuidv7()}`,
    body: () => ({ fullname: 'สมหญิง ใจดี', tel: '0812345678', ...LUMPHINI }),
    access: MEMBER,
  },
];

let env: TestEnv;
let app: ServiceApp;
let ctx: Ctx;
const tokens: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  env = await createTestEnv();
  const issuer = await TestTokenIssuer.create();
  app = await startBookings(env, issuer, { env: { BOOKINGS_REQUESTS_PER_WINDOW: '100000' } });
  tokens.member = await issuer.member();
  tokens.staff = await issuer.staff('staff');
  tokens.admin = await issuer.staff('admin');
  const productId = await addProduct(app);
  const key = await app.bookingKeys.create({ productId, limit: 1000 }, null);
  const slip = await app.bookingSlips.keep(key.id, TINY_PNG);
  const make = async (email: string, withSlip = false) =>
    (
      await app.bookings.create(
        bookingBody(
          key.code,
          email,
          withSlip
            ? { slip: { id: slip.id, amount: 100, paymentDate: '2026-11-01', paymentTime: '10:00' } }
            : {},
        ) as never,
        undefined,
        '127.0.0.1',
      )
    ).id;
  const booking = await make('matrix@example.com', true);
  const spare = Object.fromEntries(
    await Promise.all(ROLES.map(async (r) => [r, await make(`spare-${r}@example.com`)] as const)),
  ) as Record<Role, string>;
  const link = await app.bookings.slipLink(booking);
  ctx = {
    productId,
    keyId: key.id,
    keyCode: key.code,
    booking,
    spare,
    slipImage: link.url.replace(/^\/api\/bookings/, ''),
  };
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

/** "GET /admin/bookings/{id}" (OpenAPI) → "GET /admin/bookings/:id" (as declared). */
const declared = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;

describe('authorisation matrix of the bookings service', () => {
  it('the table lists exactly the routes the service serves', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => declared(m, path)),
    );
    expect(MATRIX.map((r) => r.route).sort()).toEqual([...served].sort());
  });

  it('every route gives anonymous / member / staff / admin exactly the access intended', async () => {
    const mismatches: string[] = [];
    for (const row of MATRIX) {
      const [method, path] = row.route.split(' ') as [string, string];
      for (const [i, role] of ROLES.entries()) {
        const token = tokens[role];
        const auth = token ? { authorization: `Bearer ${token}` } : {};
        const body = row.body?.(role, ctx);
        const raw = row.raw?.(ctx);
        const res = await app.inject({
          method: method as 'GET',
          url: row.url?.(ctx, role) ?? path,
          headers: { ...auth, ...(raw?.headers ?? {}) },
          ...(raw ? { payload: raw.payload } : body ? { payload: body } : {}),
        });
        const expected = row.access[i]!;
        const code = res.statusCode >= 400 ? (res.json() as { code?: string }).code : undefined;
        const got =
          expected === 'allowed'
            ? res.statusCode < 400 || (res.statusCode < 500 && ![401, 403].includes(res.statusCode))
            : res.statusCode === expected && code === ACCESS_CODES[expected];
        if (!got)
          mismatches.push(
            `${row.route} as ${role}: expected ${expected}, got ${res.statusCode} ${code ?? ''}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });
});

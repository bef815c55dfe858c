import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, publishedEvents, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import {
  ADMIN,
  bearer,
  createStaff,
  memberLogin,
  registerMember,
  staffLogin,
  startAuth,
  type Member,
} from './support/backoffice.js';

let env: TestEnv;
let app: ServiceApp;
let ann: Member;
let ben: Member;
let adminToken: string;
let clerk: { id: string; token: string };

beforeAll(async () => {
  ({ env, app } = await startAuth());
  ann = await registerMember(app, env, 'ann.lee@example.com', {
    firstName: 'Ann',
    lastName: 'Lee',
    phone: '0811111111',
  });
  ben = await registerMember(app, env, 'ben.ng@example.com', {
    firstName: 'Ben',
    lastName: 'Ng',
    phone: '0822222222',
  });
  adminToken = await staffLogin(app, ADMIN.username, ADMIN.password);
  clerk = await createStaff(app, adminToken, 'clerk', 'staff');
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

const as = (token: string | undefined, method: 'GET' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });

interface ChangeRow {
  field: string;
  before: unknown;
  after: unknown;
  changedBy: { id: string; kind: string; name: string | null };
  changedAt: string;
}
const changesOf = async (userId: string, query = '') => {
  const res = await as(adminToken, 'GET', `/admin/users/${userId}/changes${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: ChangeRow[]; total: number; page: number; pageSize: number };
};

describe('who may use the back office of users', () => {
  it('anonymous 401, a member 403, staff and admin 200 — on every route', async () => {
    const routes: ['GET' | 'PATCH', string, object?][] = [
      ['GET', '/admin/users'],
      ['GET', `/admin/users/${ben.id}`],
      ['PATCH', `/admin/users/${ben.id}`, { nickname: 'เบน' }],
      ['GET', `/admin/users/${ben.id}/changes`],
      ['GET', `/admin/users/${ben.id}/addresses`],
    ];
    const table: [string, string | undefined, number][] = [
      ['anonymous', undefined, 401],
      ['member', ann.token, 403],
      ['staff', clerk.token, 200],
      ['admin', adminToken, 200],
    ];
    for (const [method, url, payload] of routes) {
      for (const [who, token, status] of table) {
        const res = await as(token, method, url, payload);
        expect(`${who} ${method} ${url} → ${res.statusCode}`).toBe(`${who} ${method} ${url} → ${status}`);
      }
    }
  });
});

describe('search and view users', () => {
  it('q matches e-mail, names, phone and member code; status and membership filters; paging', async () => {
    const emails = async (query: string) => {
      const res = await as(clerk.token, 'GET', `/admin/users?${query}`);
      expect(res.statusCode).toBe(200);
      return (res.json().items as { email: string }[]).map((u) => u.email);
    };
    expect(await emails('q=ANN.LEE')).toEqual([ann.email]);
    expect(await emails('q=Ng')).toEqual([ben.email]);
    expect(await emails('q=0822222222')).toEqual([ben.email]);
    const annView = (await as(clerk.token, 'GET', `/admin/users/${ann.id}`)).json().user;
    expect(await emails(`q=${annView.memberCode}`)).toEqual([ann.email]);
    expect(await emails('q=%25')).toEqual([]); // a literal %, not a wildcard
    expect(await emails('sort=email')).toEqual([ann.email, ben.email]);
    expect(await emails('sort=-email')).toEqual([ben.email, ann.email]);
    expect(await emails('status=Premium')).toEqual([]);

    const page = await as(clerk.token, 'GET', '/admin/users?pageSize=1&page=2&sort=email');
    expect(page.json()).toMatchObject({ page: 2, pageSize: 1, total: 2, items: [{ email: ben.email }] });

    await as(clerk.token, 'PATCH', `/admin/users/${ann.id}`, { membershipCodes: ['NL'] });
    expect(await emails('membershipCode=NL')).toEqual([ann.email]);
    expect(await emails('membershipCode=SPTR')).toEqual([]);
  });

  it('bad queries → 400', async () => {
    for (const q of ['status=Gold', 'membershipCode=XYZ', 'pageSize=101', 'sort=password']) {
      const res = await as(clerk.token, 'GET', `/admin/users?${q}`);
      expect(`${q} → ${res.statusCode}`).toBe(`${q} → 400`);
    }
  });

  it('one user with their addresses; an unknown id → 404, a malformed one → 400', async () => {
    const res = await as(clerk.token, 'GET', `/admin/users/${ann.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: ann.id, email: ann.email, firstName: 'Ann' },
      addresses: [],
    });
    expect(JSON.stringify(res.json())).not.toMatch(/password/i);
    const missing = await as(clerk.token, 'GET', `/admin/users/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'auth.user_not_found', detail: 'ไม่พบผู้ใช้นี้' });
    expect((await as(clerk.token, 'GET', '/admin/users/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('editing a user: recorded, announced, older tokens ended', () => {
  it('status New → Premium: audit row, auth.user.status-changed, the member’s old token refused', async () => {
    const oldToken = await memberLogin(app, ben.email, ben.password);
    expect((await as(oldToken, 'GET', '/me')).statusCode).toBe(200);

    const before = Date.now();
    const res = await as(clerk.token, 'PATCH', `/admin/users/${ben.id}`, { status: 'Premium' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: ben.id, status: 'Premium' });

    const { items } = await changesOf(ben.id);
    expect(items[0]).toMatchObject({
      field: 'status',
      before: 'New',
      after: 'Premium',
      changedBy: { id: clerk.id, kind: 'staff', name: 'clerk' },
    });
    expect(Date.parse(items[0]!.changedAt)).toBeGreaterThanOrEqual(before - 1000);

    const event = await eventually(async () =>
      (
        await publishedEvents<Record<string, unknown>>(env.namespace, 'auth', 'auth.user.status-changed')
      ).find((e) => e.data.userId === ben.id),
    );
    expect(event).toMatchObject({ type: 'auth.user.status-changed', version: 1, source: 'auth' });
    expect(event.data).toMatchObject({ userId: ben.id, from: 'New', to: 'Premium', changedBy: clerk.id });

    // auth writes the mark every service checks; the token from before the change is refused
    const mark = Number(await app.kit.redis.get(`revoked:before:${ben.id}`));
    expect(mark * 1000).toBeGreaterThanOrEqual(before - 1000);
    const stale = await as(oldToken, 'GET', '/me');
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe('auth.token_revoked');
    // a new sign-in carries the new status
    const fresh = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: ben.email, password: ben.password },
    });
    expect(fresh.json().user.status).toBe('Premium');
    expect((await as(fresh.json().token, 'GET', '/me')).statusCode).toBe(200);
  });

  it('membership codes: auth.user.membership-changed with the whole new list', async () => {
    const res = await as(adminToken, 'PATCH', `/admin/users/${ben.id}`, { membershipCodes: ['CG1', 'SPTR'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.membershipCodes).toEqual(['SPTR', 'CG1']);
    const event = await eventually(async () =>
      (
        await publishedEvents<Record<string, unknown>>(env.namespace, 'auth', 'auth.user.membership-changed')
      ).find((e) => e.data.userId === ben.id),
    );
    expect(event.data).toMatchObject({ userId: ben.id, membershipCodes: ['SPTR', 'CG1'] });
    const { items } = await changesOf(ben.id);
    expect(items[0]).toMatchObject({
      field: 'membershipCodes',
      before: [],
      after: ['SPTR', 'CG1'],
      changedBy: { kind: 'staff', name: ADMIN.username },
    });
  });

  it('codes outside the list, a bad status or phone, an empty body → 400, nothing recorded', async () => {
    const { total } = await changesOf(ben.id);
    for (const body of [
      { membershipCodes: ['GOLD'] },
      { membershipCodes: ['SPTR', 'SPTR'] },
      { status: 'Gold' },
      { phone: '12345' },
      { firstName: '' },
      {},
    ]) {
      const res = await as(clerk.token, 'PATCH', `/admin/users/${ben.id}`, body);
      expect(`${JSON.stringify(body)} → ${res.statusCode}`).toBe(`${JSON.stringify(body)} → 400`);
      expect(res.json().code).toBe('validation.failed');
    }
    expect((await changesOf(ben.id)).total).toBe(total);
    const user = (await as(clerk.token, 'GET', `/admin/users/${ben.id}`)).json().user;
    expect(user).toMatchObject({ status: 'Premium', membershipCodes: ['SPTR', 'CG1'], phone: '0822222222' });
  });

  it('names, nickname and phone: one row per changed field; unchanged values record nothing', async () => {
    const { total } = await changesOf(ben.id);
    const res = await as(clerk.token, 'PATCH', `/admin/users/${ben.id}`, {
      firstName: ' Benjamin ',
      lastName: 'Ng',
      nickname: 'Benz',
      phone: '0833333333',
      status: 'Premium',
    });
    expect(res.json().user).toMatchObject({ firstName: 'Benjamin', nickname: 'Benz', phone: '0833333333' });
    const after = await changesOf(ben.id);
    expect(after.total).toBe(total + 3);
    expect(after.items.slice(0, 3).map((c) => [c.field, c.before, c.after])).toEqual(
      expect.arrayContaining([
        ['firstName', 'Ben', 'Benjamin'],
        ['nickname', 'เบน', 'Benz'], // set by the authorisation test above
        ['phone', '0822222222', '0833333333'],
      ]),
    );
    // clearing the nickname with ""
    await as(clerk.token, 'PATCH', `/admin/users/${ben.id}`, { nickname: '' });
    expect((await changesOf(ben.id)).items[0]).toMatchObject({
      field: 'nickname',
      before: 'Benz',
      after: null,
    });
  });

  it('changes are paged, newest first', async () => {
    const all = await changesOf(ben.id);
    const page2 = await changesOf(ben.id, '?page=2&pageSize=2');
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: all.total });
    expect(page2.items).toEqual(all.items.slice(2, 4));
    const unknown = await as(clerk.token, 'GET', `/admin/users/${crypto.randomUUID()}/changes`);
    expect(unknown.statusCode).toBe(404);
    const patchUnknown = await as(clerk.token, 'PATCH', `/admin/users/${crypto.randomUUID()}`, {
      status: 'Wait',
    });
    expect(patchUnknown.statusCode).toBe(404);
  });
});

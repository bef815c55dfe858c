import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { ADMIN, bearer, createStaff, registerMember, staffLogin, startAuth } from './support/backoffice.js';

let env: TestEnv;
let app: ServiceApp;
let adminToken: string;
let adminId: string;
let memberToken: string;
let clerk: { id: string; token: string };

beforeAll(async () => {
  ({ env, app } = await startAuth());
  adminToken = await staffLogin(app, ADMIN.username, ADMIN.password);
  adminId = (await app.inject({ method: 'GET', url: '/staff/me', headers: bearer(adminToken) })).json().staff
    .id;
  memberToken = (await registerMember(app, env, 'member@example.com')).token;
  clerk = await createStaff(app, adminToken, 'clerk', 'staff');
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string | undefined, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });
const login = (username: string, password: string) =>
  app.inject({ method: 'POST', url: '/staff/login', payload: { username, password } });

const somchai = {
  username: 'somchai',
  password: 'somchai-secret-1',
  name: 'สมชาย',
  lastName: 'ใจดี',
  nickname: 'ชาย',
  tel: '0891234567',
  position: 'ฝ่ายขาย',
  role: 'staff',
};

describe('who may manage personnel: admins only', () => {
  it('anonymous 401, member 403, staff 403, admin allowed — on every route', async () => {
    const victim = await createStaff(app, adminToken, 'victim', 'staff');
    const body = { username: 'matrix', password: 'matrix-password', name: 'Matrix', role: 'staff' };
    const routes: [Method, string, object | undefined, number][] = [
      ['GET', '/admin/personnel', undefined, 200],
      ['GET', `/admin/personnel/${clerk.id}`, undefined, 200],
      ['POST', '/admin/personnel', body, 201],
      ['PUT', `/admin/personnel/${victim.id}`, { username: 'victim', name: 'Victim', role: 'staff' }, 200],
      ['DELETE', `/admin/personnel/${victim.id}`, undefined, 204],
    ];
    for (const [method, url, payload, adminStatus] of routes) {
      const table: [string, string | undefined, number][] = [
        ['anonymous', undefined, 401],
        ['member', memberToken, 403],
        ['staff', clerk.token, 403],
        ['admin', adminToken, adminStatus],
      ];
      for (const [who, token, status] of table) {
        const res = await call(token, method, url, payload);
        expect(`${who} ${method} ${url} → ${res.statusCode}`).toBe(`${who} ${method} ${url} → ${status}`);
      }
    }
  });
});

describe('creating, reading and changing staff accounts', () => {
  let id: string;

  it('creates an account: 201 with the staff view, the password nowhere in it', async () => {
    const res = await call(adminToken, 'POST', '/admin/personnel', somchai);
    expect(res.statusCode).toBe(201);
    id = res.json().id;
    expect(res.json()).toEqual({
      id: expect.any(String),
      username: 'somchai',
      name: 'สมชาย',
      lastName: 'ใจดี',
      nickname: 'ชาย',
      tel: '0891234567',
      position: 'ฝ่ายขาย',
      role: 'staff',
      disabled: false,
      createdAt: expect.any(String),
    });
    expect(res.body).not.toContain(somchai.password);
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('lists and reads accounts without passwords (raw bodies)', async () => {
    const list = await call(adminToken, 'GET', '/admin/personnel?q=ชาย');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, items: [{ username: 'somchai' }] });
    const all = await call(adminToken, 'GET', '/admin/personnel?pageSize=100');
    const one = await call(adminToken, 'GET', `/admin/personnel/${id}`);
    expect(one.json()).toMatchObject({ username: 'somchai', position: 'ฝ่ายขาย' });
    for (const res of [list, all, one]) expect(res.body).not.toMatch(/password|argon2|somchai-secret/i);
  });

  it('the new account logs in at /staff/login; its token names them (shown where they act, e.g. a slip review)', async () => {
    const res = await login('somchai', somchai.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().staff).toMatchObject({ id, username: 'somchai', role: 'staff' });
    const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ sub: id, kind: 'staff', role: 'staff', name: res.json().staff.name });
    expect(claims.name).toContain(somchai.name);
  });

  it('a username already used → 409 auth.username_taken (create and rename)', async () => {
    const dup = await call(adminToken, 'POST', '/admin/personnel', { ...somchai, name: 'อีกคน' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'auth.username_taken', detail: 'มีชื่อผู้ใช้นี้แล้ว' });
    const rename = await call(adminToken, 'PUT', `/admin/personnel/${id}`, { ...somchai, username: 'clerk' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().code).toBe('auth.username_taken');
  });

  it('bad input → 400 with the field’s message, nothing created', async () => {
    const cases: [object, string, string][] = [
      [{ ...somchai, username: 'new1', password: 'short' }, 'password', 'validation.password_length'],
      [{ ...somchai, username: 'new2', tel: '089123456' }, 'tel', 'validation.phone_length'],
      [{ ...somchai, username: 'has space' }, 'username', 'validation.format'],
      [{ ...somchai, username: 'new3', role: 'owner' }, 'role', 'validation.format'],
      [{ ...somchai, username: 'new4', name: '' }, 'name', 'validation.required'],
    ];
    for (const [body, field, code] of cases) {
      const res = await call(adminToken, 'POST', '/admin/personnel', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ field, code });
    }
    const names = (await call(adminToken, 'GET', '/admin/personnel?pageSize=100'))
      .json()
      .items.map((s: { username: string }) => s.username);
    expect(names.filter((n: string) => /^new\d$/.test(n) || n === 'has space')).toEqual([]);
  });

  it('PUT replaces: left-out texts cleared, the password kept unless given', async () => {
    const res = await call(adminToken, 'PUT', `/admin/personnel/${id}`, {
      username: 'somchai.j',
      name: 'สมชาย',
      role: 'staff',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'somchai.j',
      lastName: null,
      nickname: null,
      tel: null,
      position: null,
    });
    expect(res.body).not.toMatch(/password/i);
    expect((await login('somchai.j', somchai.password)).statusCode).toBe(200);

    const changed = await call(adminToken, 'PUT', `/admin/personnel/${id}`, {
      username: 'somchai.j',
      name: 'สมชาย',
      role: 'staff',
      password: 'a-new-password-2',
    });
    expect(changed.statusCode).toBe(200);
    expect((await login('somchai.j', somchai.password)).statusCode).toBe(401);
    expect((await login('somchai.j', 'a-new-password-2')).statusCode).toBe(200);
  });

  it('an unknown id → 404', async () => {
    const res = await call(adminToken, 'GET', `/admin/personnel/${crypto.randomUUID()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('auth.staff_not_found');
    const del = await call(adminToken, 'DELETE', `/admin/personnel/${crypto.randomUUID()}`);
    expect(del.statusCode).toBe(404);
  });
});

describe('deleting (disabling) staff accounts', () => {
  it('soft delete: still listed as disabled, cannot log in, its sessions end; re-enabling restores it', async () => {
    const temp = await createStaff(app, adminToken, 'temp', 'staff');
    const signIn = await login('temp', temp.password);
    const refresh = String(signIn.headers['set-cookie']).split(';')[0]!.slice('auth.refresh='.length);
    expect((await call(temp.token, 'GET', '/staff/me')).statusCode).toBe(200);

    expect((await call(adminToken, 'DELETE', `/admin/personnel/${temp.id}`)).statusCode).toBe(204);
    const view = await call(adminToken, 'GET', `/admin/personnel/${temp.id}`);
    expect(view.json()).toMatchObject({ username: 'temp', disabled: true });

    const refused = await login('temp', temp.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('auth.staff_invalid_credentials');
    const refreshed = await app.inject({
      method: 'POST',
      url: '/refresh',
      cookies: { 'auth.refresh': refresh },
    });
    expect(refreshed.statusCode).toBe(401);
    expect((await call(temp.token, 'GET', '/staff/me')).statusCode).toBe(401);
    // deleting again changes nothing
    expect((await call(adminToken, 'DELETE', `/admin/personnel/${temp.id}`)).statusCode).toBe(204);

    const back = await call(adminToken, 'PUT', `/admin/personnel/${temp.id}`, {
      username: 'temp',
      name: 'temp',
      role: 'staff',
      disabled: false,
    });
    expect(back.json().disabled).toBe(false);
    expect((await login('temp', temp.password)).statusCode).toBe(200);
  });

  it('the last admin cannot be demoted or deleted → 409 auth.last_admin', async () => {
    const demote = await call(adminToken, 'PUT', `/admin/personnel/${adminId}`, {
      username: ADMIN.username,
      name: 'Administrator',
      role: 'staff',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'auth.last_admin', detail: 'ต้องมีผู้ดูแลระบบอย่างน้อยหนึ่งคน' });
    const del = await call(adminToken, 'DELETE', `/admin/personnel/${adminId}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('auth.last_admin');
    expect((await call(adminToken, 'GET', `/admin/personnel/${adminId}`)).json()).toMatchObject({
      role: 'admin',
      disabled: false,
    });
  });

  it('with a second admin: no admin can delete or demote themselves; one can demote the other', async () => {
    const second = await createStaff(app, adminToken, 'second-admin', 'admin');
    const self = await call(adminToken, 'DELETE', `/admin/personnel/${adminId}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('auth.staff_self_remove');
    const selfDemote = await call(adminToken, 'PUT', `/admin/personnel/${adminId}`, {
      username: ADMIN.username,
      name: 'Administrator',
      role: 'staff',
    });
    expect(selfDemote.json().code).toBe('auth.staff_self_remove');

    const demoted = await call(adminToken, 'PUT', `/admin/personnel/${second.id}`, {
      username: 'second-admin',
      name: 'second-admin',
      role: 'staff',
    });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().role).toBe('staff');
    // its admin token (role claim from before) no longer opens admin routes
    expect((await call(second.token, 'GET', '/admin/personnel')).statusCode).toBe(401);
    const relogged = await staffLogin(app, 'second-admin', second.password);
    expect((await call(relogged, 'GET', '/admin/personnel')).statusCode).toBe(403);
  });
});

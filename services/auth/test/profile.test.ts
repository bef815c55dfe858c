import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { ADMIN, bearer, registerMember, staffLogin, startAuth, type Member } from './support/backoffice.js';

let env: TestEnv;
let app: ServiceApp;
let ann: Member;
let adminToken: string;

beforeAll(async () => {
  ({ env, app } = await startAuth());
  ann = await registerMember(app, env, 'ann@example.com', { nickname: 'แอน' });
  adminToken = await staffLogin(app, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

const patchMe = (token: string | undefined, payload: object) =>
  app.inject({ method: 'PATCH', url: '/me', ...(token ? { headers: bearer(token) } : {}), payload });
const me = async () =>
  (await app.inject({ method: 'GET', url: '/me', headers: bearer(ann.token) })).json().user;

describe('PATCH /me: the member’s nickname and phone', () => {
  it('anonymous 401; a staff token 403', async () => {
    expect((await patchMe(undefined, { nickname: 'x' })).statusCode).toBe(401);
    expect((await patchMe(adminToken, { nickname: 'x' })).statusCode).toBe(403);
  });

  it('changes nickname and phone; GET /me shows them; avatarUrl stays null', async () => {
    const res = await patchMe(ann.token, { nickname: ' แอนนี่ ', phone: '0899999999' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: ann.email,
      nickname: 'แอนนี่',
      phone: '0899999999',
      avatarUrl: null,
    });
    expect(await me()).toMatchObject({ nickname: 'แอนนี่', phone: '0899999999' });
  });

  it('null or "" clears the nickname', async () => {
    expect((await patchMe(ann.token, { nickname: null })).json().user.nickname).toBeNull();
    await patchMe(ann.token, { nickname: 'A' });
    expect((await patchMe(ann.token, { nickname: '' })).json().user.nickname).toBeNull();
  });

  it('a phone that is not 10 digits → 400 "กรุณากรอกให้ครบ 10ตัวอักษร", nothing changed', async () => {
    const res = await patchMe(ann.token, { phone: '089999999', nickname: 'ไม่ควรบันทึก' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'phone', code: 'validation.phone_length', message: 'กรุณากรอกให้ครบ 10ตัวอักษร' },
    ]);
    expect(await me()).toMatchObject({ phone: '0899999999', nickname: null });
    expect((await patchMe(ann.token, {})).statusCode).toBe(400);
  });

  it('a member cannot change their own status, codes or e-mail through it', async () => {
    const res = await patchMe(ann.token, {
      nickname: 'แอน',
      status: 'Premium',
      membershipCodes: ['SPTR'],
      email: 'x@y.z',
    });
    expect(res.statusCode).toBe(200);
    expect(await me()).toMatchObject({
      email: ann.email,
      status: 'New',
      membershipCodes: [],
      nickname: 'แอน',
    });
  });

  it('the member’s own changes show in the user’s change history, by the member', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/admin/users/${ann.id}/changes`,
      headers: bearer(adminToken),
    });
    const phone = (res.json().items as { field: string }[]).find((c) => c.field === 'phone');
    expect(phone).toMatchObject({
      before: '0812345678',
      after: '0899999999',
      changedBy: { id: ann.id, kind: 'user', name: ann.email },
    });
  });
});

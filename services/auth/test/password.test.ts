import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';

interface CodeEvent {
  email: string;
  code: string;
  purpose: string;
  locale: string;
}

let env: TestEnv;
let app: ServiceApp;

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });

/** Every code auth e-mailed to `email` for `purpose`, read from the events it published. */
async function codeEvents(email: string, purpose: string) {
  const all = await publishedEvents<CodeEvent>(env.namespace, 'auth', 'auth.email.code-requested');
  return all.filter((e) => e.data.email === email && e.data.purpose === purpose);
}

/** The newest code of `purpose` for `email`, once its event is out (and newer than `after` of them). */
async function codeFor(email: string, purpose: string, after = 0): Promise<string> {
  const events = await eventually(async () => {
    const mine = await codeEvents(email, purpose);
    return mine.length > after ? mine : undefined;
  });
  return events[events.length - 1]!.data.code;
}

function cookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const c = list.find((v: string) => v.startsWith('auth.refresh='));
  return c?.split(';')[0]?.slice('auth.refresh='.length) || undefined;
}

async function registerMember(email: string, password: string): Promise<string> {
  expect((await post('/register/code', { email })).statusCode).toBe(202);
  const res = await post('/register', {
    email,
    code: await codeFor(email, 'register'),
    password,
    passwordConfirm: password,
    firstName: 'Mali',
    lastName: 'Srisuk',
    phone: '0811111111',
  });
  expect(res.statusCode).toBe(201);
  return res.json().user.id as string;
}

const login = (email: string, password: string) => post('/login', { email, password });

beforeAll(async () => {
  env = await createTestEnv();
  // no FACEBOOK_* settings: Facebook login is off in this app
  app = await buildApp(readConfig(env.envFor('auth')));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('forgot password: the e-mail check', () => {
  const email = 'mali@example.com';
  beforeAll(async () => {
    await registerMember(email, 'first-password-1');
  });

  it('a member e-mail → 200 registered (matched case-blind)', async () => {
    const res = await post('/password/check-email', { email: 'Mali@Example.COM' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email, registered: true });
  });

  it('an unknown e-mail → 404 "ไม่มี Email ในระบบ" (English when asked)', async () => {
    const th = await post('/password/check-email', { email: 'ghost@example.com' });
    expect(th.statusCode).toBe(404);
    expect(th.headers['content-type']).toContain('application/problem+json');
    expect(th.json()).toMatchObject({ code: 'auth.email_unknown', detail: 'ไม่มี Email ในระบบ' });
    const en = await post(
      '/password/check-email',
      { email: 'ghost@example.com' },
      { 'accept-language': 'en' },
    );
    expect(en.json().detail).toBe('This e-mail is not in the system');
  });

  it('a malformed e-mail → 400 "รูปแบบ E-mail ไม่ถูกต้อง"', async () => {
    const res = await post('/password/check-email', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(
      expect.objectContaining({ field: 'email', message: 'รูปแบบ E-mail ไม่ถูกต้อง' }),
    );
  });
});

describe('forgot password: the code and the new password', () => {
  const email = 'reset.me@example.com';
  const oldPassword = 'old-password-123';
  const newPassword = 'brand-new-password-456';
  let userId: string;
  let oldCookie: string;
  let code: string;

  beforeAll(async () => {
    userId = await registerMember(email, oldPassword);
    const res = await login(email, oldPassword);
    expect(res.statusCode).toBe(200);
    oldCookie = cookieOf(res)!;
  });

  it('an unknown e-mail → 404 and no code is sent', async () => {
    const res = await post('/password/code', { email: 'nobody.here@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'auth.email_unknown', detail: 'ไม่มี Email ในระบบ' });
    // a later request's event is out, so an event for the unknown e-mail would be out too
    await post('/password/code', { email: 'mali@example.com' });
    await codeFor('mali@example.com', 'password-reset');
    const all = await publishedEvents<CodeEvent>(env.namespace, 'auth', 'auth.email.code-requested');
    expect(all.filter((e) => e.data.email === 'nobody.here@example.com')).toEqual([]);
  });

  it('a member e-mail → 202, and the code event has purpose password-reset', async () => {
    const res = await post('/password/code', { email, locale: 'en' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ sent: true, expiresInSeconds: 600 });
    const [event] = await eventually(async () => {
      const mine = await codeEvents(email, 'password-reset');
      return mine.length ? mine : undefined;
    });
    expect(event).toMatchObject({ type: 'auth.email.code-requested', source: 'auth' });
    expect(event!.data).toMatchObject({
      email,
      purpose: 'password-reset',
      locale: 'en',
      expiresInSeconds: 600,
    });
    expect(event!.data.code).toMatch(/^\d{4}$/);
    code = event!.data.code;
  });

  const body = (over: Record<string, unknown> = {}) => ({
    email,
    code,
    password: newPassword,
    passwordConfirm: newPassword,
    ...over,
  });

  it.each([
    [
      'confirmation differs',
      { passwordConfirm: 'something-else-1' },
      'passwordConfirm',
      'ยืนยันรหัสผ่าน ไม่ตรงกัน',
    ],
    [
      'password of 7 characters',
      { password: 'short-7', passwordConfirm: 'short-7' },
      'password',
      'รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร',
    ],
    ['code of 3 digits', { code: '123' }, 'code', 'กรุณากรอกให้ครบ 4ตัวอักษร'],
    ['no e-mail', { email: '' }, 'email', 'กรุณากรอกข้อมูล'],
  ])('%s → 400 on the field', async (_name, over, field, message) => {
    const res = await post('/password/reset', body(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation.failed');
    expect(res.json().errors).toContainEqual(expect.objectContaining({ field, message }));
  });

  it('a wrong code → 400 "รหัสยืนยันไม่ตรงกัน", and the old password still works', async () => {
    const res = await post('/password/reset', body({ code: code === '0000' ? '1111' : '0000' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'auth.code_mismatch', detail: 'รหัสยืนยันไม่ตรงกัน' });
    expect(res.json().errors).toContainEqual(
      expect.objectContaining({ field: 'code', message: 'รหัสยืนยันไม่ตรงกัน' }),
    );
    expect((await login(email, oldPassword)).statusCode).toBe(200);
  });

  it('the right code → 200 changed; the old password fails, the new one works', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await post('/password/reset', body());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ changed: true });

    const old = await login(email, oldPassword);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('auth.invalid_credentials');
    const fresh = await login(email, newPassword);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user.id).toBe(userId);

    // access tokens issued before now are marked for every service to refuse (issue 3 §D)
    const mark = await app.kit.redis!.get(`revoked:before:${userId}`);
    expect(Number(mark)).toBeGreaterThanOrEqual(before);
    expect(Number(mark)).toBeLessThanOrEqual(Date.now() / 1000);
    expect(await app.kit.redis!.ttl(`revoked:before:${userId}`)).toBeGreaterThan(21_000);
  });

  it('a refresh cookie from before the reset is refused', async () => {
    const res = await app.inject({ method: 'POST', url: '/refresh', cookies: { 'auth.refresh': oldCookie } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('auth.refresh_invalid');
  });

  it('publishes auth.password.changed {userId, changedAt}', async () => {
    const event = await eventually(async () => {
      const all = await publishedEvents<{ userId: string; changedAt: string }>(
        env.namespace,
        'auth',
        'auth.password.changed',
      );
      return all.find((e) => e.data.userId === userId);
    });
    expect(event).toMatchObject({ type: 'auth.password.changed', version: 1, source: 'auth' });
    expect(Date.now() - Date.parse(event.data.changedAt)).toBeLessThan(60_000);
  });

  it('the code works once', async () => {
    const res = await post(
      '/password/reset',
      body({ password: 'third-password-789', passwordConfirm: 'third-password-789' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('auth.code_expired');
    expect((await login(email, newPassword)).statusCode).toBe(200);
  });

  it('without any code requested → 400 auth.code_expired, nothing changes', async () => {
    const res = await post('/password/reset', body({ email: 'nobody.here@example.com' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'auth.code_expired', detail: 'รหัสยืนยันหมดอายุ กรุณาขอรหัสใหม่' });
  });
});

describe('without Facebook settings', () => {
  it('GET /public-config → facebook null', async () => {
    const res = await app.inject({ method: 'GET', url: '/public-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ facebook: null });
  });

  it('POST /facebook/login → 503 service.unavailable', async () => {
    const res = await post('/facebook/login', { accessToken: 'EAAanything' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('service.unavailable');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';

/**
 * Brute-force resistance (issue 3 §D) with small thresholds: 3 failures lock an account, 5 an IP,
 * and a lock lasts 2 s, so the test sees it engage and lift. Each case comes from its own IP
 * (X-Forwarded-For: the gateway sets it, and services trust it), so the IP counters stay apart.
 */
let env: TestEnv;
let app: ServiceApp;
const LOCK_SECONDS = 2;
const email = 'locked.member@example.com';
const password = 'the-right-password-1';
const staffUser = 'lockadmin';
const staffPassword = 'lock-admin-password';

interface CodeEvent {
  email: string;
  code: string;
  purpose: string;
}

const codeEvents = async (to: string) =>
  (await publishedEvents<CodeEvent>(env.namespace, 'auth', 'auth.email.code-requested')).filter(
    (e) => e.data.email === to,
  );

const post = (url: string, payload: object, ip: string, lang = 'th') =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'x-forwarded-for': ip, 'accept-language': lang },
  });
const login = (ip: string, p = password, e = email, lang?: string) =>
  post('/login', { email: e, password: p }, ip, lang);
const staffLogin = (ip: string, p = staffPassword) =>
  post('/staff/login', { username: staffUser, password: p }, ip);
const waitForLockToLift = () => new Promise((r) => setTimeout(r, LOCK_SECONDS * 1000 + 300));

beforeAll(async () => {
  env = await createTestEnv();
  app = await buildApp(
    readConfig(
      env.envFor('auth', {
        ADMIN_USERNAME: staffUser,
        ADMIN_PASSWORD: staffPassword,
        AUTH_LOCK_EMAIL_MAX: '3',
        AUTH_LOCK_IP_MAX: '5',
        AUTH_LOCK_WINDOW_SECONDS: '60',
        AUTH_LOCK_SECONDS: String(LOCK_SECONDS),
      }),
    ),
  );
  await app.ready();
  expect((await post('/register/code', { email }, '10.0.0.1')).statusCode).toBe(202);
  const [ev] = await eventually(async () => {
    const found = await codeEvents(email);
    return found.length ? found : undefined;
  });
  const res = await post(
    '/register',
    {
      email,
      code: ev!.data.code,
      password,
      passwordConfirm: password,
      firstName: 'Lock',
      lastName: 'Smith',
      phone: '0811111111',
    },
    '10.0.0.1',
  );
  expect(res.statusCode).toBe(201);
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('sign-in lockout per account', () => {
  it('engages after 3 wrong passwords: even the right one gets 429 auth.locked with Retry-After; it lifts after the lock time', async () => {
    const ip = '10.1.0.1';
    for (let i = 0; i < 3; i++) {
      const res = await login(ip, 'wrong-password-x');
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('auth.invalid_credentials');
    }
    const locked = await login(ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['content-type']).toContain('application/problem+json');
    expect(locked.json()).toMatchObject({
      status: 429,
      code: 'auth.locked',
      detail: 'ทำรายการผิดหลายครั้ง กรุณาลองใหม่ใน 1 นาที',
      messages: {
        th: 'ทำรายการผิดหลายครั้ง กรุณาลองใหม่ใน 1 นาที',
        en: 'Too many failed attempts; please try again in 1 minute(s)',
      },
    });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(LOCK_SECONDS);
    expect(locked.headers['set-cookie']).toBeUndefined();
    // the lock is on the account, not the address: another IP is refused as well
    expect((await login('10.1.0.2')).statusCode).toBe(429);
    expect((await login('10.1.0.3', password, email, 'en')).json().detail).toBe(
      'Too many failed attempts; please try again in 1 minute(s)',
    );

    await waitForLockToLift();
    const after = await login(ip);
    expect(after.statusCode).toBe(200);
    expect(after.json().user.email).toBe(email);
    // the count started again: one more mistake is a plain 401, not a lock
    expect((await login(ip, 'wrong-password-x')).statusCode).toBe(401);
    expect((await login(ip)).statusCode).toBe(200);
  });

  it('an unknown e-mail locks exactly like a real one (nothing tells them apart)', async () => {
    const ghost = 'nobody.here@example.com';
    const ip = '10.2.0.1';
    const wrong = await login(ip, 'wrong-password-x', ghost);
    const real = await login('10.2.0.9', 'wrong-password-x');
    expect(wrong.json()).toMatchObject({ code: real.json().code, detail: real.json().detail });
    expect((await login('10.2.0.9')).statusCode).toBe(200); // the member's count back to zero
    await login(ip, 'wrong-password-x', ghost);
    await login(ip, 'wrong-password-x', ghost);
    const locked = await login(ip, 'anything-at-all', ghost);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('auth.locked');
    await waitForLockToLift();
  });

  it('a successful sign-in starts the count again', async () => {
    const ip = '10.3.0.1';
    await login(ip, 'wrong-password-x');
    await login(ip, 'wrong-password-x');
    expect((await login(ip)).statusCode).toBe(200);
    await login(ip, 'wrong-password-x');
    await login(ip, 'wrong-password-x');
    expect((await login(ip)).statusCode).toBe(200);
  });

  it('staff sign-in locks by username the same way, and lifts', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < 3; i++) {
      const res = await staffLogin(ip, 'not-the-password');
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('auth.staff_invalid_credentials');
    }
    const locked = await staffLogin(ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('auth.locked');
    // staff and member counters are apart: the member signs in from the same IP
    expect((await login(ip)).statusCode).toBe(200);
    await waitForLockToLift();
    expect((await staffLogin(ip)).statusCode).toBe(200);
  });
});

describe('staff locked per IP; a device that signed in before passes the lock (issue 11 §8)', () => {
  const withDevice = (ip: string, device: string, p: string, url = '/staff/login', body?: object) =>
    app.inject({
      method: 'POST',
      url,
      payload: body ?? { username: staffUser, password: p },
      headers: { 'x-forwarded-for': ip },
      cookies: { 'auth.device': device },
    });
  const deviceOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === 'auth.device')?.value;
  const lockStaffFrom = async (ip: string) => {
    for (let i = 0; i < 3; i++) expect((await staffLogin(ip, 'not-the-password')).statusCode).toBe(401);
    expect((await staffLogin(ip)).statusCode).toBe(429);
  };

  it('a sign-in gives a device cookie: httpOnly, SameSite=Strict, path /, 180 days', async () => {
    const res = await staffLogin('10.8.0.1');
    expect(res.statusCode).toBe(200);
    const c = res.cookies.find((x) => x.name === 'auth.device')!;
    expect(c.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 180 * 86_400 });
  });

  it('with COOKIE_SECURE on, the device cookie is Secure too', async () => {
    const secureApp = await buildApp(
      readConfig(
        env.envFor('auth', {
          ADMIN_USERNAME: staffUser,
          ADMIN_PASSWORD: staffPassword,
          COOKIE_SECURE: 'true',
        }),
      ),
    );
    try {
      await secureApp.ready();
      const res = await secureApp.inject({
        method: 'POST',
        url: '/staff/login',
        payload: { username: staffUser, password: staffPassword },
        headers: { 'x-forwarded-for': '10.8.0.2' },
      });
      expect(res.cookies.find((x) => x.name === 'auth.device')).toMatchObject({
        secure: true,
        httpOnly: true,
      });
    } finally {
      await secureApp.close();
    }
  });

  it('an attacker at IP A fails the admin password 3 times: IP A is locked out of it, the admin at IP B signs in with the right password', async () => {
    await lockStaffFrom('10.8.1.1');
    expect((await staffLogin('10.8.1.2')).statusCode).toBe(200);
  });

  it('the admin behind the attacker’s IP A signs in with the device cookie of an earlier sign-in; the same password without it is refused', async () => {
    const device = deviceOf(await staffLogin('10.8.2.9'))!;
    await lockStaffFrom('10.8.2.1');
    const owner = await withDevice('10.8.2.1', device, staffPassword);
    expect(owner.statusCode).toBe(200);
    expect(deviceOf(owner)).toBe(device);
    expect((await staffLogin('10.8.2.1')).statusCode).toBe(429);
  });

  it('a forged device cookie, or the device cookie of another account, passes no lock', async () => {
    const memberDevice = deviceOf(await login('10.8.3.9'))!;
    await lockStaffFrom('10.8.3.1');
    const forged = 'A'.repeat(43);
    for (const device of [forged, memberDevice]) {
      const res = await withDevice('10.8.3.1', device, staffPassword);
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('auth.locked');
    }
  });

  it('a member account locked by strangers everywhere still lets its owner’s device in', async () => {
    const device = deviceOf(await login('10.8.4.9'))!;
    for (let i = 0; i < 3; i++) await login(`10.8.4.${i + 1}`, 'wrong-password-x');
    expect((await login('10.8.4.20')).statusCode).toBe(429);
    const owner = await withDevice('10.8.4.20', device, password, '/login', { email, password });
    expect(owner.statusCode).toBe(200);
    await waitForLockToLift();
  });

  it('the device has its own budget: 3 wrong passwords with it lock the device too', async () => {
    const device = deviceOf(await staffLogin('10.8.5.9'))!;
    for (let i = 0; i < 3; i++) {
      expect((await withDevice(`10.8.5.${i + 1}`, device, 'not-the-password')).statusCode).toBe(401);
    }
    expect((await withDevice('10.8.5.30', device, staffPassword)).statusCode).toBe(429);
    await waitForLockToLift();
  });
});

describe('sign-in lockout per IP', () => {
  it('5 failures from one IP over different e-mails lock that IP for every account; other IPs are unaffected; it lifts', async () => {
    const ip = '10.5.0.1';
    for (let i = 0; i < 5; i++) {
      expect((await login(ip, 'wrong-password-x', `spray${i}@example.com`)).statusCode).toBe(401);
    }
    const locked = await login(ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('auth.locked');
    expect((await staffLogin(ip)).statusCode).toBe(429);
    expect((await login('10.5.0.2')).statusCode).toBe(200);
    await waitForLockToLift();
    expect((await login(ip)).statusCode).toBe(200);
  });

  it('wrong e-mail codes count against the IP too', async () => {
    const ip = '10.6.0.1';
    const target = 'code.guesser@example.com';
    expect((await post('/register/code', { email: target }, ip)).statusCode).toBe(202);
    const body = (code: string) => ({
      email: target,
      code,
      password,
      passwordConfirm: password,
      firstName: 'Guess',
      lastName: 'Er',
      phone: '0822222222',
    });
    const [ev] = await eventually(async () => {
      const found = await codeEvents(target);
      return found.length ? found : undefined;
    });
    const real = ev!.data.code;
    // and a password-reset code for the member, so wrong codes on that form count as well
    expect((await post('/password/code', { email }, ip)).statusCode).toBe(202);
    const [reset] = await eventually(async () => {
      const found = (await codeEvents(email)).filter((e) => e.data.purpose === 'password-reset');
      return found.length ? found : undefined;
    });
    const wrongCodes = ['0000', '1111', '2222', '3333', '4444', '5555', '6666']
      .filter((c) => c !== real && c !== reset!.data.code)
      .slice(0, 5);
    // five wrong codes: three on the registration form, two on the reset form
    for (const c of wrongCodes.slice(0, 3)) {
      expect((await post('/register', body(c), ip)).json().code).toBe('auth.code_mismatch');
    }
    for (const c of wrongCodes.slice(3)) {
      const res = await post(
        '/password/reset',
        { email, code: c, password: 'new-password-123', passwordConfirm: 'new-password-123' },
        ip,
      );
      expect(res.json().code).toBe('auth.code_mismatch');
    }
    const locked = await post('/register', body(real), ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('auth.locked');
    expect((await login(ip)).statusCode).toBe(429);
    await waitForLockToLift();
    expect((await login(ip)).statusCode).toBe(200);
  });
});

describe('e-mail code requests', () => {
  it('at most 3 per address per window (registration and reset together): then 429 http.rate_limited, nothing sent', async () => {
    const target = 'many.codes@example.com';
    for (let i = 0; i < 3; i++) {
      expect((await post('/register/code', { email: target }, `10.7.0.${i + 1}`)).statusCode).toBe(202);
    }
    await eventually(async () => (await codeEvents(target)).length === 3);
    const limited = await post('/register/code', { email: target }, '10.7.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'http.rate_limited',
      detail: 'ทำรายการบ่อยเกินไป กรุณาลองใหม่ภายหลัง',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // another address is not affected
    expect((await post('/register/code', { email: 'other.codes@example.com' }, '10.7.0.9')).statusCode).toBe(
      202,
    );

    // the member's own address had a registration code and a reset code (above): one more reaches the cap
    expect((await post('/password/code', { email: email.toUpperCase() }, '10.7.1.1')).statusCode).toBe(202);
    expect((await post('/password/code', { email }, '10.7.1.1')).statusCode).toBe(429);
    expect((await post('/register/code', { email }, '10.7.1.1')).statusCode).toBe(429);
    await new Promise((r) => setTimeout(r, 1_000)); // the relay would have published a refused one by now
    expect((await codeEvents(target)).length).toBe(3);
    expect((await codeEvents(email)).filter((e) => e.data.purpose === 'password-reset')).toHaveLength(2);
  });
});

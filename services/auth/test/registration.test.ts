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

beforeAll(async () => {
  env = await createTestEnv();
  app = await buildApp(readConfig(env.envFor('auth', { EMAIL_CODE_MAX_ATTEMPTS: '3' })));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

/** The code auth e-mailed, read from the event it published for notifications. */
async function codeFor(email: string): Promise<string> {
  const events = await eventually(async () => {
    const all = await publishedEvents<CodeEvent>(env.namespace, 'auth', 'auth.email.code-requested');
    const mine = all.filter((e) => e.data.email === email);
    return mine.length ? mine : undefined;
  });
  return events[events.length - 1]!.data.code;
}

function details(email: string, code: string, over: Record<string, unknown> = {}) {
  return {
    email,
    code,
    password: 'correct-horse-42',
    passwordConfirm: 'correct-horse-42',
    firstName: 'สมชาย',
    lastName: 'ใจดี',
    nickname: 'ชาย',
    phone: '0812345678',
    ...over,
  };
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('registration by e-mail code', () => {
  it('requests a code: 202, and auth.email.code-requested carries a random 4-digit code', async () => {
    const res = await post('/register/code', { email: 'New.Member@Example.com', locale: 'en' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ sent: true, expiresInSeconds: 600 });
    const code = await codeFor('new.member@example.com');
    expect(code).toMatch(/^\d{4}$/);
    const [event] = await publishedEvents<CodeEvent>(env.namespace, 'auth', 'auth.email.code-requested');
    expect(event).toMatchObject({ type: 'auth.email.code-requested', version: 1, source: 'auth' });
    expect(event!.data).toMatchObject({ purpose: 'register', locale: 'en' });
  });

  it('registers with the right code → 201, status New, a member code, and auth.user.registered', async () => {
    const email = 'somchai@example.com';
    expect((await post('/register/code', { email })).statusCode).toBe(202);
    const res = await post('/register', details(email, await codeFor(email)));
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      email,
      status: 'New',
      firstName: 'สมชาย',
      phone: '0812345678',
      membershipCodes: [],
    });
    expect(user.memberCode).toMatch(/^RN\d{6}$/);
    const registered = await eventually(async () => {
      const all = await publishedEvents<{ userId: string }>(env.namespace, 'auth', 'auth.user.registered');
      return all.find((e) => e.data.userId === user.id);
    });
    expect(registered.data).toMatchObject({ email, status: 'New', memberCode: user.memberCode });
    const [row] = (await app.kit.orm.em
      .fork()
      .execute('select password_hash from users where id = ?', [user.id])) as {
      password_hash: string;
    }[];
    expect(row!.password_hash.startsWith('$argon2id$')).toBe(true);
  });

  it('an e-mail already registered: check-email and code request answer "เมล์นี้ได้ลงทะเบียน เรียบร้อยเเล้ว"', async () => {
    for (const url of ['/register/check-email', '/register/code']) {
      const res = await post(url, { email: 'SOMCHAI@example.com' });
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        code: 'auth.email_registered',
        detail: 'เมล์นี้ได้ลงทะเบียน เรียบร้อยเเล้ว',
      });
    }
    const free = await post('/register/check-email', { email: 'nobody@example.com' });
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual({ email: 'nobody@example.com', registered: false });
  });

  describe('bad input gets the spec message and registers nobody', () => {
    const email = 'careful@example.com';
    let code: string;
    beforeAll(async () => {
      await post('/register/code', { email });
      code = await codeFor(email);
    });

    const cases: [string, Record<string, unknown>, string, string][] = [
      ['missing first name', { firstName: '' }, 'firstName', 'กรุณากรอกข้อมูล'],
      ['absent last name', { lastName: undefined }, 'lastName', 'กรุณากรอกข้อมูล'],
      ['phone of 9 digits', { phone: '081234567' }, 'phone', 'กรุณากรอกให้ครบ 10ตัวอักษร'],
      ['phone of 11 digits', { phone: '08123456789' }, 'phone', 'กรุณากรอกให้ครบ 10ตัวอักษร'],
      ['e-mail without a dot', { email: 'careful@example' }, 'email', 'รูปแบบ E-mail ไม่ถูกต้อง'],
      [
        'confirmation differs',
        { passwordConfirm: 'something-else' },
        'passwordConfirm',
        'ยืนยันรหัสผ่าน ไม่ตรงกัน',
      ],
      ['code of 3 digits', { code: '123' }, 'code', 'กรุณากรอกให้ครบ 4ตัวอักษร'],
    ];
    it.each(cases)('%s', async (_name, over, field, message) => {
      const res = await post('/register', details(email, code, over));
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const body = res.json();
      expect(body.code).toBe('validation.failed');
      expect(body.errors).toContainEqual(expect.objectContaining({ field, message }));
    });

    it('answers in English when asked', async () => {
      const res = await post('/register', details(email, code, { passwordConfirm: 'x-other-pass' }), {
        'accept-language': 'en',
      });
      expect(res.json().errors).toContainEqual(
        expect.objectContaining({ field: 'passwordConfirm', message: 'Confirm Passwords do not match' }),
      );
    });

    it('a wrong code → "รหัสยืนยันไม่ตรงกัน"', async () => {
      const wrong = code === '0000' ? '1111' : '0000';
      const res = await post('/register', details(email, wrong));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'auth.code_mismatch', detail: 'รหัสยืนยันไม่ตรงกัน' });
      expect(res.json().errors).toContainEqual(
        expect.objectContaining({ field: 'code', message: 'รหัสยืนยันไม่ตรงกัน' }),
      );
    });

    it('nobody was registered by any of that', async () => {
      const res = await post('/register/check-email', { email });
      expect(res.json()).toEqual({ email, registered: false });
    });

    it('after the cap of wrong tries the code is gone, even the right one', async () => {
      const wrong = code === '0000' ? '1111' : '0000';
      // one wrong try above; two more reach the cap of 3
      await post('/register', details(email, wrong));
      await post('/register', details(email, wrong));
      const res = await post('/register', details(email, code));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('auth.code_expired');
    });
  });

  it('a code works once', async () => {
    const email = 'once@example.com';
    await post('/register/code', { email });
    const code = await codeFor(email);
    expect((await post('/register', details(email, code))).statusCode).toBe(201);
    const again = await post('/register', details(email, code));
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('auth.code_expired');
  });
});

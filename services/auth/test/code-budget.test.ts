import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';

/**
 * The wrong-code budget per address (issue 11 §2). Four digits are 10,000 codes; each wrong guess
 * rules out at most one, so n guesses find a code with probability at most n/10,000 however they are
 * spread over codes. With 10 wrong codes per address per 24 h (from any number of IPs), a week of
 * guessing is at most 7 × 10 = 70 guesses: P ≤ 70/10,000 = 0.7 %. Every guess here comes from its
 * own IP, as a spread-out attacker's would, so the per-IP cap never stops them.
 */
let env: TestEnv;
let app: ServiceApp;
const member = 'budget.member@example.com';
const password = 'the-right-password-1';
let ipSeq = 0;
const nextIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

interface CodeEvent {
  email: string;
  code: string;
  purpose: string;
}
interface LockedEvent {
  email: string;
  purpose: string;
  wrongCodes: number;
  windowSeconds: number;
  lockedUntil: string;
  locale: string | null;
}

const codeEvents = async (to: string, purpose: string) =>
  (await publishedEvents<CodeEvent>(env.namespace, 'auth', 'auth.email.code-requested')).filter(
    (e) => e.data.email === to && e.data.purpose === purpose,
  );
const lockedEvents = async (to: string) =>
  (await publishedEvents<LockedEvent>(env.namespace, 'auth', 'auth.email.codes-locked')).filter(
    (e) => e.data.email === to,
  );

const post = (url: string, payload: object, ip = nextIp()) =>
  app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip } });

/** Asks for a code and answers it once the event is out (the n-th code for that address and purpose). */
async function askCode(url: string, email: string, purpose: string, nth: number): Promise<string> {
  expect((await post(url, { email })).statusCode).toBe(202);
  const all = await eventually(async () => {
    const found = await codeEvents(email, purpose);
    return found.length >= nth ? found : undefined;
  });
  return all[nth - 1]!.data.code;
}

const registerBody = (email: string, code: string) => ({
  email,
  code,
  password,
  passwordConfirm: password,
  firstName: 'Budget',
  lastName: 'Test',
  phone: '0833333333',
});
const resetBody = (code: string) => ({
  email: member,
  code,
  password: 'a-new-password-9',
  passwordConfirm: 'a-new-password-9',
});
const wrongFor = (real: string, n: number) =>
  Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0'))
    .filter((c) => c !== real)
    .slice(0, n);

beforeAll(async () => {
  env = await createTestEnv();
  app = await buildApp(readConfig(env.envFor('auth', { AUTH_LOCK_IP_MAX: '3' })));
  await app.ready();
  const code = await askCode('/register/code', member, 'register', 1);
  expect((await post('/register', registerBody(member, code))).statusCode).toBe(201);
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('wrong e-mail codes: a budget per address, whatever the IP', () => {
  it('10 wrong codes per 24 h → P(guess within a week) ≤ 7 × 10/10000 = 0.7 %: the 10th wrong reset code (10 IPs) locks the address for the rest of the 24 h — even the right code and new codes get 429 auth.codes_locked — and the owner is told once', async () => {
    // first code: its own cap of 5 wrong tries
    const first = await askCode('/password/code', member, 'password-reset', 1);
    for (const c of wrongFor(first, 5)) {
      expect((await post('/password/reset', resetBody(c))).json().code).toBe('auth.code_mismatch');
    }
    // second code: 4 more wrong ones are still answered as such…
    const second = await askCode('/password/code', member, 'password-reset', 2);
    const wrong = wrongFor(second, 5);
    for (const c of wrong.slice(0, 4)) {
      expect((await post('/password/reset', resetBody(c))).json().code).toBe('auth.code_mismatch');
    }
    // …the 10th spends the budget
    const tenth = await post('/password/reset', resetBody(wrong[4]!));
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json()).toMatchObject({
      code: 'auth.codes_locked',
      detail: 'กรอกรหัสยืนยันผิดหลายครั้ง กรุณาขอรหัสใหม่อีกครั้งใน 24 ชั่วโมง',
    });
    expect(Number(tenth.headers['retry-after'])).toBeGreaterThan(86_000);
    expect(Number(tenth.headers['retry-after'])).toBeLessThanOrEqual(86_400);

    const right = await post('/password/reset', resetBody(second));
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('auth.codes_locked');
    const again = await post('/password/code', { email: member.toUpperCase() });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('auth.codes_locked');
    // the password never changed
    expect((await post('/login', { email: member, password })).statusCode).toBe(200);

    const [locked] = await eventually(async () => {
      const found = await lockedEvents(member);
      return found.length ? found : undefined;
    });
    expect(locked!.data).toMatchObject({
      email: member,
      purpose: 'password-reset',
      wrongCodes: 10,
      windowSeconds: 86_400,
      // a registered owner: the notice is written in their language (issue 20)
      locale: 'th',
    });
    expect(Date.parse(locked!.data.lockedUntil) - Date.now()).toBeGreaterThan(86_000_000);

    // more guesses during the lock tell nobody again: after a later event is out, still one notice
    for (const c of wrong.slice(0, 3))
      expect((await post('/password/reset', resetBody(c))).statusCode).toBe(429);
    await askCode('/register/code', 'someone.else@example.com', 'register', 1);
    expect(await lockedEvents(member)).toHaveLength(1);
  });

  it('the same budget holds for registration codes: the 10th wrong one locks the address, the right code registers nobody', async () => {
    const target = 'budget.newcomer@example.com';
    const first = await askCode('/register/code', target, 'register', 1);
    for (const c of wrongFor(first, 5)) {
      expect((await post('/register', registerBody(target, c))).json().code).toBe('auth.code_mismatch');
    }
    const second = await askCode('/register/code', target, 'register', 2);
    const wrong = wrongFor(second, 5);
    for (const c of wrong.slice(0, 4)) {
      expect((await post('/register', registerBody(target, c))).json().code).toBe('auth.code_mismatch');
    }
    expect((await post('/register', registerBody(target, wrong[4]!))).json().code).toBe('auth.codes_locked');
    const right = await post('/register', registerBody(target, second));
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('auth.codes_locked');
    expect((await post('/register/code', { email: target })).json().code).toBe('auth.codes_locked');
    expect((await post('/login', { email: target, password })).statusCode).toBe(401);
    const [locked] = await eventually(async () => {
      const found = await lockedEvents(target);
      return found.length ? found : undefined;
    });
    expect(locked!.data.purpose).toBe('register');
  });

  it('a right code does not spend the budget, and the per-IP cap still holds (3 wrong codes from one IP → auth.locked)', async () => {
    const target = 'budget.honest@example.com';
    const ip = '10.30.0.1';
    const code = await askCode('/register/code', target, 'register', 1);
    const wrong = wrongFor(code, 3);
    for (const c of wrong) {
      expect((await post('/register', registerBody(target, c), ip)).json().code).toBe('auth.code_mismatch');
    }
    const locked = await post('/register', registerBody(target, code), ip);
    expect(locked.json().code).toBe('auth.locked');
    expect((await post('/register', registerBody(target, code))).statusCode).toBe(201);
  });
});

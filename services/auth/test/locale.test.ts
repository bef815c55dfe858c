import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, publishedEvents, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { ADMIN, bearer, memberLogin, staffLogin, startAuth } from './support/backoffice.js';

let env: TestEnv;
let app: ServiceApp;

beforeAll(async () => {
  ({ env, app } = await startAuth());
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

type Registered = { userId: string; email: string; locale?: string };
type LocaleChanged = { userId: string; locale: string; changedAt: string };

/** Registers through the SPA's two calls, in the SPA's language (Accept-Language, as api-client sends it). */
async function register(email: string, language: 'th' | 'en'): Promise<{ id: string; token: string }> {
  const headers = { 'accept-language': language };
  const code = await app.inject({ method: 'POST', url: '/register/code', headers, payload: { email } });
  expect(code.statusCode).toBe(202);
  const sent = await eventually(async () =>
    (
      await publishedEvents<{ email: string; code: string }>(
        env.namespace,
        'auth',
        'auth.email.code-requested',
      )
    )
      .reverse()
      .find((e) => e.data.email === email),
  );
  const password = 'member-password-1';
  const res = await app.inject({
    method: 'POST',
    url: '/register',
    headers,
    payload: {
      email,
      code: sent.data.code,
      password,
      passwordConfirm: password,
      firstName: 'Ann',
      lastName: 'Smith',
      phone: '0812345678',
    },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().user.id, token: await memberLogin(app, email, password) };
}

const registeredEvent = (userId: string) =>
  eventually(async () =>
    (await publishedEvents<Registered>(env.namespace, 'auth', 'auth.user.registered')).find(
      (e) => e.data.userId === userId,
    ),
  );
const localeChanges = async (userId: string) =>
  (await publishedEvents<LocaleChanged>(env.namespace, 'auth', 'auth.user.locale-changed')).filter(
    (e) => e.data.userId === userId,
  );

describe('the member language (issue 20: e-mails in the language chosen in the SPA)', () => {
  it('auth.user.registered carries the language the member registered in', async () => {
    const en = await register('english@example.com', 'en');
    const th = await register('thai@example.com', 'th');
    expect((await registeredEvent(en.id)).data.locale).toBe('en');
    expect((await registeredEvent(th.id)).data.locale).toBe('th');
  });

  it('PUT /me/locale stores a switch and tells notifications once; the same language again tells nothing', async () => {
    const ann = await register('switcher@example.com', 'th');
    const put = (locale: string) =>
      app.inject({ method: 'PUT', url: '/me/locale', headers: bearer(ann.token), payload: { locale } });
    const first = await put('en');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ locale: 'en' });
    const [changed] = await eventually(async () => {
      const all = await localeChanges(ann.id);
      return all.length > 0 && all;
    });
    expect(changed!.data).toMatchObject({ userId: ann.id, locale: 'en' });
    expect((await put('en')).statusCode).toBe(200);
    // a later real change is the positive signal that the repeated one published nothing
    expect((await put('th')).statusCode).toBe(200);
    const all = await eventually(async () => {
      const rows = await localeChanges(ann.id);
      return rows.some((e) => e.data.locale === 'th') && rows;
    });
    expect(all.map((e) => e.data.locale)).toEqual(['en', 'th']);
  });

  it('refuses a language it does not know (400, nothing changes), anonymous callers (401) and staff (403)', async () => {
    const bob = await register('bob@example.com', 'th');
    const bad = await app.inject({
      method: 'PUT',
      url: '/me/locale',
      headers: bearer(bob.token),
      payload: { locale: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(
      (await app.inject({ method: 'PUT', url: '/me/locale', payload: { locale: 'en' } })).statusCode,
    ).toBe(401);
    const staff = await staffLogin(app, ADMIN.username, ADMIN.password);
    const asStaff = await app.inject({
      method: 'PUT',
      url: '/me/locale',
      headers: bearer(staff),
      payload: { locale: 'en' },
    });
    expect(asStaff.statusCode).toBe(403);
    // the positive signal: bob's first real switch is the only change event for him
    await app.inject({
      method: 'PUT',
      url: '/me/locale',
      headers: bearer(bob.token),
      payload: { locale: 'en' },
    });
    const rows = await eventually(async () => {
      const r = await localeChanges(bob.id);
      return r.length > 0 && r;
    });
    expect(rows.map((e) => e.data.locale)).toEqual(['en']);
  });
});

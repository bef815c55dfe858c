import { expect } from 'vitest';
import { createTestEnv, eventually, publishedEvents, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { buildApp } from '../../src/app.js';
import { readConfig } from '../../src/config.js';

/** Shared set-up of the back-office, address and profile suites: a real auth app in its own namespace. */
export const ADMIN = { username: 'boss', password: 'boss-password-1' };

export async function startAuth(): Promise<{ env: TestEnv; app: ServiceApp }> {
  const env = await createTestEnv();
  const app = await buildApp(
    readConfig(env.envFor('auth', { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password })),
  );
  await app.ready();
  return { env, app };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Member {
  id: string;
  email: string;
  password: string;
  token: string;
}

/** Registers a member the way the SPA does (code from the e-mail event) and logs them in. */
export async function registerMember(
  app: ServiceApp,
  env: TestEnv,
  email: string,
  extra: Record<string, string> = {},
): Promise<Member> {
  const password = 'member-password-1';
  expect((await app.inject({ method: 'POST', url: '/register/code', payload: { email } })).statusCode).toBe(
    202,
  );
  const event = await eventually(async () =>
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
  const registered = await app.inject({
    method: 'POST',
    url: '/register',
    payload: {
      email,
      code: event.data.code,
      password,
      passwordConfirm: password,
      firstName: 'สมหญิง',
      lastName: 'ใจดี',
      phone: '0812345678',
      ...extra,
    },
  });
  expect(registered.statusCode).toBe(201);
  return { id: registered.json().user.id, email, password, token: await memberLogin(app, email, password) };
}

export async function memberLogin(app: ServiceApp, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

export async function staffLogin(app: ServiceApp, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/staff/login', payload: { username, password } });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

/** Creates a staff account as `adminToken` and logs it in. */
export async function createStaff(
  app: ServiceApp,
  adminToken: string,
  username: string,
  role: 'admin' | 'staff',
): Promise<{ id: string; token: string; password: string }> {
  const password = `${username}-password`;
  const res = await app.inject({
    method: 'POST',
    url: '/admin/personnel',
    headers: bearer(adminToken),
    payload: { username, password, name: username, role },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id, token: await staffLogin(app, username, password), password };
}

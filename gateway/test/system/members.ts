/** What the system tests do as members: register by the e-mailed code, and Bangkok days. */
import { expect } from 'vitest';
import { eventually, publishedEvents } from '@rian/kit/testing';
import { request } from './client.js';

/** Asia/Bangkok day `offset` days from now (prices and coupons are dated in Bangkok days). */
export const bangkokDay = (offset: number) =>
  new Date(Date.now() + 7 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/** The last code auth e-mailed to `email` for `purpose`, from its events in the test's namespace. */
export async function emailedCode(
  namespace: string,
  email: string,
  purpose = 'register',
  opts: { natsUrl?: string; timeoutMs?: number } = {},
): Promise<string> {
  const mine = await eventually(async () => {
    const all = await publishedEvents<{ email: string; code: string; purpose: string }>(
      namespace,
      'auth',
      'auth.email.code-requested',
      ...(opts.natsUrl ? [opts.natsUrl] : []),
    );
    const hits = all.filter((e) => e.data.email === email && e.data.purpose === purpose);
    return hits.length ? hits : undefined;
  }, opts.timeoutMs);
  return mine[mine.length - 1]!.data.code;
}

/** Asks for a code, registers with it through the gateway at `base` (status New) and answers the new user. */
export async function registerByCode(
  base: string,
  namespace: string,
  email: string,
  password: string,
  opts: { profile?: Record<string, unknown>; natsUrl?: string; timeoutMs?: number } = {},
): Promise<{ id: string }> {
  expect((await request(base, 'POST', '/api/auth/register/code', { email })).status).toBe(202);
  const registered = await request(base, 'POST', '/api/auth/register', {
    email,
    code: await emailedCode(namespace, email, 'register', opts),
    password,
    passwordConfirm: password,
    firstName: 'สมชาย',
    lastName: 'ใจดี',
    phone: '0812345678',
    ...opts.profile,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  return registered.body.user as { id: string };
}

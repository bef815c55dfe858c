import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestEnv,
  eventually,
  freePort,
  publishedEvents,
  TestTokenIssuer,
  type TestEnv,
} from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { FAKE_FACEBOOK_USERS, FakeFacebook } from './fakes/facebook.js';

const [somchaiFb, nokFb, privateFb] = FAKE_FACEBOOK_USERS as [
  (typeof FAKE_FACEBOOK_USERS)[0],
  (typeof FAKE_FACEBOOK_USERS)[0],
  (typeof FAKE_FACEBOOK_USERS)[0],
];

let env: TestEnv;
let app: ServiceApp;
let fb: FakeFacebook;

const facebookEnv = (fake: FakeFacebook, extra: Record<string, string> = {}) => ({
  FACEBOOK_APP_ID: fake.appId,
  FACEBOOK_APP_SECRET: fake.appSecret,
  FACEBOOK_GRAPH_URL: fake.url,
  FACEBOOK_DIALOG_URL: fake.dialogUrl,
  ...extra,
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });
const fbLogin = (accessToken: string) => post('/facebook/login', { accessToken });
const fbConnect = (accessToken: string, bearer?: string) =>
  post('/facebook/connect', { accessToken }, bearer ? { authorization: `Bearer ${bearer}` } : {});

async function codeFor(email: string): Promise<string> {
  const events = await eventually(async () => {
    const all = await publishedEvents<{ email: string; code: string }>(
      env.namespace,
      'auth',
      'auth.email.code-requested',
    );
    const mine = all.filter((e) => e.data.email === email);
    return mine.length ? mine : undefined;
  });
  return events[events.length - 1]!.data.code;
}

const password = 'member-password-1';

function registration(email: string, code: string, over: Record<string, unknown> = {}) {
  return {
    email,
    code,
    password,
    passwordConfirm: password,
    firstName: 'Somchai',
    lastName: 'Jaidee',
    phone: '0822222222',
    ...over,
  };
}

/** Registers through the e-mail code flow; `over` may carry a facebookAccessToken. */
async function register(email: string, over: Record<string, unknown> = {}) {
  expect((await post('/register/code', { email })).statusCode).toBe(202);
  return post('/register', registration(email, await codeFor(email), over));
}

function hasRefreshCookie(res: { headers: Record<string, unknown> }): boolean {
  return String(res.headers['set-cookie'] ?? '').startsWith('auth.refresh=');
}

beforeAll(async () => {
  fb = new FakeFacebook();
  await fb.start();
  env = await createTestEnv();
  app = await buildApp(readConfig(env.envFor('auth', facebookEnv(fb))));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await fb?.stop();
  await env?.cleanup();
});

describe('the fake Facebook dialog (manual login flow)', () => {
  const redirectUri = 'http://localhost:5173/loginFacebook';
  const dialog = (over: Record<string, string> = {}) =>
    `${fb.dialogUrl}?${new URLSearchParams({
      client_id: fb.appId,
      redirect_uri: redirectUri,
      response_type: 'token',
      scope: 'public_profile,email',
      state: 'st-42',
      ...over,
    }).toString()}`;

  /** The dialog's form as a browser would submit it, with the button pressed. */
  async function submit(button: Record<string, string>): Promise<Response> {
    const page = await (await fetch(dialog())).text();
    const form = new URLSearchParams();
    for (const m of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      form.set(
        m[1]!,
        m[2]!.replace(/&#(\d+);/g, (_s, n: string) => String.fromCharCode(Number(n))),
      );
    }
    for (const [k, v] of Object.entries(button)) form.set(k, v);
    return fetch(fb.dialogUrl, { method: 'POST', body: form, redirect: 'manual' });
  }

  it('shows "Continue as <name>" for the test users and a Cancel button', async () => {
    const res = await fetch(dialog());
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`>Continue as ${somchaiFb.name}</button>`);
    expect(html).toContain(`>Continue as ${nokFb.name}</button>`);
    expect(html).toContain('>Cancel</button>');
  });

  it('Continue → 302 to redirect_uri#access_token=...&state=..., and the token signs in', async () => {
    const res = await submit({ user: nokFb.id });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.search).toBe('');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('state')).toBe('st-42');
    expect(fragment.get('access_token')).toMatch(/^EAA/);
    const login = await fbLogin(fragment.get('access_token')!);
    expect(login.statusCode).toBe(200);
    expect(login.json().social).toMatchObject({ id: nokFb.id, email: nokFb.email });
  });

  it('Cancel → 302 to redirect_uri?error=access_denied&error_reason=user_denied&state=...', async () => {
    const res = await submit({ cancel: '1' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_reason')).toBe('user_denied');
    expect(location.searchParams.get('state')).toBe('st-42');
    expect(location.hash).not.toContain('access_token');
  });

  it('refuses another app id or a bad redirect_uri', async () => {
    expect((await fetch(dialog({ client_id: 'someone-else' }))).status).toBe(400);
    expect((await fetch(dialog({ redirect_uri: 'javascript:alert(1)' }))).status).toBe(400);
  });
});

describe('public config', () => {
  it('GET /public-config → the app id and the dialog URL, and nothing secret', async () => {
    const res = await app.inject({ method: 'GET', url: '/public-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ facebook: { appId: fb.appId, dialogUrl: fb.dialogUrl } });
    expect(res.body).not.toContain(fb.appSecret);
  });
});

describe('a new Facebook user: register, then Facebook logs in', () => {
  it('login → register outcome with the social profile, no session', async () => {
    const res = await fbLogin(fb.issueToken(nokFb.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      outcome: 'register',
      social: {
        id: nokFb.id,
        name: nokFb.name,
        email: nokFb.email,
        pictureUrl: expect.stringMatching(/^http/),
      },
    });
    expect(hasRefreshCookie(res)).toBe(false);
  });

  it('register with facebookAccessToken links the account; the next Facebook login is logged-in', async () => {
    const token = fb.issueToken(nokFb.id);
    const reg = await register(nokFb.email!, { facebookAccessToken: token, firstName: 'Nok' });
    expect(reg.statusCode).toBe(201);
    const { user } = reg.json();
    expect(user.facebook).toEqual({ id: nokFb.id, name: nokFb.name, pictureUrl: expect.any(String) });
    expect(user.avatarUrl).toBeNull();
    expect(JSON.stringify(user)).not.toContain(token);

    const res = await fbLogin(fb.issueToken(nokFb.id));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      outcome: 'logged-in',
      tokenType: 'Bearer',
      expiresIn: 21600,
      user: { id: user.id, email: nokFb.email, facebook: { id: nokFb.id } },
    });
    expect(hasRefreshCookie(res)).toBe(true);
    const me = await app.inject({
      method: 'GET',
      url: '/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: user.id, facebook: { id: nokFb.id, name: nokFb.name } });
  });

  it('register with an invalid Facebook token → 401 and nobody is registered', async () => {
    const email = 'invalid.token@example.com';
    const res = await register(email, { facebookAccessToken: 'EAAnot-a-token' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('auth.social_token_invalid');
    expect((await post('/register/check-email', { email })).json()).toEqual({ email, registered: false });
  });

  it('register with a Facebook account linked to someone else → 409 and nobody is registered', async () => {
    const email = 'copycat@example.com';
    const res = await register(email, { facebookAccessToken: fb.issueToken(nokFb.id) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'auth.social_already_linked',
      detail: 'บัญชี Facebook นี้เชื่อมต่อกับผู้ใช้อื่นแล้ว',
    });
    expect((await post('/register/check-email', { email })).json().registered).toBe(false);
  });
});

describe('an existing member with the Facebook e-mail: confirm, connect', () => {
  let memberId: string;
  beforeAll(async () => {
    const res = await register(somchaiFb.email!);
    expect(res.statusCode).toBe(201);
    memberId = res.json().user.id;
    expect(res.json().user.facebook).toBeNull();
  });

  it('login → confirm-connect with the social profile and the member to connect, no session', async () => {
    const res = await fbLogin(fb.issueToken(somchaiFb.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      outcome: 'confirm-connect',
      social: {
        id: somchaiFb.id,
        name: somchaiFb.name,
        email: somchaiFb.email,
        pictureUrl: expect.stringContaining(somchaiFb.id),
      },
      user: { email: somchaiFb.email, firstName: 'Somchai', lastName: 'Jaidee' },
    });
    expect(hasRefreshCookie(res)).toBe(false);
  });

  it('connect (signed out) links the member and logs in; Facebook login is then logged-in', async () => {
    const res = await fbConnect(fb.issueToken(somchaiFb.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'logged-in',
      tokenType: 'Bearer',
      user: { id: memberId, facebook: { id: somchaiFb.id, name: somchaiFb.name } },
    });
    expect(hasRefreshCookie(res)).toBe(true);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/refresh',
      cookies: { 'auth.refresh': String(res.headers['set-cookie']).split(';')[0]!.split('=')[1]! },
    });
    expect(refreshed.statusCode).toBe(200);

    const again = await fbLogin(fb.issueToken(somchaiFb.id));
    expect(again.json()).toMatchObject({ outcome: 'logged-in', user: { id: memberId } });
    // the password still works too
    expect((await post('/login', { email: somchaiFb.email, password })).statusCode).toBe(200);
  });
});

describe('connect while signed in', () => {
  const email = 'ann.member@example.com';
  let memberId: string;
  let memberToken: string;
  beforeAll(async () => {
    expect((await register(email, { firstName: 'Ann' })).statusCode).toBe(201);
    const res = await post('/login', { email, password });
    memberId = res.json().user.id;
    memberToken = res.json().token;
  });

  it('a Facebook account with another e-mail → 409 auth.social_email_mismatch, nothing linked', async () => {
    const other = fb.addUser({ name: 'Ann Elsewhere', email: 'ann.elsewhere@example.com' });
    const res = await fbConnect(fb.issueToken(other.id), memberToken);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'auth.social_email_mismatch',
      detail: 'อีเมลของ Facebook ไม่ตรงกับอีเมลที่ลงทะเบียนไว้',
    });
    const noEmail = await fbConnect(fb.issueToken(privateFb.id), memberToken);
    expect(noEmail.statusCode).toBe(409);
    const me = await app.inject({
      method: 'GET',
      url: '/me',
      headers: { authorization: `Bearer ${memberToken}` },
    });
    expect(me.json().user.facebook).toBeNull();
  });

  it('a Facebook account with the member e-mail → linked to that member and logged in', async () => {
    const same = fb.addUser({ name: 'Ann on Facebook', email: 'Ann.Member@example.com' });
    const res = await fbConnect(fb.issueToken(same.id), memberToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'logged-in',
      user: { id: memberId, facebook: { id: same.id, name: 'Ann on Facebook' } },
    });
  });

  it('a staff token cannot connect (403); a forged token → 401', async () => {
    const issuer = await TestTokenIssuer.create();
    const token = fb.issueToken(somchaiFb.id);
    const staff = await fbConnect(token, await issuer.staff());
    expect(staff.statusCode).toBe(401); // signed by a key auth does not know
    const forged = await fbConnect(token, await issuer.member(memberId, { email }));
    expect(forged.statusCode).toBe(401);
    const staffLogin = await post('/staff/login', { username: 'admin', password: 'rian-admin-dev' });
    const asStaff = await fbConnect(token, staffLogin.json().token);
    expect(asStaff.statusCode).toBe(403);
  });
});

describe('a Facebook id linked to someone else', () => {
  it('connect to the member with its e-mail → 409 auth.social_already_linked', async () => {
    const dual = fb.addUser({ name: 'Dual Person', email: 'dual@example.com' });
    // A registers (under another e-mail) with the Facebook account; B owns the Facebook e-mail
    const a = await register('a.dual@example.com', { facebookAccessToken: fb.issueToken(dual.id) });
    expect(a.statusCode).toBe(201);
    const b = await register('dual@example.com');
    expect(b.statusCode).toBe(201);

    const login = await fbLogin(fb.issueToken(dual.id));
    expect(login.json()).toMatchObject({ outcome: 'logged-in', user: { id: a.json().user.id } });

    const res = await fbConnect(fb.issueToken(dual.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('auth.social_already_linked');
    const bToken = (await post('/login', { email: 'dual@example.com', password })).json().token;
    const withBearer = await fbConnect(fb.issueToken(dual.id), bToken);
    expect(withBearer.statusCode).toBe(409);
    expect(withBearer.json().code).toBe('auth.social_already_linked');
    const me = await app.inject({
      method: 'GET',
      url: '/me',
      headers: { authorization: `Bearer ${bToken}` },
    });
    expect(me.json().user.facebook).toBeNull();
  });
});

describe('tokens Facebook does not vouch for', () => {
  it.each([
    ['an unknown token (debug_token is_valid false)', () => 'EAAmade-up-token'],
    ['a token of another app', () => fb.issueToken(somchaiFb.id, { appId: 'another-app' })],
    [
      'a token the user revoked',
      () => {
        const t = fb.issueToken(somchaiFb.id);
        fb.invalidate(t);
        return t;
      },
    ],
    ['an expired token', () => fb.issueToken(somchaiFb.id, { expiresInSeconds: -10 })],
  ])('%s → 401 auth.social_token_invalid on login and connect', async (_name, token) => {
    for (const res of [await fbLogin(token()), await fbConnect(token())]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'auth.social_token_invalid',
        detail: 'ไม่สามารถยืนยันการเข้าสู่ระบบด้วย Facebook ได้ กรุณาลองใหม่อีกครั้ง',
      });
      expect(hasRefreshCookie(res)).toBe(false);
    }
  });

  it('no token → 400 "กรุณากรอกข้อมูล" on accessToken', async () => {
    const res = await post('/facebook/login', { accessToken: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(
      expect.objectContaining({ field: 'accessToken', message: 'กรุณากรอกข้อมูล' }),
    );
  });

  it('a Facebook user without an e-mail: register outcome with email null; connect → 404', async () => {
    const login = await fbLogin(fb.issueToken(privateFb.id));
    expect(login.json()).toMatchObject({ outcome: 'register', social: { id: privateFb.id, email: null } });
    const connect = await fbConnect(fb.issueToken(privateFb.id));
    expect(connect.statusCode).toBe(404);
    expect(connect.json().code).toBe('auth.email_unknown');
  });
});

describe('when Facebook is down', () => {
  let down: FakeFacebook;
  let app2: ServiceApp;

  beforeAll(async () => {
    // a fake of its own on a fixed port, not started yet: Graph refuses connections
    down = new FakeFacebook({ port: await freePort() });
    app2 = await buildApp(readConfig(env.envFor('auth', facebookEnv(down, { FACEBOOK_TIMEOUT_MS: '300' }))));
    await app2.ready();
  });

  afterAll(async () => {
    await app2?.close();
    await down?.stop();
  });

  async function timedLogin(accessToken: string) {
    const started = Date.now();
    const res = await app2.inject({ method: 'POST', url: '/facebook/login', payload: { accessToken } });
    return { res, ms: Date.now() - started };
  }

  it('unreachable → 503 service.unavailable at once', async () => {
    const { res, ms } = await timedLogin('EAAwhatever');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'service.unavailable' });
    expect(ms).toBeLessThan(1_000);
  });

  it('answering 500 → 503', async () => {
    await down.start();
    down.graphMode = 'error';
    const { res } = await timedLogin(down.issueToken(somchaiFb.id));
    expect(res.statusCode).toBe(503);
  });

  it('not answering → 503 after the timeout (300 ms), not a hung sign-in', async () => {
    down.graphMode = 'hang';
    const { res, ms } = await timedLogin(down.issueToken(somchaiFb.id));
    expect(res.statusCode).toBe(503);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(1_500);
  });

  it('after those failures the breaker is open: 503 without calling Facebook', async () => {
    down.graphMode = 'ok';
    down.graphCalls = 0;
    const { res, ms } = await timedLogin(down.issueToken(somchaiFb.id));
    expect(res.statusCode).toBe(503);
    expect(ms).toBeLessThan(200);
    expect(down.graphCalls).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { FAKE_LINE_USERS, FakeLine, type FakeLineUser } from '@rian/kit/testing-line';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { ADMIN, bearer, registerMember, staffLogin, type Member } from './support/backoffice.js';

type LineLinked = { userId: string; lineUserId: string | null; changedAt: string };

const SITE = 'https://rian.example';
const [somchaiLine, nokLine] = FAKE_LINE_USERS as [FakeLineUser, FakeLineUser];

let env: TestEnv;
let app: ServiceApp;
let line: FakeLine;

beforeAll(async () => {
  line = new FakeLine();
  await line.start();
  env = await createTestEnv();
  app = await buildApp(
    readConfig(
      env.envFor('auth', {
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        SITE_URL: SITE,
        LINE_LOGIN_TIMEOUT_MS: '500',
        ...line.loginEnv,
      }),
    ),
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await line?.close();
  await env?.cleanup();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const linkedEvents = async (userId: string) =>
  (await publishedEvents<LineLinked>(env.namespace, 'auth', 'auth.user.line-linked')).filter(
    (e) => e.data.userId === userId,
  );

/** The member's whole trip: start, LINE's page (as `lineUser`), the callback the SPA posts. */
async function link(member: Member, lineUser: FakeLineUser) {
  const start = await call('POST', '/me/line/start', member.token);
  expect(start.statusCode).toBe(200);
  const back = await line.approve(start.json().authorizeUrl, lineUser);
  return {
    back,
    res: await call('POST', '/me/line/callback', member.token, { code: back.code, state: back.state }),
  };
}

let n = 0;
const newMember = () => registerMember(app, env, `line-member-${++n}@example.com`);

describe('LINE for members: linking with LINE Login (issue 20)', () => {
  it('a member sees LINE is on and not linked, links through LINE, and auth.user.line-linked carries the LINE id', async () => {
    const ann = await newMember();
    const before = await call('GET', '/me/line', ann.token);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ configured: true, linked: false, linkedAt: null, displayName: null });

    const start = await call('POST', '/me/line/start', ann.token);
    expect(start.statusCode).toBe(200);
    const { authorizeUrl, redirectUri } = start.json();
    expect(redirectUri).toBe(`${SITE}/member/line/callback`);
    const asked = new URL(authorizeUrl);
    expect(`${asked.origin}${asked.pathname}`).toBe(line.authorizeUrl);
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: line.channelId,
      redirect_uri: `${SITE}/member/line/callback`,
      scope: 'profile openid',
      code_challenge_method: 'S256',
    });
    // PKCE: the verifier behind it stays on the server with the state
    expect(asked.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(asked.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    expect(asked.searchParams.get('nonce')).toMatch(/^[\w-]{32}$/);

    const back = await line.approve(authorizeUrl, somchaiLine);
    expect(`${back.redirect.origin}${back.redirect.pathname}`).toBe(`${SITE}/member/line/callback`);
    expect(back.state).toBe(asked.searchParams.get('state'));
    const done = await call('POST', '/me/line/callback', ann.token, { code: back.code, state: back.state });
    expect(done.statusCode).toBe(200);
    const view = done.json();
    expect(view).toMatchObject({ configured: true, linked: true, displayName: 'Somchai (LINE)' });
    expect(Date.now() - Date.parse(view.linkedAt)).toBeLessThan(60_000);
    // the raw LINE id stays on the server
    expect(JSON.stringify(view)).not.toContain(somchaiLine.userId);
    expect((await call('GET', '/me/line', ann.token)).json()).toEqual(view);

    const [event] = await eventually(async () => {
      const all = await linkedEvents(ann.id);
      return all.length > 0 && all;
    });
    expect(event!.data).toEqual({ userId: ann.id, lineUserId: somchaiLine.userId, changedAt: view.linkedAt });
  });

  it('a state works once: the same callback again is refused (400) and changes nothing', async () => {
    const bob = await newMember();
    const { back, res } = await link(bob, nokLine);
    expect(res.statusCode).toBe(200);
    const again = await call('POST', '/me/line/callback', bob.token, { code: back.code, state: back.state });
    expect(again.statusCode).toBe(400);
    expect(again.headers['content-type']).toContain('application/problem+json');
    expect(again.json()).toMatchObject({ code: 'auth.line_state_invalid' });
    expect(again.json().messages.th).toContain('LINE');
    // an unknown state too
    const unknown = await call('POST', '/me/line/callback', bob.token, { code: 'x', state: 'no-such-state' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('auth.line_state_invalid');
    expect((await linkedEvents(bob.id)).length).toBe(1);
  });

  it("a member cannot finish another member's link: their state is refused (400) and stays theirs", async () => {
    const victim = await newMember();
    const attacker = await newMember();
    const start = await call('POST', '/me/line/start', victim.token);
    const victimLine: FakeLineUser = { userId: 'U00000000000000000000000000000a01', displayName: 'Victim' };
    const back = await line.approve(start.json().authorizeUrl, victimLine);
    const stolen = await call('POST', '/me/line/callback', attacker.token, {
      code: back.code,
      state: back.state,
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('auth.line_state_invalid');
    expect((await call('GET', '/me/line', attacker.token)).json().linked).toBe(false);
    // the state was not spent: the victim still finishes their own link with it
    const own = await call('POST', '/me/line/callback', victim.token, { code: back.code, state: back.state });
    expect(own.statusCode).toBe(200);
    expect(own.json().linked).toBe(true);
  });

  it("another member's LINE account is refused with 409 (Thai message) and nothing changes", async () => {
    const first = await newMember();
    const other: FakeLineUser = { userId: 'U0123456789abcdef0123456789abcdef', displayName: 'Shared' };
    expect((await link(first, other)).res.statusCode).toBe(200);
    const second = await newMember();
    const { res } = await link(second, other);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'auth.line_already_linked',
      messages: { th: 'บัญชี LINE นี้เชื่อมต่อกับสมาชิกคนอื่นแล้ว' },
    });
    expect((await call('GET', '/me/line', second.token)).json().linked).toBe(false);
    expect((await call('GET', '/me/line', first.token)).json().linked).toBe(true);
    // the positive signal: the first member's link event is there, the second has none
    await eventually(async () => (await linkedEvents(first.id)).length === 1);
    expect(await linkedEvents(second.id)).toEqual([]);
  });

  it('unlinking publishes lineUserId null; the LINE account can then be linked by someone else', async () => {
    const carol = await newMember();
    const lineUser: FakeLineUser = { userId: 'U00000000000000000000000000000c01', displayName: 'Carol' };
    expect((await link(carol, lineUser)).res.statusCode).toBe(200);
    const off = await call('DELETE', '/me/line', carol.token);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ configured: true, linked: false, linkedAt: null, displayName: null });
    const events = await eventually(async () => {
      const all = await linkedEvents(carol.id);
      return all.length === 2 && all;
    });
    expect(events.map((e) => e.data.lineUserId)).toEqual([lineUser.userId, null]);
    expect(Date.parse(events[1]!.data.changedAt)).toBeGreaterThanOrEqual(
      Date.parse(events[0]!.data.changedAt),
    );
    // unlinking again changes nothing (and says so)
    expect((await call('DELETE', '/me/line', carol.token)).json().linked).toBe(false);
    const dave = await newMember();
    expect((await link(dave, lineUser)).res.statusCode).toBe(200);
    await eventually(async () => (await linkedEvents(dave.id)).length === 1);
    expect((await linkedEvents(carol.id)).length).toBe(2);
  });

  it('LINE failing (500 or silent) answers 502 and links nothing; a code LINE refuses too', async () => {
    const erin = await newMember();
    const start = await call('POST', '/me/line/start', erin.token);
    const back = await line.approve(start.json().authorizeUrl, nokLine);
    line.api = 'error';
    try {
      const res = await call('POST', '/me/line/callback', erin.token, { code: back.code, state: back.state });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('auth.line_failed');
    } finally {
      line.api = 'ok';
    }
    const start2 = await call('POST', '/me/line/start', erin.token);
    const back2 = await line.approve(start2.json().authorizeUrl, nokLine);
    line.api = 'hang';
    try {
      const res = await call('POST', '/me/line/callback', erin.token, {
        code: back2.code,
        state: back2.state,
      });
      expect(res.statusCode).toBe(502);
    } finally {
      line.api = 'ok';
    }
    // a made-up code with a good state: LINE's token endpoint refuses it
    const start3 = await call('POST', '/me/line/start', erin.token);
    const state3 = new URL(start3.json().authorizeUrl).searchParams.get('state');
    const forged = await call('POST', '/me/line/callback', erin.token, { code: 'made-up', state: state3 });
    expect(forged.statusCode).toBe(502);
    expect((await call('GET', '/me/line', erin.token)).json().linked).toBe(false);
  });

  it('members only: anonymous 401, staff 403; bad bodies 400', async () => {
    for (const [method, url] of [
      ['GET', '/me/line'],
      ['POST', '/me/line/start'],
      ['POST', '/me/line/callback'],
      ['DELETE', '/me/line'],
    ] as const) {
      expect(
        (await call(method, url, undefined, method === 'POST' ? { code: 'a', state: 'b' } : undefined))
          .statusCode,
      ).toBe(401);
    }
    const staff = await staffLogin(app, ADMIN.username, ADMIN.password);
    expect((await call('GET', '/me/line', staff)).statusCode).toBe(403);
    expect((await call('POST', '/me/line/start', staff)).statusCode).toBe(403);
    const member = await newMember();
    const empty = await call('POST', '/me/line/callback', member.token, { code: '', state: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.headers['content-type']).toContain('application/problem+json');
  });
});

describe('LINE not configured', () => {
  let off: ServiceApp;
  let offEnv: TestEnv;

  beforeAll(async () => {
    offEnv = await createTestEnv();
    off = await buildApp(readConfig(offEnv.envFor('auth', {})));
    await off.ready();
  });

  afterAll(async () => {
    await off?.close();
    await offEnv?.cleanup();
  });

  it('GET answers configured false; start and callback answer 404 auth.line_not_configured', async () => {
    const m = await registerMember(off, offEnv, 'no-line@example.com');
    const view = await off.inject({ method: 'GET', url: '/me/line', headers: bearer(m.token) });
    expect(view.json()).toEqual({ configured: false, linked: false, linkedAt: null, displayName: null });
    const start = await off.inject({ method: 'POST', url: '/me/line/start', headers: bearer(m.token) });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toMatchObject({
      code: 'auth.line_not_configured',
      messages: { th: 'เว็บไซต์นี้ยังไม่ได้เปิดใช้การเชื่อมต่อ LINE' },
    });
    const cb = await off.inject({
      method: 'POST',
      url: '/me/line/callback',
      headers: bearer(m.token),
      payload: { code: 'a', state: 'b' },
    });
    expect(cb.statusCode).toBe(404);
  });
});

describe('LINE settings', () => {
  it('production refuses a non-https LINE URL; a channel id needs its secret', () => {
    const prod = { NODE_ENV: 'production' };
    const problems = (env: Record<string, string>) => {
      try {
        readConfig(env);
        return [];
      } catch (err) {
        return (err as { problems: string[] }).problems;
      }
    };
    expect(problems({ ...prod, LINE_LOGIN_API_URL: 'http://line.local' })).toContain(
      'LINE_LOGIN_API_URL: an https:// address in production',
    );
    expect(problems({ ...prod, LINE_LOGIN_AUTHORIZE_URL: 'http://line.local/a' })).toContain(
      'LINE_LOGIN_AUTHORIZE_URL: an https:// address in production',
    );
    expect(problems({ ...prod }).some((p) => p.startsWith('LINE_'))).toBe(false);
    expect(problems({ LINE_LOGIN_CHANNEL_ID: '123' })).toEqual([
      'LINE_LOGIN_CHANNEL_SECRET: required when LINE_LOGIN_CHANNEL_ID is set',
    ]);
    expect(problems({ LINE_LOGIN_API_URL: 'http://127.0.0.1:3111' })).toEqual([]);
  });
});

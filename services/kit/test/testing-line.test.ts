import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { FAKE_LINE_USERS, FakeLine } from '../src/testing-line.js';

/** The LINE stand-in's Messaging API part, as notifications' tests use it (issue 20, D152). */
let line: FakeLine;

beforeAll(async () => {
  line = new FakeLine();
  await line.start();
});

afterAll(async () => {
  await line?.close();
});

const push = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${line.url}/v2/bot/message/push`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${line.messagingToken}`,
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(body),
  });

describe('the LINE stand-in: Messaging API push', () => {
  it('records a push with the channel token and answers sentMessages; its / page lists it', async () => {
    const res = await push(
      { to: 'U1a2b3c4d5e6f708192a3b4c5d6e7f801', messages: [{ type: 'text', text: 'เริ่มเรียน 19:00 น.' }] },
      { 'x-line-retry-key': '0b4f5a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { sentMessages: { id: string }[] };
    expect(body.sentMessages).toHaveLength(1);
    const [first] = await line.waitForPushes(1);
    expect(first).toMatchObject({
      to: 'U1a2b3c4d5e6f708192a3b4c5d6e7f801',
      messages: [{ type: 'text', text: 'เริ่มเรียน 19:00 น.' }],
      retryKey: '0b4f5a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    });
    expect(await (await fetch(`${line.url}/`)).text()).toContain('เริ่มเรียน 19:00 น.');
  });

  it('a retry key seen before answers 409 and records nothing more (as LINE does)', async () => {
    const before = line.pushes.length;
    const again = await push(
      { to: 'U1a2b3c4d5e6f708192a3b4c5d6e7f801', messages: [{ type: 'text', text: 'x' }] },
      { 'x-line-retry-key': '0b4f5a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' },
    );
    expect(again.status).toBe(409);
    expect(line.pushes.length).toBe(before);
  });

  it('refuses a wrong token (401) and a bad body (400)', async () => {
    const before = line.pushes.length;
    const wrong = await push(
      { to: 'U1', messages: [{ type: 'text', text: 'x' }] },
      { authorization: 'Bearer nope' },
    );
    expect(wrong.status).toBe(401);
    const empty = await push({ to: '', messages: [] });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { details: unknown[] }).details).toHaveLength(2);
    expect(line.pushes.length).toBe(before);
  });

  it("answers 500 when told to fail (api = 'error')", async () => {
    line.api = 'error';
    try {
      expect((await push({ to: 'U1', messages: [{ type: 'text', text: 'x' }] })).status).toBe(500);
    } finally {
      line.api = 'ok';
    }
  });
});

describe('the LINE stand-in: LINE Login', () => {
  const redirectUri = 'http://127.0.0.1:3000/member/line/callback';
  const verifier = 'a-code-verifier-of-forty-three-characters-or-more-0123';
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = () =>
    `${line.authorizeUrl}?${new URLSearchParams({
      response_type: 'code',
      client_id: line.channelId,
      redirect_uri: redirectUri,
      state: 'st-1',
      scope: 'profile openid',
      nonce: 'n-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString()}`;
  const token = (code: string, extra: Record<string, string>) =>
    fetch(`${line.url}/oauth2/v2.1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: line.channelId,
        client_secret: line.channelSecret,
        ...extra,
      }),
    });

  it('a code needs the PKCE verifier; then the ID token verifies with the nonce and names the LINE user', async () => {
    const back = await line.approve(authorize(), FAKE_LINE_USERS[1]);
    expect(back.state).toBe('st-1');
    expect((await token(back.code!, { code_verifier: 'wrong' })).status).toBe(400);
    const ok = await token(back.code!, { code_verifier: verifier });
    expect(ok.status).toBe(200);
    const { id_token: idToken } = (await ok.json()) as { id_token: string };
    const verify = (nonce: string) =>
      fetch(`${line.url}/oauth2/v2.1/verify`, {
        method: 'POST',
        body: new URLSearchParams({ id_token: idToken, client_id: line.channelId, nonce }),
      });
    expect((await verify('other')).status).toBe(400);
    const claims = (await (await verify('n-1')).json()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: FAKE_LINE_USERS[1]!.userId, aud: line.channelId, nonce: 'n-1' });
    // a code works once
    expect((await token(back.code!, { code_verifier: verifier })).status).toBe(400);
  });
});

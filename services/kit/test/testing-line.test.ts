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

  it("LINE down (api = 'error'): answers 500, carries nothing out, and the request is recorded", async () => {
    const pushed = line.pushes.length;
    line.api = 'error';
    try {
      const res = await push(
        { to: 'U1', messages: [{ type: 'text', text: 'ล่ม' }] },
        { 'x-line-retry-key': 'c1d2e3f4-0000-4000-8000-000000000001' },
      );
      expect(res.status).toBe(500);
    } finally {
      line.api = 'ok';
    }
    expect(line.pushes.length).toBe(pushed);
    expect(line.requests.at(-1)).toMatchObject({
      to: 'U1',
      text: 'ล่ม',
      retryKey: 'c1d2e3f4-0000-4000-8000-000000000001',
      status: 500,
    });
    // nothing was accepted: the same key goes through once LINE is back
    const again = await push(
      { to: 'U1', messages: [{ type: 'text', text: 'ล่ม' }] },
      { 'x-line-retry-key': 'c1d2e3f4-0000-4000-8000-000000000001' },
    );
    expect(again.status).toBe(200);
    expect(line.pushes.filter((p) => p.retryKey === 'c1d2e3f4-0000-4000-8000-000000000001')).toHaveLength(1);
  });

  it("answer lost (api = 'lost'): the push is carried out but answered 500; its retry then gets 409", async () => {
    const key = 'c1d2e3f4-0000-4000-8000-000000000002';
    const body = { to: 'U2b3c4d5e6f708192a3b4c5d6e7f80912', messages: [{ type: 'text', text: 'หาย' }] };
    line.api = 'lost';
    try {
      expect((await push(body, { 'x-line-retry-key': key })).status).toBe(500);
    } finally {
      line.api = 'ok';
    }
    const retry = await push(body, { 'x-line-retry-key': key });
    expect(retry.status).toBe(409);
    expect(retry.headers.get('x-line-accepted-request-id')).toBe(key);
    // the member got it once
    expect(line.pushes.filter((p) => p.retryKey === key)).toEqual([
      {
        to: 'U2b3c4d5e6f708192a3b4c5d6e7f80912',
        messages: [{ type: 'text', text: 'หาย' }],
        text: 'หาย',
        retryKey: key,
        authorization: `Bearer ${line.messagingToken}`,
        at: expect.any(String),
      },
    ]);
    expect(line.requests.filter((r) => r.retryKey === key).map((r) => r.status)).toEqual([500, 409]);
  });

  it('records every request that reached it, refused ones too, with its token, key and answer', async () => {
    const from = line.requests.length;
    await push(
      { to: 'U1a2b3c4d5e6f708192a3b4c5d6e7f801', messages: [{ type: 'text', text: 'ผิดโทเค็น' }] },
      { authorization: 'Bearer nope', 'x-line-retry-key': 'c1d2e3f4-0000-4000-8000-000000000003' },
    );
    await push({
      to: 'U1a2b3c4d5e6f708192a3b4c5d6e7f801',
      messages: [
        { type: 'text', text: 'บรรทัดหนึ่ง' },
        { type: 'sticker', packageId: '446', stickerId: '1988' },
        { type: 'text', text: 'line two' },
      ],
    });
    expect(line.requests.slice(from)).toEqual([
      {
        to: 'U1a2b3c4d5e6f708192a3b4c5d6e7f801',
        messages: [{ type: 'text', text: 'ผิดโทเค็น' }],
        text: 'ผิดโทเค็น',
        retryKey: 'c1d2e3f4-0000-4000-8000-000000000003',
        authorization: 'Bearer nope',
        status: 401,
        at: expect.any(String),
      },
      {
        to: 'U1a2b3c4d5e6f708192a3b4c5d6e7f801',
        messages: expect.any(Array),
        text: 'บรรทัดหนึ่ง\n[sticker]\nline two',
        retryKey: null,
        authorization: `Bearer ${line.messagingToken}`,
        status: 200,
        at: expect.any(String),
      },
    ]);
    // the refused one was not carried out; its key is still free
    expect(line.pushes.filter((p) => p.text === 'ผิดโทเค็น')).toEqual([]);
  });

  it('waitForPushes(n, { where }) resolves once n matching pushes were carried out', async () => {
    const waiting = line.waitForPushes(2, { where: (p) => p.to === 'U0000000000000000000000000000wait' });
    for (const text of ['หนึ่ง', 'สอง']) {
      await push({ to: 'U0000000000000000000000000000wait', messages: [{ type: 'text', text }] });
    }
    expect((await waiting).map((p) => p.text)).toEqual(['หนึ่ง', 'สอง']);
    await expect(line.waitForPushes(1, { where: (p) => p.to === 'Unobody', timeoutMs: 50 })).rejects.toThrow(
      '0 of 1 pushes received',
    );
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

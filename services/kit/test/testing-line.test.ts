import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLine } from '../src/testing-line.js';

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

/**
 * Live comments end to end on the real servers (PostgreSQL, NATS, Redis): learning stores and
 * publishes, the gateway streams them over SSE to two members (issue 15 acceptance): a comment from
 * one reaches the other, staff hide it and it goes for both, a trade call arrives; a member who
 * drops while the gateway restarts comes back with Last-Event-ID and gets what was said meanwhile,
 * once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestEnv, eventually, freePort, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { LiveComment, LiveStreamWithKey } from '@rian/proto-contracts/learning-live';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { buildApp as buildLearning } from '@rian/learning/app';
import { readConfig as readLearningConfig } from '@rian/learning/config';
import { buildGateway } from '../../src/app.js';
import { readConfig as gatewayConfig } from '../../src/config.js';
import { SseClient } from '../sse-client.js';

let env: TestEnv;
let issuer: TestTokenIssuer;
let learning: FastifyInstance;
let learningUrl: string;
let gw: FastifyInstance;
let base: string;
let staff: string;
const open: SseClient[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${port}`;
}

const startGateway = async () => {
  const app = await buildGateway(
    gatewayConfig({
      LOG_LEVEL: 'silent',
      RIAN_NAMESPACE: env.namespace,
      REDIS_URL: env.envFor('gateway').REDIS_URL!,
      NATS_URL: env.envFor('gateway').NATS_URL!,
      LEARNING_URL: learningUrl,
      GATEWAY_SERVICES: 'learning',
      LIVE_GAP_WAIT_MS: '100',
    }),
    { tokenKeys: issuer.keys },
  );
  return { app, base: await listen(app) };
};

const api = async <T>(method: string, path: string, token: string, body?: object, status = 200) => {
  const res = await fetch(`${base}/api/learning${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
};

beforeAll(async () => {
  env = await createTestEnv();
  issuer = await TestTokenIssuer.create();
  staff = await issuer.sign({ sub: uuidv7(), kind: 'staff', role: 'staff', name: 'โค้ช' });
  learning = await buildLearning(readLearningConfig(env.envFor('learning', { PORT: '0' })), {
    tokenKeys: issuer.keys,
  });
  learningUrl = await listen(learning);
  ({ app: gw, base } = await startGateway());
}, 60_000);

afterAll(async () => {
  for (const c of open) c.close();
  await gw?.close().catch(() => undefined);
  await learning?.close();
  await env?.cleanup();
});

const watch = async (streamId: string, token: string, lastEventId?: number) => {
  const c = await SseClient.open(`${base}/api/live/streams/${streamId}`, token, lastEventId);
  open.push(c);
  expect(c.res.status).toBe(200);
  await eventually(() => (c.of('status').at(-1) as { fanout: boolean } | undefined)?.fanout === true);
  return c;
};
const texts = (c: SseClient) =>
  c.events.filter((e) => e.event === 'comment').map((e) => (e.data as LiveComment).text);

describe('live comments through the real gateway and learning', () => {
  it('two members see each other’s comments, a hide removes one for both, a trade call arrives; a reconnect across a gateway restart loses and doubles nothing', async () => {
    const stream = await api<LiveStreamWithKey>(
      'POST',
      '/admin/live-streams',
      staff,
      { name: 'ห้องเทรดสด', kind: 'trade', live: 'Y' },
      201,
    );
    const course = await learning.courses.create(
      { title: 'คอร์สไลฟ์', liveStreaming: 'Y', liveStreamingId: stream.id },
      null,
    );
    const tokens: string[] = [];
    const userA = uuidv7();
    for (const userId of [userA, uuidv7()]) {
      await learning.enrolmentAdmin.grant({ userId, courseId: course.id, start: '2026-01-01' }, 'staff');
      tokens.push(await issuer.member(userId, { status: 'Premium' }));
    }
    const [tokenA, tokenB] = tokens as [string, string];
    const stranger = await SseClient.open(
      `${base}/api/live/streams/${stream.id}`,
      await issuer.member(uuidv7()),
    );
    expect(stranger.res.status).toBe(404);

    const a = await watch(stream.id, tokenA);
    const b = await watch(stream.id, tokenB);
    const hello = await api<LiveComment>(
      'POST',
      `/member/live/${stream.id}/comments`,
      tokenA,
      { text: 'สวัสดี' },
      201,
    );
    await eventually(() => texts(b).includes('สวัสดี'));
    expect(b.ids()).toEqual([hello.seq]);

    await api('POST', `/admin/live-streams/${stream.id}/comments/${hello.seq}/hide`, staff);
    const hiddenFor = (c: SseClient) => c.of('hidden').some((h) => (h as { seq: number }).seq === hello.seq);
    await eventually(() => hiddenFor(a) && hiddenFor(b), 1_000);

    const call = await api<LiveComment>(
      'POST',
      `/admin/live-streams/${stream.id}/calls`,
      staff,
      { symbol: 'XAUUSD', side: 'sell', entry: '2390', stop: '2396', target: '2375' },
      201,
    );
    await eventually(() => b.of('call').some((c) => (c as LiveComment).seq === call.seq));
    const last = b.lastId()!;
    b.close();

    // the gateway restarts while member A keeps talking
    await gw.close();
    const said: number[] = [];
    for (const text of ['ระหว่างนั้น 1', 'ระหว่างนั้น 2']) {
      // the member limit is one comment per 2 s: let this one through (as if the time had passed)
      await learning.kit.redis.del(`learning:live-comment-gap:${userA}`);
      said.push(
        (
          await fetch(`${learningUrl}/member/live/${stream.id}/comments`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tokenA}`, 'content-type': 'application/json' },
            body: JSON.stringify({ text }),
          }).then((r) => r.json() as Promise<LiveComment>)
        ).seq,
      );
    }
    ({ app: gw, base } = await startGateway());

    const again = await watch(stream.id, tokenB, last);
    await eventually(() => again.ids().length === said.length);
    expect(again.ids()).toEqual(said);
    const after = await api<LiveComment>(
      'POST',
      `/admin/live-streams/${stream.id}/comments`,
      staff,
      { text: 'กลับมาแล้ว' },
      201,
    );
    await eventually(() => again.lastId() === after.seq);
    expect(again.ids()).toEqual([...said, after.seq]);
    expect(texts(again)).toEqual(['ระหว่างนั้น 1', 'ระหว่างนั้น 2', 'กลับมาแล้ว']);
  });
});

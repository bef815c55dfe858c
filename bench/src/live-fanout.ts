/**
 * Live comment fan-out (issue 15): CLIENTS members' SSE streams on one live stream through the
 * gateway (`GET /api/live/streams/:id`), staff posting RATE comments a second for DURATION seconds
 * through the gateway (`POST /api/learning/admin/live-streams/:id/comments`: learning stores the
 * comment, publishes it on core NATS after the commit, the gateway's one subscription fans it out).
 * Measured: from the moment the post is sent to the moment each client has the comment, p50/p99
 * over every (comment, client); baseline in the same run: one core-NATS publish → subscriber hop.
 * Also the gateway process's memory per idle open stream (heap and RSS, after GC).
 *
 *   npm run live-fanout -w @rian/bench   (CLIENTS=1000 RATE=20 DURATION=10)
 *
 * learning and the gateway run in this process (buildApp / buildGateway, listening on 127.0.0.1);
 * the clients in a child process (src/live-fanout-clients.ts), so their memory is not counted.
 * Real PostgreSQL, NATS and Redis in a namespace of the bench's own.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { connect } from '@nats-io/transport-node';
import { createTestEnv, freePort, TestTokenIssuer } from '@rian/kit/testing';
import { buildApp as buildLearning } from '@rian/learning/app';
import { readConfig as learningConfig } from '@rian/learning/config';
import { buildGateway } from '@rian/gateway/app';
import { readConfig as gatewayConfig } from '@rian/gateway/config';
import { summary } from './stats.js';

const CLIENTS = Math.max(1, Number(process.env.CLIENTS ?? 1000));
const RATE = Math.max(1, Number(process.env.RATE ?? 20));
const DURATION = Math.max(1, Number(process.env.DURATION ?? 10));
const COMMENTS = RATE * DURATION;

const gc = (globalThis as { gc?: () => void }).gc;
const memory = async () => {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 100));
  }
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
};
const epochNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const env = await createTestEnv();
const issuer = await TestTokenIssuer.create();
const learning = await buildLearning(learningConfig(env.envFor('learning', { LOG_LEVEL: 'silent' })), {
  tokenKeys: issuer.keys,
});
const learningPort = await freePort();
await learning.listen({ host: '127.0.0.1', port: learningPort });
const gw = await buildGateway(
  gatewayConfig({
    LOG_LEVEL: 'silent',
    RIAN_NAMESPACE: env.namespace,
    REDIS_URL: env.envFor('gateway').REDIS_URL!,
    NATS_URL: env.envFor('gateway').NATS_URL!,
    LEARNING_URL: `http://127.0.0.1:${learningPort}`,
    GATEWAY_SERVICES: 'learning',
    LIVE_STREAM_MAX_CONNECTIONS: String(CLIENTS + 10),
  }),
  { tokenKeys: issuer.keys },
);
const gwPort = await freePort();
await gw.listen({ host: '127.0.0.1', port: gwPort });
const base = `http://127.0.0.1:${gwPort}`;
const child = fork(fileURLToPath(new URL('./live-fanout-clients.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx'],
});

/** One core-NATS publish → subscriber hop, paced like the comments. */
async function natsHop(n: number): Promise<number[]> {
  const url = env.envFor('bench').NATS_URL!;
  const [pub, sub] = [await connect({ servers: url }), await connect({ servers: url })];
  const subject = `${env.namespace}.live.bench-hop`;
  const sent = new Map<number, number>();
  const out: number[] = [];
  const s = sub.subscribe(subject, {
    callback: (_e, m) => {
      out.push(epochNow() - sent.get(m.json<{ i: number }>().i)!);
    },
  });
  await sub.flush();
  for (let i = 0; i < n; i++) {
    sent.set(i, epochNow());
    pub.publish(subject, JSON.stringify({ i, text: 'x'.repeat(120) }));
    await sleep(1000 / RATE);
  }
  await sleep(500);
  s.unsubscribe();
  await Promise.all([pub.close(), sub.close()]);
  return out;
}

try {
  const staff = await issuer.sign({ sub: crypto.randomUUID(), kind: 'staff', role: 'staff', name: 'bench' });
  const auth = { authorization: `Bearer ${staff}`, 'content-type': 'application/json' };
  const stream = (await (
    await fetch(`${base}/api/learning/admin/live-streams`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'bench live', live: 'Y' }),
    })
  ).json()) as { id: string };
  const course = await learning.courses.create(
    { title: 'bench course', liveStreaming: 'Y', liveStreamingId: stream.id },
    null,
  );
  const userId = crypto.randomUUID();
  await learning.enrolmentAdmin.grant({ userId, courseId: course.id, start: '2026-01-01' }, 'bench');
  const member = await issuer.member(userId, { status: 'Premium' });

  const hop = summary(await natsHop(COMMENTS));

  const before = await memory();
  process.stdout.write(`opening ${CLIENTS} SSE clients…\n`);
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (m: { type: string; ready?: number; message?: string }) => {
      if (m.type === 'ready' && m.ready === CLIENTS) resolve();
      if (m.type === 'error') reject(new Error(m.message));
    });
  });
  child.send({ type: 'open', url: `${base}/api/live/streams/${stream.id}`, token: member, clients: CLIENTS });
  const t0 = performance.now();
  await ready;
  const connectS = (performance.now() - t0) / 1000;
  await sleep(1_000);
  const idle = await memory();

  // warm-up (not measured): the first posts pay for cold pools and JIT
  const post = (text: string) =>
    fetch(`${base}/api/learning/admin/live-streams/${stream.id}/comments`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ text: text.padEnd(120, '.') }),
    }).then((r) => r.json() as Promise<{ seq: number }>);
  for (let i = 0; i < RATE; i++) await post(`warm-up ${i}`);
  await sleep(1_000);

  process.stdout.write(`posting ${COMMENTS} comments at ${RATE}/s…\n`);
  const postedAt = new Map<number, number>();
  const answered: number[] = [];
  const posts: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < COMMENTS; i++) {
    const at = epochNow();
    posts.push(
      post(`ความคิดเห็นที่ ${i} `).then((c) => {
        postedAt.set(c.seq, at);
        answered.push(epochNow() - at);
      }),
    );
    const next = start + ((i + 1) * 1000) / RATE;
    await sleep(Math.max(0, next - performance.now()));
  }
  await Promise.all(posts);
  await sleep(2_000);

  const report = new Promise<[number, number][][]>((resolve) => {
    child.on('message', (m: { type: string; arrivals?: [number, number][][] }) => {
      if (m.type === 'report') resolve(m.arrivals!);
    });
  });
  child.send({ type: 'report' });
  const arrivals = await report;
  const latencies: number[] = [];
  let missing = 0;
  for (const client of arrivals) {
    const got = new Map(client);
    for (const [seq, at] of postedAt) {
      const t = got.get(seq);
      if (t === undefined) missing++;
      else latencies.push(t - at);
    }
  }
  const fan = summary(latencies);
  const write = summary(answered);
  // the fan-out proper: from the first client to the last client having a comment
  const maps = arrivals.map((c) => new Map(c));
  const spread = summary(
    [...postedAt.keys()].map((seq) => {
      const at = maps.map((m) => m.get(seq)).filter((t): t is number => t !== undefined);
      return Math.max(...at) - Math.min(...at);
    }),
  );
  if (process.env.DEBUG) {
    const bySeq = [...postedAt.keys()]
      .sort((a, b) => a - b)
      .map((seq) => {
        const l = arrivals.map((c) => new Map(c).get(seq)! - postedAt.get(seq)!).sort((a, b) => a - b);
        return `${seq}:${l[0]!.toFixed(0)}/${l[l.length - 1]!.toFixed(0)}`;
      });
    process.stderr.write(bySeq.join(' ') + '\n');
  }
  const f = (n: number) => n.toFixed(1).padStart(8);
  const x = (a: number, b: number) => `${(a / b).toFixed(1)}x`.padStart(8);
  const kb = (bytes: number) => `${(bytes / CLIENTS / 1024).toFixed(1)} KiB`;
  process.stdout.write(
    [
      '',
      `live comment fan-out: ${CLIENTS} SSE clients on one stream through the gateway, ${COMMENTS} comments at ${RATE}/s`,
      'scenario                                      p50 ms   p99 ms   max ms   p50 vs hop   p99 vs hop',
      `baseline: one core-NATS hop                  ${f(hop.p50)} ${f(hop.p99)} ${f(hop.max)}   ${x(1, 1)}     ${x(1, 1)}`,
      `post → every client (${fan.n} deliveries)`.padEnd(45) +
        `${f(fan.p50)} ${f(fan.p99)} ${f(fan.max)}   ${x(fan.p50, hop.p50)}     ${x(fan.p99, hop.p99)}`,
      `  … the post answered (gateway → learning: commit)`.padEnd(45) +
        `${f(write.p50)} ${f(write.p99)} ${f(write.max)}   ${x(write.p50, hop.p50)}     ${x(write.p99, hop.p99)}`,
      `  … first client → last client (the fan-out)`.padEnd(45) +
        `${f(spread.p50)} ${f(spread.p99)} ${f(spread.max)}`,
      `missing deliveries: ${missing}; clients connected (each replayed from learning) in ${connectS.toFixed(1)} s`,
      `gateway + learning process, per idle open stream: heap ${kb(idle.heap - before.heap)}, rss ${kb(idle.rss - before.rss)}${gc ? '' : ' (no --expose-gc: rough)'}`,
      '',
    ].join('\n'),
  );
} finally {
  child.send({ type: 'close' });
  await gw.close().catch(() => undefined);
  await learning.close().catch(() => undefined);
  await env.cleanup();
}

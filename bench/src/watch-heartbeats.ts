/**
 * Watch statistics (issue 14) under load: heartbeat ingestion through the gateway, and the
 * dashboard's statistics reads for a member with a year of history.
 *
 * 1. Heartbeats. VIEWERS members (default 2,000), each enrolled in a course with a video lesson
 *    today, open the lesson (POST /api/learning/member/playbacks) one after another over RAMP_S
 *    seconds (default 20) and beat every WATCH_BEAT_S (10 s) from then on; the beats of the
 *    DURATION seconds after the ramp (default 60), every viewer playing, are the measured ones — an
 *    open loop at VIEWERS / 10 beats/s (≈200), each beat sent at its planned time whatever the
 *    answers before it (latency counts from the planned time, so a server falling behind shows).
 *    Through the gateway, as the browser does. Nothing may be lost: every beat must answer 200
 *    `accepted: true`, the credited seconds must add up to each playback's `playbackSeconds`, and
 *    to each member's `todaySeconds` in GET /member/stats/summary afterwards.
 *    Baseline, same run, same schedule (BASELINE_DURATION, default 10 s): a plain Fastify server
 *    (src/baseline-server.ts) answering the captured JSON on the same two paths.
 *    CEILING_S (default 10; 0 skips it) adds a closed loop (CONNECTIONS beats in flight, no
 *    pause) of that many seconds: the most beats/s the box takes. DIRECT=1 adds the schedule straight at learning
 *    (no gateway) with members of its own.
 * 2. Dashboard reads. One member with a year of history (history rows written straight into
 *    learning's tables) reads GET /member/stats/summary, /member/stats/month and
 *    /member/stats/videos at the learning service directly, READ_CONNECTIONS at a time
 *    (default 10) for READ_DURATION seconds each (default 3), against the baseline answering the
 *    same JSON.
 * 3. CPU time per request (src/cpu-time.ts): learning, the gateway and learning's PostgreSQL
 *    backends, per beat, per playback start and per read — what a shared, busy box inflates least.
 *
 * Auth, learning, the gateway and the baseline run as child processes (as `npm start` runs them)
 * on a fresh database, NATS and Redis namespace; the load generator (undici) is this process.
 * Tokens are signed with the key auth is given (AUTH_SIGNING_JWK), as auth signs them, so 2,000
 * members need no sign-in.
 *
 *   npm run watch-heartbeats -w @rian/bench
 *   (VIEWERS=2000 RAMP_S=20 DURATION=60 BASELINE_DURATION=10 CONNECTIONS=100 CEILING_S=10 DIRECT=0
 *    READ_DURATION=3 READ_CONNECTIONS=10 HISTORY_DAYS=365; BENCH_LOGS, BENCH_LOG_LEVEL,
 *    BENCH_PROFILE, BENCH_PROFILE_DIR: see src/processes.ts)
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { Pool } from 'undici';
import { createTestEnv, freePort } from '@rian/kit/testing';
import { WATCH_BEAT_S } from '@rian/proto-contracts/learning-watch';
import { CpuMeter, type CpuSnapshot } from './cpu-time.js';
import { onExit, start, stopAll, waitReady } from './processes.js';
import { writeHistory } from './watch-history.js';
import { summary } from './stats.js';
import { memberToken, signingJwk } from './member-tokens.js';

const VIEWERS = Number(process.env.VIEWERS ?? 2000);
const DURATION = Math.max(WATCH_BEAT_S, Number(process.env.DURATION ?? 60));
/** the viewers open the lesson one after another over this many seconds (≥ one beat period) */
const RAMP_S = Math.max(WATCH_BEAT_S, Number(process.env.RAMP_S ?? 20));
const BASELINE_DURATION = Math.max(WATCH_BEAT_S, Number(process.env.BASELINE_DURATION ?? 10));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const CEILING_S = Number(process.env.CEILING_S ?? 10);
const DIRECT = process.env.DIRECT === '1';
const READ_DURATION = Number(process.env.READ_DURATION ?? 3);
const READ_CONNECTIONS = Number(process.env.READ_CONNECTIONS ?? 10);
const HISTORY_DAYS = Number(process.env.HISTORY_DAYS ?? 365);
/** a lesson's length; today's (the one every viewer watches) is long enough that DURATION never reaches its end */
const VIDEO_SECONDS = 3600;
const TODAY_VIDEO_SECONDS = Math.max(VIDEO_SECONDS, RAMP_S + DURATION + CEILING_S * WATCH_BEAT_S + 600);
/** lessons of the course (the history member's year is spread over them) */
const LESSONS = 120;
const PLAYBACKS = '/member/playbacks';

const bangkokDay = (offsetDays = 0) =>
  new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------- the course, its lessons, the members

interface Course {
  courseId: string;
  /** the lesson of today every viewer opens */
  sessionId: string;
  /** every lesson, oldest first: [sessionId, videoId, Bangkok day] */
  lessons: { sessionId: string; videoId: string; day: string }[];
}

async function writeCourse(db: pg.Client): Promise<Course> {
  const courseId = crypto.randomUUID();
  await db.query(`insert into courses (course_id, title) values ($1, 'Bench: watch statistics')`, [courseId]);
  const lessons: Course['lessons'] = [];
  for (let i = 0; i < LESSONS; i++) {
    // one lesson every ~3 days over the last year, the last one today
    const day = bangkokDay(-Math.round(((LESSONS - 1 - i) * 365) / LESSONS));
    const assetId = crypto.randomUUID();
    const videoId = crypto.randomUUID();
    const sessionId = crypto.randomUUID();
    const seconds = i === LESSONS - 1 ? TODAY_VIDEO_SECONDS : VIDEO_SECONDS;
    await db.query(
      `insert into video_assets (asset_id, status, progress, duration_seconds, playlist, poster, original_name, bytes, changed_at)
       values ($1, 'ready', 100, $2, 'master.m3u8', 'poster.jpg', 'lesson.mp4', 1000, now())`,
      [assetId, seconds],
    );
    await db.query(
      `insert into videos (video_id, course_id, source, asset_id, name, item, status, duration_seconds)
       values ($1, $2, 'upload', $3, $4, $5, 'show', $6)`,
      [videoId, courseId, assetId, `บทเรียนที่ ${i + 1}`, i + 1, seconds],
    );
    await db.query(
      `insert into course_sessions (session_id, course_id, type, item, title, session_date, video_id)
       values ($1, $2, 'video', $3, $4, $5, $6)`,
      [sessionId, courseId, i + 1, `บทเรียนที่ ${i + 1}`, day, videoId],
    );
    lessons.push({ sessionId, videoId, day });
  }
  return { courseId, sessionId: lessons[lessons.length - 1]!.sessionId, lessons };
}

/** Active, selected enrolments in the course, started `startDay`, granted by staff. */
async function enrol(db: pg.Client, courseId: string, userIds: string[], startDay: string): Promise<void> {
  for (let i = 0; i < userIds.length; i += 1000) {
    const chunk = userIds.slice(i, i + 1000);
    await db.query(
      `insert into user_courses (enrolment_id, user_id, course_id, source, status, selected, start_date, granted_by)
       select gen_random_uuid(), u, $2, 'staff', 'active', 'Y', $3::date, 'bench'
       from unnest($1::text[]) as u`,
      [chunk, courseId, startDay],
    );
  }
}

// ---------------------------------------------------------------- the heartbeat load

interface Viewer {
  userId: string;
  auth: string;
  playbackId?: string;
  seq: number;
  position: number;
  /** the sum of `credited` over its accepted beats */
  credited: number;
  /** the last answer's playbackSeconds */
  playbackSeconds: number;
  /** its requests one after another (a beat never overtakes the start or the beat before) */
  chain: Promise<void>;
}

interface Tally {
  /** beats planned after the ramp: latency from the planned time */
  beats: number[];
  /** beats planned during the ramp */
  rampBeats: number[];
  /** the measured beats' p99 per beat period of the window (a backlog draining shows) */
  slices: number[][];
  starts: number[];
  /** time from send to answer (the latency above counts from the planned time) */
  beatService: number[];
  /** beats due (a viewer whose start failed has beats due but none sent) */
  planned: number;
  sent: number;
  accepted: number;
  notAccepted: number;
  statuses: Map<string, number>;
  samples: string[];
  /** CPU ms per server: during the ramp, during the measured window (schedule) or the whole run (ceiling) */
  cpuRamp?: Map<string, number>;
  cpu?: Map<string, number>;
  firstStart?: string;
  firstBeat?: string;
  wallMs: number;
}

const newTally = (): Tally => ({
  beats: [],
  rampBeats: [],
  slices: [],
  starts: [],
  beatService: [],
  planned: 0,
  sent: 0,
  accepted: 0,
  notAccepted: 0,
  statuses: new Map(),
  samples: [],
  wallMs: 0,
});

function failure(t: Tally, what: string, detail: string) {
  t.statuses.set(what, (t.statuses.get(what) ?? 0) + 1);
  if (t.samples.length < 5) t.samples.push(`${what}: ${detail.slice(0, 300)}`);
}

async function post(pool: Pool, path: string, auth: string, body: unknown) {
  const res = await pool.request({
    method: 'POST',
    path,
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.statusCode, text: await res.body.text() };
}

async function startPlayback(pool: Pool, prefix: string, v: Viewer, sessionId: string, t: Tally) {
  const r = await post(pool, `${prefix}${PLAYBACKS}`, v.auth, { sessionId, device: 'bench' });
  if (r.status !== 201) return failure(t, `start ${r.status}`, r.text);
  t.firstStart ??= r.text;
  v.playbackId = (JSON.parse(r.text) as { playbackId: string }).playbackId;
}

async function beat(pool: Pool, prefix: string, v: Viewer, played: number, t: Tally) {
  t.planned++;
  if (!v.playbackId) return failure(t, 'beat without a playback', v.userId);
  v.seq += 1;
  v.position += played;
  const body = { seq: v.seq, position: v.position, played, rate: 1, visible: true, event: 'tick' };
  t.sent++;
  const r = await post(pool, `${prefix}${PLAYBACKS}/${v.playbackId}/beats`, v.auth, body);
  if (r.status !== 200) return failure(t, `beat ${r.status}`, r.text);
  const result = JSON.parse(r.text) as { accepted: boolean; credited: number; playbackSeconds: number };
  t.firstBeat ??= r.text;
  if (!result.accepted) {
    t.notAccepted++;
    return failure(t, 'beat accepted:false', r.text);
  }
  t.accepted++;
  v.credited += result.credited;
  v.playbackSeconds = result.playbackSeconds;
}

/**
 * The open loop: viewer i opens its playback at i/n of `rampS` and beats every period from then on,
 * until `seconds` past the ramp. Beats planned after the ramp (every viewer playing) are the
 * measured ones; latencies count from the planned time.
 */
async function schedule(
  base: string,
  prefix: string,
  viewers: Viewer[],
  opts: { rampS: number; seconds: number; sessionId: string; meter?: CpuMeter },
) {
  const t: Tally = newTally();
  const pool = new Pool(base, { connections: CONNECTIONS, pipelining: 1, keepAliveTimeout: 60_000 });
  const period = WATCH_BEAT_S * 1000;
  const ramp = opts.rampS * 1000;
  const end = ramp + opts.seconds * 1000;
  const events: { at: number; i: number; start: boolean }[] = [];
  viewers.forEach((_v, i) => {
    const startAt = (i * ramp) / viewers.length;
    events.push({ at: startAt, i, start: true });
    for (let at = startAt + period; at < end; at += period) events.push({ at, i, start: false });
  });
  events.sort((a, b) => a.at - b.at);
  const inFlight: Promise<void>[] = [];
  const s0 = await opts.meter?.snapshot();
  let s1: Promise<CpuSnapshot> | undefined;
  if (opts.meter) setTimeout(() => (s1 = opts.meter!.snapshot()), ramp);
  const t0 = performance.now();
  let next = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now() - t0;
      while (next < events.length && events[next]!.at <= now) {
        const { at, i, start } = events[next++]!;
        const v = viewers[i]!;
        v.chain = v.chain.then(async () => {
          const sentAt = performance.now();
          try {
            if (start) {
              await startPlayback(pool, prefix, v, opts.sessionId, t);
              t.starts.push(performance.now() - t0 - at);
            } else {
              await beat(pool, prefix, v, WATCH_BEAT_S, t);
              const ms = performance.now() - t0 - at;
              if (at < ramp) t.rampBeats.push(ms);
              else {
                t.beats.push(ms);
                t.beatService.push(performance.now() - sentAt);
                ((t.slices[Math.floor((at - ramp) / period)] ??= []) as number[]).push(ms);
              }
            }
          } catch (err) {
            failure(t, 'socket error', (err as Error).message);
          }
        });
        inFlight.push(v.chain);
      }
      if (next < events.length) setTimeout(tick, Math.max(0, events[next]!.at - (performance.now() - t0)));
      else done();
    };
    tick();
  });
  await Promise.all(inFlight);
  if (opts.meter && s0 && s1) {
    const s2 = await opts.meter.snapshot();
    t.cpuRamp = CpuMeter.delta(s0, await s1);
    t.cpu = CpuMeter.delta(await s1, s2);
  }
  t.wallMs = opts.seconds * 1000;
  await pool.close();
  return t;
}

/** The closed loop: CONNECTIONS beats in flight for `seconds`, each viewer in turn. */
async function ceiling(base: string, prefix: string, viewers: Viewer[], seconds: number, meter?: CpuMeter) {
  const t = newTally();
  const s0 = await meter?.snapshot();
  const pool = new Pool(base, { connections: CONNECTIONS, pipelining: 1 });
  const last = new Map<Viewer, number>();
  const busy = new Set<Viewer>();
  const t0 = performance.now();
  let n = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() - t0 < seconds * 1000) {
        // never two beats of one viewer in flight (the later could arrive first: out of order)
        let v = viewers[n++ % viewers.length]!;
        for (let tries = 0; busy.has(v) && tries < viewers.length; tries++)
          v = viewers[n++ % viewers.length]!;
        if (busy.has(v)) {
          await new Promise((r) => setTimeout(r, 1));
          continue;
        }
        busy.add(v);
        await v.chain;
        const sentAt = performance.now();
        // what the member could have played since its last beat (so the server credits it in full)
        const played = Math.min(
          WATCH_BEAT_S,
          Math.max(0.01, (sentAt - (last.get(v) ?? sentAt - 1000)) / 1000),
        );
        last.set(v, sentAt);
        v.chain = beat(pool, prefix, v, Math.round(played * 1000) / 1000, t).catch((err: Error) =>
          failure(t, 'socket error', err.message),
        );
        await v.chain;
        busy.delete(v);
        t.beats.push(performance.now() - sentAt);
      }
    }),
  );
  t.wallMs = performance.now() - t0;
  if (meter && s0) t.cpu = CpuMeter.delta(s0, await meter.snapshot());
  await pool.close();
  return t;
}

// ---------------------------------------------------------------- autocannon for the reads

function cannon(url: string, headers: Record<string, string>, seconds: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: READ_CONNECTIONS, duration: seconds }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

// ---------------------------------------------------------------- the run

const env = await createTestEnv();
const cleanup = onExit(async () => {
  await stopAll();
  await env.cleanup();
});

let db: pg.Client | undefined;
const fmt = (n: number, w = 8, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-').padStart(w);
const out: string[] = [];
/** progress on stderr; with BENCH_PROFILE, each phase's start on the monotonic clock the CPU profiles use (µs) */
const say = (line: string) =>
  process.stderr.write(
    `${line}${process.env.BENCH_PROFILE ? ` [mark ${process.hrtime.bigint() / 1000n}]` : ''}\n`,
  );

try {
  const redisUrl = env.envFor('gateway').REDIS_URL!;
  const [authPort, learningPort, gatewayPort] = [await freePort(), await freePort(), await freePort()];
  const authBase = `http://127.0.0.1:${authPort}`;
  const learningBase = `http://127.0.0.1:${learningPort}`;
  const gatewayBase = `http://127.0.0.1:${gatewayPort}`;
  const jwksUrl = `${authBase}/.well-known/jwks.json`;
  const quiet = { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent', HOST: '127.0.0.1' };

  say('starting auth, learning and the gateway…');
  const auth = start('auth', 'services/auth/src/server.ts', {
    ...env.envFor('auth', quiet),
    PORT: String(authPort),
    AUTH_SIGNING_JWK: JSON.stringify(signingJwk),
  });
  await waitReady(auth, `${authBase}/readyz`);
  const learning = start('learning', 'services/learning/src/server.ts', {
    ...env.envFor('learning', quiet),
    PORT: String(learningPort),
    AUTH_JWKS_URL: jwksUrl,
  });
  const gateway = start('gateway', 'gateway/src/server.ts', {
    ...quiet,
    PORT: String(gatewayPort),
    RIAN_NAMESPACE: env.namespace,
    REDIS_URL: redisUrl,
    NATS_URL: env.envFor('gateway').NATS_URL!,
    GATEWAY_SERVICES: 'auth,learning',
    AUTH_URL: authBase,
    LEARNING_URL: learningBase,
    AUTH_JWKS_URL: jwksUrl,
  });
  await waitReady(learning, `${learningBase}/readyz`);
  await waitReady(gateway, `${gatewayBase}/api/health`);

  say(`writing the course (${LESSONS} lessons) and ${VIEWERS * (DIRECT ? 2 : 1)} + 1 enrolments…`);
  const sql = (db = new pg.Client({ connectionString: env.databaseUrl('learning') }));
  await sql.connect();
  const course = await writeCourse(sql);
  const makeViewers = async (n: number): Promise<Viewer[]> => {
    const ids = Array.from({ length: n }, () => crypto.randomUUID());
    await enrol(sql, course.courseId, ids, bangkokDay(0));
    return Promise.all(
      ids.map(async (userId) => ({
        userId,
        auth: `Bearer ${await memberToken(userId)}`,
        seq: 0,
        position: 0,
        credited: 0,
        playbackSeconds: 0,
        chain: Promise.resolve(),
      })),
    );
  };
  const viewers = await makeViewers(VIEWERS);
  const directViewers = DIRECT ? await makeViewers(VIEWERS) : [];
  const historyMember = crypto.randomUUID();
  await enrol(sql, course.courseId, [historyMember], bangkokDay(-HISTORY_DAYS - 1));

  // warm-up: a few members open the lesson and beat, so the first planned beats meet warm code
  {
    const warm = await makeViewers(20);
    const pool = new Pool(gatewayBase, { connections: 20 });
    const t = newTally();
    await Promise.all(warm.map((v) => startPlayback(pool, '/api/learning', v, course.sessionId, t)));
    for (let k = 0; k < 10; k++) await Promise.all(warm.map((v) => beat(pool, '/api/learning', v, 0.2, t)));
    await pool.close();
    if (t.statuses.size) throw new Error(`warm-up failed: ${t.samples.join('\n')}`);
  }

  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  say(`heartbeats through the gateway: ${VIEWERS} viewers, ${DURATION}s after a ${RAMP_S}s ramp…`);
  const meter = new CpuMeter(
    [
      { name: 'learning', pid: () => learning.proc.pid },
      { name: 'gateway', pid: () => gateway.proc.pid },
      { name: 'auth', pid: () => auth.proc.pid },
    ],
    { client: sql, database: new URL(env.databaseUrl('learning')).pathname.slice(1) },
  );
  const plan = { rampS: RAMP_S, seconds: DURATION, sessionId: course.sessionId, meter };
  const viaGateway = await schedule(gatewayBase, '/api/learning', viewers, plan);
  let direct: Tally | undefined;
  if (DIRECT) {
    say('the same straight at learning…');
    direct = await schedule(learningBase, '', directViewers, plan);
  }
  let top: Tally | undefined;
  if (CEILING_S > 0) {
    say(`ceiling: ${CONNECTIONS} beats in flight for ${CEILING_S}s…`);
    top = await ceiling(gatewayBase, '/api/learning', viewers, CEILING_S, meter);
  }

  // no beat lost: the members' today totals as learning reports them
  say('checking every member’s total…');
  const mismatches: string[] = [];
  let serverTotal = 0;
  let clientTotal = 0;
  const checkPool = new Pool(learningBase, { connections: 20 });
  const checked = [...viewers, ...directViewers];
  for (let i = 0; i < checked.length; i += 20) {
    await Promise.all(
      checked.slice(i, i + 20).map(async (v) => {
        const res = await checkPool.request({
          method: 'GET',
          path: '/member/stats/summary',
          headers: { authorization: v.auth },
        });
        const text = await res.body.text();
        if (res.statusCode !== 200)
          return void mismatches.push(`summary ${res.statusCode}: ${text.slice(0, 200)}`);
        const today = (JSON.parse(text) as { todaySeconds: number }).todaySeconds;
        serverTotal += today;
        clientTotal += v.credited;
        if (Math.abs(today - v.credited) > 0.01 || Math.abs(v.playbackSeconds - v.credited) > 0.01)
          mismatches.push(
            `${v.userId}: credited ${v.credited.toFixed(3)}, playbackSeconds ${v.playbackSeconds}, todaySeconds ${today}`,
          );
      }),
    );
  }
  await checkPool.close();

  // the year of history, then its three reads as captured answers for the baseline
  say(`writing ${HISTORY_DAYS} days of history for one member…`);
  const history = await writeHistory(sql, {
    userId: historyMember,
    course,
    days: HISTORY_DAYS,
    durationSeconds: VIDEO_SECONDS,
  });
  const historyAuth = `Bearer ${await memberToken(historyMember)}`;
  const month = bangkokDay(0).slice(0, 7);
  const reads = [
    { name: 'summary', path: '/member/stats/summary' },
    { name: 'month', path: `/member/stats/month?month=${month}` },
    { name: 'videos', path: '/member/stats/videos' },
  ];
  const captured = new Map<string, string>();
  for (const r of reads) {
    const res = await fetch(`${learningBase}${r.path}`, { headers: { authorization: historyAuth } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${r.path} answered ${res.status}: ${text.slice(0, 300)}`);
    captured.set(r.path, text);
  }

  const baselinePort = await freePort();
  const baselineBase = `http://127.0.0.1:${baselinePort}`;
  const baseline = start('baseline', 'bench/src/baseline-server.ts', {
    PORT: String(baselinePort),
    BASELINE_ROUTES: JSON.stringify({
      [`POST /api/learning${PLAYBACKS}`]: { status: 201, body: viaGateway.firstStart ?? '{}' },
      [`POST /api/learning${PLAYBACKS}/:id/beats`]: viaGateway.firstBeat ?? '{}',
      ...Object.fromEntries(reads.map((r) => [r.path.split('?')[0]!, captured.get(r.path)!])),
    }),
  });
  await waitReady(baseline, `${baselineBase}/readyz`);
  say(`the same schedule at the baseline for ${BASELINE_DURATION}s…`);
  const baseViewers: Viewer[] = viewers.map((v) => ({
    ...v,
    playbackId: undefined,
    seq: 0,
    position: 0,
    credited: 0,
    playbackSeconds: 0,
    chain: Promise.resolve(),
  }));
  const base = await schedule(baselineBase, '/api/learning', baseViewers, {
    rampS: WATCH_BEAT_S,
    seconds: BASELINE_DURATION,
    sessionId: course.sessionId,
  });

  say('dashboard reads…');
  const readRows: {
    name: string;
    bytes: number;
    service: Result;
    baseline: Result;
    cpu: Map<string, number>;
  }[] = [];
  for (const r of reads) {
    const headers = { authorization: historyAuth };
    await cannon(`${learningBase}${r.path}`, headers, 1);
    const s0 = await meter.snapshot();
    const service = await cannon(`${learningBase}${r.path}`, headers, READ_DURATION);
    const cpu = CpuMeter.delta(s0, await meter.snapshot());
    await cannon(`${baselineBase}${r.path}`, headers, 1);
    const baseline = await cannon(`${baselineBase}${r.path}`, headers, READ_DURATION);
    readRows.push({ name: r.name, bytes: captured.get(r.path)!.length, service, baseline, cpu });
  }

  // ------------------------------------------------------------ the report
  const beatRow = (name: string, t: Tally, b: Tally) => {
    const s = summary(t.beats);
    const bs = summary(b.beats);
    return [
      name.padEnd(40),
      fmt((t.beats.length / t.wallMs) * 1000, 9),
      fmt(s.p50),
      fmt(s.p99),
      fmt(s.max),
      `${(s.p99 / Math.max(bs.p99, 0.1)).toFixed(2)}x`.padStart(16),
      String(t.sent).padStart(7),
      String(t.accepted).padStart(9),
      String(t.planned - t.accepted).padStart(6),
    ].join(' ');
  };
  const g = summary(viaGateway.beats);
  out.push(
    '',
    `heartbeats: ${VIEWERS} viewers, one beat each ${WATCH_BEAT_S} s (${(VIEWERS / WATCH_BEAT_S).toFixed(0)} beats/s planned), ` +
      `measured for ${DURATION} s after a ${RAMP_S} s ramp in which they open the lesson one after another ` +
      `(baseline: ${BASELINE_DURATION} s after ${WATCH_BEAT_S} s), ${CONNECTIONS} connections; ` +
      `auth, learning, gateway, baseline and the load generator in 5 processes on ${availableParallelism()} cores, ` +
      `load average ${load} at start`,
    'scenario                                    beats/s   p50 ms   p99 ms   max ms  p99 vs baseline    sent  accepted  lost',
    beatRow('baseline (plain Fastify, own process)', base, base),
    beatRow('through the gateway → learning', viaGateway, base),
    ...(direct ? [beatRow('learning directly', direct, base)] : []),
    `  (latency from each beat's planned time; send → answer alone: p50 ${fmt(summary(viaGateway.beatService).p50, 0)} ms, ` +
      `p99 ${fmt(summary(viaGateway.beatService).p99, 0)} ms)`,
    `  p99 per ${WATCH_BEAT_S} s of the window: ${viaGateway.slices.map((x) => summary(x).p99.toFixed(0)).join(', ')} ms`,
    `  the ramp: ${viaGateway.starts.length} playback starts (${(VIEWERS / RAMP_S).toFixed(0)}/s), p50 ` +
      `${fmt(summary(viaGateway.starts).p50, 0)} ms, p99 ${fmt(summary(viaGateway.starts).p99, 0)} ms; ` +
      `${viaGateway.rampBeats.length} beats while they joined, p50 ${fmt(summary(viaGateway.rampBeats).p50, 0)} ms, ` +
      `p99 ${fmt(summary(viaGateway.rampBeats).p99, 0)} ms`,
  );
  const failures = [viaGateway, ...(direct ? [direct] : [])].flatMap((t) => [...t.statuses]);
  if (base.statuses.size || base.planned !== base.accepted)
    out.push(`  baseline answered wrongly: ${[...base.statuses].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
  const lost = viaGateway.planned - viaGateway.accepted + (direct ? direct.planned - direct.accepted : 0);
  out.push(
    lost === 0 && mismatches.length === 0 && failures.length === 0
      ? `no beat lost: every beat answered 200 accepted:true; credited ${clientTotal.toFixed(1)} s in all = the playbacks' ` +
          `playbackSeconds = the members' todaySeconds (GET /member/stats/summary, ${serverTotal.toFixed(1)} s)`
      : `LOST OR WRONG: ${lost} beats not accepted; ${failures.map(([k, n]) => `${k} ×${n}`).join(', ') || 'no failed answers'}; ` +
          `${mismatches.length} members whose totals differ (client ${clientTotal.toFixed(1)} s, server ${serverTotal.toFixed(1)} s)`,
    ...[...viaGateway.samples, ...(direct?.samples ?? []), ...mismatches.slice(0, 5)].map((s) => `  ${s}`),
    `goal (2,000 viewers, p99 ≤ 50 ms, no beat lost): ${
      VIEWERS >= 2000 && g.p99 <= 50 && lost === 0 && mismatches.length === 0 ? 'met' : 'NOT met'
    } (p99 ${g.p99.toFixed(1)} ms)`,
  );
  if (top) {
    const s = summary(top.beats);
    out.push(
      `ceiling (closed loop, ${CONNECTIONS} beats in flight, ${CEILING_S} s through the gateway): ` +
        `${((top.sent / top.wallMs) * 1000).toFixed(0)} beats/s, p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms ` +
        `— ${Math.floor((top.sent / top.wallMs) * 1000 * WATCH_BEAT_S)} viewers at one beat each ${WATCH_BEAT_S} s; ` +
        `${top.planned - top.accepted} not accepted`,
      ...top.samples.map((x) => `  ${x}`),
    );
  }
  out.push(
    '',
    `dashboard reads for one member with ${HISTORY_DAYS} days of history (${history}), at the learning service, ` +
      `${READ_CONNECTIONS} connections, ${READ_DURATION} s each`,
    'read                          bytes    req/s   p50 ms   p99 ms   req/s vs baseline   p99 vs baseline   failed',
  );
  for (const r of readRows) {
    for (const [name, res] of [
      [`${r.name} (baseline)`, r.baseline],
      [`${r.name} (learning)`, r.service],
    ] as const) {
      out.push(
        [
          name.padEnd(26),
          String(r.bytes).padStart(8),
          fmt(res.requests.average, 8, 0),
          fmt(res.latency.p50),
          fmt(res.latency.p99),
          `${(res.requests.average / r.baseline.requests.average).toFixed(2)}x`.padStart(19),
          `${(res.latency.p99 / Math.max(r.baseline.latency.p99, 0.1)).toFixed(2)}x`.padStart(17),
          String(res.non2xx + res.errors + res.timeouts).padStart(8),
        ].join(' '),
      );
    }
  }
  const worst = Math.max(...readRows.map((r) => r.service.latency.p99));
  out.push(
    `goal (reads p99 ≤ 20 ms at the service): ${worst <= 20 ? 'met' : 'NOT met'} (worst p99 ${worst} ms)`,
  );
  if (meter.available) {
    const perBeat = top?.cpu ?? viaGateway.cpu;
    const beatsPer = top ? top.sent : viaGateway.beats.length;
    const allBeats = viaGateway.beats.length + viaGateway.rampBeats.length;
    const startCpu = new Map(
      ['learning', 'gateway', 'postgres'].map((k) => [
        k,
        (viaGateway.cpuRamp?.get(k) ?? NaN) +
          (viaGateway.cpu?.get(k) ?? NaN) -
          ((perBeat?.get(k) ?? NaN) / beatsPer) * allBeats,
      ]),
    );
    const per = (cpu: Map<string, number> | undefined, n: number) =>
      ['learning', 'gateway', 'postgres']
        .map((k) => fmt((cpu?.get(k) ?? NaN) / Math.max(n, 1), 10, 2))
        .join('') +
      fmt(
        ['learning', 'gateway', 'postgres'].reduce((s, k) => s + (cpu?.get(k) ?? NaN), 0) / Math.max(n, 1),
        10,
        2,
      );
    out.push(
      '',
      `CPU time per request (ms; /proc utime+stime of each server and of learning's PostgreSQL backends — waiting ` +
        `for a core accrues none, so a busy box inflates it far less than latency)`,
      'request                                  learning   gateway  postgres     total',
      `beat (measured window)                   ${per(viaGateway.cpu, viaGateway.beats.length)}`,
      ...(top ? [`beat (ceiling, closed loop)              ${per(top.cpu, top.sent)}`] : []),
      // a start's cost: the ramp and the window together (a backlog of starts spills into the
      // window) less their beats at the closed loop's cost per beat
      `playback start (ramp + window − beats)   ${per(startCpu, viaGateway.starts.length)}`,
      ...readRows.map(
        (r) => `${`${r.name} read (at learning)`.padEnd(41)}${per(r.cpu, r.service.requests.total)}`,
      ),
    );
    const beatCpu = ['learning', 'gateway', 'postgres'].reduce((s, k) => s + perBeat!.get(k)!, 0) / beatsPer;
    out.push(
      `→ on ${availableParallelism()} cores with nothing else running, beats at ${beatCpu.toFixed(2)} ms of CPU each ` +
        `could reach ≈${Math.floor((availableParallelism() * 1000) / beatCpu)} beats/s ` +
        `(≈${Math.floor((availableParallelism() * 1000 * WATCH_BEAT_S) / beatCpu)} viewers), before the load generator's share`,
    );
  }
  process.stdout.write(`${out.join('\n')}\n\n`);
} finally {
  await db?.end().catch(() => undefined);
  await cleanup();
}

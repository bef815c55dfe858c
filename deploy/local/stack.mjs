// The local stack, shared by `npm start` and `npm test`. Plain Node (no dependencies), because on a
// fresh clone it runs before `npm install` has.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_LIVE_STREAM_IDS, startLiveSource } from './live-source.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The demo data (README "Demo data"): each service seeds its own part on empty tables. `npm start`
 * and the browser journeys of `npm test` set these the same way; an environment value wins.
 */
export const DEMO_SEED_FLAGS = [
  'CATALOG_SEED_DEMO',
  'LEARNING_SEED_DEMO',
  'ORDERS_SEED_DEMO',
  'MEDIA_SEED_DEMO',
  'BOOKINGS_SEED_DEMO',
];
export function demoSeedEnv(env = process.env) {
  return Object.fromEntries(DEMO_SEED_FLAGS.map((name) => [name, env[name] ?? 'true']));
}

/** The services `npm start` runs, in start order (auth first: the others read its JWKS). */
export const SERVICES = [
  'auth',
  'catalog',
  'notifications',
  'media',
  'orders',
  'payments',
  'learning',
  'bookings',
  'insights',
];
export const DEFAULT_PORTS = {
  gateway: 3000,
  auth: 3101,
  catalog: 3102,
  notifications: 3103,
  orders: 3104,
  payments: 3105,
  learning: 3106,
  bookings: 3107,
  media: 3108,
  insights: 3110,
};

const isTTY = process.stdout.isTTY;
const paint = (code, s) => (isTTY ? `\x1b[${code}m${s}\x1b[0m` : s);
export const bold = (s) => paint('1', s);
export const red = (s) => paint('31', s);
export const green = (s) => paint('32', s);
export const dim = (s) => paint('2', s);

export function log(msg) {
  process.stdout.write(`${dim('[rian]')} ${msg}\n`);
}

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: process.env, ...opts });
  if (res.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${res.status}`);
  }
}

/** `npm install` when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  const fresh = existsSync(marker) && existsSync(lock) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh) return;
  log('installing dependencies (npm install)…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

function reachable(host, port, ms = 1500) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(ms, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function hostPort(url, fallbackPort) {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || fallbackPort) };
}

/** Says which server is missing and how to start it; returns false when any is. */
export async function checkServers(env = process.env) {
  const servers = [
    {
      name: 'PostgreSQL',
      url: env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      port: 5432,
      how: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
    },
    {
      name: 'NATS (JetStream)',
      url: env.NATS_URL ?? 'nats://127.0.0.1:4222',
      port: 4222,
      how: 'nats-server -js -a 127.0.0.1 -p 4222 -sd /var/lib/nats-server &',
    },
    {
      name: 'Redis',
      url: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      port: 6379,
      how: 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
    },
  ];
  let ok = true;
  for (const s of servers) {
    const { host, port } = hostPort(s.url, s.port);
    if (await reachable(host, port)) continue;
    ok = false;
    process.stderr.write(
      `${red('✗')} ${bold(s.name)} is not reachable at ${host}:${port}.\n  Start it with:  ${s.how}\n  (or run everything in containers: docker compose up)\n`,
    );
  }
  return ok;
}

export function buildWeb() {
  log('building the web app (vite build)…');
  run('npm', ['run', 'build', '-w', '@rian/web']);
}

/**
 * `n` different free ports: each is held open until all are chosen, so two calls cannot be handed
 * the same port (one at a time, the kernel may give a just-closed port out again: the e2e stack once
 * started orders and the gateway on one port).
 */
export async function freePorts(n) {
  const servers = [];
  try {
    for (let i = 0; i < n; i++) {
      const srv = createServer();
      servers.push(srv);
      await new Promise((resolve, reject) => {
        srv.once('error', reject);
        srv.listen(0, '127.0.0.1', resolve);
      });
    }
    return servers.map((srv) => srv.address().port);
  } finally {
    await Promise.all(servers.map((srv) => new Promise((resolve) => srv.close(() => resolve()))));
  }
}

/** A child that ended by itself or by a signal (then `exitCode` stays null and `signalCode` says which). */
export const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;

/**
 * SIGTERM to every child still running (last started first), SIGKILL after 12 s, and resolves once
 * all have exited — at once for one already gone, whether it exited or was killed by a signal.
 */
export async function stopChildren(children) {
  for (const { child } of [...children].reverse()) {
    if (!hasExited(child)) child.kill('SIGTERM');
  }
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise((resolve) => {
          if (hasExited(child)) return resolve();
          const t = setTimeout(() => child.kill('SIGKILL'), 12_000);
          child.once('exit', () => {
            clearTimeout(t);
            resolve();
          });
        }),
    ),
  );
}

async function waitReady(url, child, name, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(child)) {
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) while starting`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1500) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not become ready at ${url} within ${timeoutMs / 1000}s`);
}

/**
 * What every process of the stack is told alike: where auth's keys and each service are, and the
 * site's public address (SITE_URL, every e-mail link's start): the gateway's, unless set.
 */
export function sharedEnv(ports = DEFAULT_PORTS, env = process.env) {
  const urls = Object.fromEntries(SERVICES.map((s) => [s, `http://127.0.0.1:${ports[s]}`]));
  return {
    AUTH_JWKS_URL: `${urls.auth}/.well-known/jwks.json`,
    ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, urls[s]])),
    SITE_URL: env.SITE_URL || `http://127.0.0.1:${ports.gateway}`,
  };
}

/**
 * Whether the stack runs the local live source (deploy/local/live-source.mjs) for the demo streams:
 * only when no streaming server is configured (LEARNING_LIVE_ORIGIN empty) and media keeps files
 * in a local folder (no MEDIA_S3_BUCKET); then its files go under MEDIA_DIR (default var/media).
 */
export function liveSourceFor(env = process.env) {
  if (env.LEARNING_LIVE_ORIGIN || env.MEDIA_S3_BUCKET) return null;
  return {
    mediaDir: env.MEDIA_DIR || join(ROOT, 'var', 'media'),
    streamIds: DEMO_LIVE_STREAM_IDS,
    ffmpeg: env.MEDIA_FFMPEG || 'ffmpeg',
  };
}

/**
 * Starts every service and the gateway as child processes (tsx), waits until each is ready and
 * returns a handle to stop them. `logDir` sends each one's output to a file instead of the console.
 * The local live source, when liveSourceFor says so, is one more child, stopped with the rest.
 */
export async function startStack({ env = {}, ports = DEFAULT_PORTS, logDir, onExit, databaseFor } = {}) {
  const children = [];
  const baseEnv = { ...process.env, ...env };
  const urls = Object.fromEntries(SERVICES.map((s) => [s, `http://127.0.0.1:${ports[s]}`]));
  const common = sharedEnv(ports, baseEnv);
  if (logDir) mkdirSync(logDir, { recursive: true });

  const launch = (name, entry, extra) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: ROOT,
      env: { ...baseEnv, ...common, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (logDir) {
      const file = createWriteStream(join(logDir, `${name}.log`));
      child.stdout.pipe(file);
      child.stderr.pipe(file);
    } else {
      const prefix = dim(`${name.padEnd(13)}|`);
      const relay = (stream, out) => {
        let buf = '';
        stream.on('data', (chunk) => {
          buf += chunk;
          const lines = buf.split('\n');
          buf = lines.pop();
          for (const line of lines) out.write(`${prefix} ${line}\n`);
        });
      };
      relay(child.stdout, process.stdout);
      relay(child.stderr, process.stderr);
    }
    child.on('exit', (code, signal) => onExit?.(name, code, signal));
    children.push({ name, child });
    return child;
  };

  const stop = () => stopChildren(children);

  try {
    const live = liveSourceFor(baseEnv);
    for (const streamId of live?.streamIds ?? []) {
      const source = startLiveSource({
        mediaDir: live.mediaDir,
        ffmpeg: live.ffmpeg,
        streamId,
        logFile: Boolean(logDir),
      });
      if (logDir) source.child.stderr.pipe(createWriteStream(join(logDir, `live-source-${streamId}.log`)));
      source.child.stdout.resume();
      source.child.on('exit', (code, signal) => onExit?.(source.name, code, signal));
      children.push(source);
      log(`${green('✓')} local live source writing ${source.playlist}`);
    }
    for (const name of SERVICES) {
      const child = launch(name, `services/${name}/src/server.ts`, {
        PORT: String(ports[name]),
        ...(databaseFor ? { DATABASE_URL: databaseFor(name) } : {}),
      });
      await waitReady(`${urls[name]}/readyz`, child, name, 90_000);
      log(`${green('✓')} ${name} ready on ${urls[name]}`);
    }
    const gw = launch('gateway', 'gateway/src/server.ts', {
      PORT: String(ports.gateway),
      GATEWAY_SERVICES: SERVICES.join(','),
    });
    const url = `http://127.0.0.1:${ports.gateway}`;
    await waitReady(`${url}/api/health`, gw, 'gateway', 60_000);
    log(`${green('✓')} gateway ready on ${url}`);
    return { url, urls, stop, children };
  } catch (err) {
    await stop();
    if (logDir) {
      for (const { name } of children) {
        const file = join(logDir, `${name}.log`);
        if (!existsSync(file)) continue;
        const tail = readFileSync(file, 'utf8').split('\n').slice(-25).join('\n');
        process.stderr.write(`\n--- last lines of ${name} ---\n${tail}\n`);
      }
    }
    throw err;
  }
}

/**
 * The payment provider simulator (services/payments/test/fakes/provider.ts: 2C2P's hosted card form,
 * KBank's charge and QR order API) on `port`, its notifications and browser returns going to the
 * gateway at `gatewayUrl`. Returns the settings payments and the gateway need to use it.
 */
export async function startPaymentSimulator({ port, gatewayUrl }) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'services/payments/test/fakes/provider.ts',
      '--port',
      String(port),
      '--kbank-notify-url',
      `${gatewayUrl}/api/payments/callbacks/kbank`,
      '--kbank-return-url',
      `${gatewayUrl}/api/payments/callbacks/kbank/return`,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('the payment provider simulator did not start')), 20_000);
    child.stdout.once('data', () => {
      clearTimeout(t);
      resolve();
    });
    child.once('exit', (code) => reject(new Error(`the payment provider simulator exited (${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    child,
    env: {
      PAYMENTS_CARD_FORM_URL: `${url}/RedirectV3/payment`,
      PAYMENTS_KBANK_API_URL: url,
      PAYMENTS_CALLBACK_BASE_URL: `${gatewayUrl}/api/payments`,
      CSP_FORM_ACTION_ORIGINS: url,
    },
  };
}

/**
 * The LINE stand-in (services/kit/src/testing-line.ts, issue 20) on `port`: LINE Login's authorize
 * page ("Sign in to LINE (local stand-in)"), token and verify for auth, and the Messaging API's
 * push for notifications, whose pushes its `/` page lists. Returns the settings that point auth
 * (LINE_LOGIN_*) and notifications (LINE_MEMBER_*) at it; its channel id, secret and token are the
 * stand-in's public development ones.
 */
export async function startLineStandIn({ port }) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'services/kit/src/testing-line.ts', '--port', String(port)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('the LINE stand-in did not start')), 20_000);
    child.stdout.once('data', () => {
      clearTimeout(t);
      resolve();
    });
    child.once('exit', (code) => reject(new Error(`the LINE stand-in exited (${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    child,
    env: {
      LINE_LOGIN_CHANNEL_ID: '1650000000',
      LINE_LOGIN_CHANNEL_SECRET: 'local-line-login-channel-secret',
      LINE_LOGIN_AUTHORIZE_URL: `${url}/oauth2/v2.1/authorize`,
      LINE_LOGIN_API_URL: url,
      LINE_MEMBER_CHANNEL_TOKEN: 'local-line-messaging-token',
      LINE_MEMBER_API_URL: url,
    },
  };
}

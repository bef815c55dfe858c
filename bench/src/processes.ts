/**
 * Servers as child processes of a scenario (`node --import tsx <script>`, as `npm start` runs
 * them): start one, wait until it answers, stop them all (SIGTERM, then SIGKILL after a grace).
 * Shared by the multi-process scenarios (gateway-catalog-processes, watch-heartbeats).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, type TestEnv } from '@rian/kit/testing';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;

export interface Child {
  name: string;
  proc: ChildProcess;
  /** the end of its stderr, to say why it died */
  stderr: string[];
  exited: Promise<void>;
}

const children: Child[] = [];

/**
 * BENCH_PROFILE=<name,…> BENCH_PROFILE_DIR=<dir>: those children write a V8 CPU profile (open it in
 * Chrome DevTools or speedscope) when they stop.
 */
function profiled(name: string): string[] {
  const names = (process.env.BENCH_PROFILE ?? '').split(',').map((n) => n.trim());
  if (!names.includes(name)) return [];
  return [
    '--cpu-prof',
    `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR ?? join(ROOT, 'var', 'bench-profiles')}`,
  ];
}

/**
 * BENCH_LOGS=<dir>: each child's stdout and stderr also go to <dir>/<name>.log (with LOG_LEVEL set
 * in its env, e.g. BENCH_LOG_LEVEL, to see why a request failed).
 */
export function start(name: string, script: string, extraEnv: Record<string, string>): Child {
  const logDir = process.env.BENCH_LOGS;
  const proc = spawn(process.execPath, [...profiled(name), '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...extraEnv },
    stdio: ['ignore', logDir ? 'pipe' : 'ignore', 'pipe'],
  });
  if (logDir) {
    mkdirSync(logDir, { recursive: true });
    const log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
    proc.stdout?.pipe(log, { end: false });
    proc.stderr?.pipe(log, { end: false });
  }
  const stderr: string[] = [];
  proc.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr.push(chunk);
    if (stderr.length > 20) stderr.shift();
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const child = { name, proc, stderr, exited };
  children.push(child);
  return child;
}

export async function stop(child: Child): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  child.proc.kill('SIGTERM');
  const timer = setTimeout(() => child.proc.kill('SIGKILL'), STOP_GRACE_MS);
  await child.exited;
  clearTimeout(timer);
}

export function stopAll(): Promise<void> {
  return Promise.all(children.map(stop)).then(() => undefined);
}

export async function waitReady(child: Child, url: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) {
      throw new Error(
        `${child.name} exited (${child.proc.exitCode ?? child.proc.signalCode}):\n${child.stderr.join('')}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${child.name} not ready at ${url} after ${READY_TIMEOUT_MS / 1000}s (${last})`);
}

/**
 * Runs `cleanup` once, on the way out or on Ctrl-C / SIGTERM mid-run (the children stopped, the
 * namespace dropped); answers the function to call in `finally`.
 */
export function onExit(cleanup: () => Promise<void>): () => Promise<void> {
  let cleaning: Promise<void> | undefined;
  const once = () => (cleaning ??= cleanup());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void once().finally(() => process.exit(130));
    });
  }
  return once;
}

/** catalog as a process of its own, with the demo products, on a free port: answers its base URL. */
export async function startDemoCatalog(env: TestEnv): Promise<{ child: Child; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = start('catalog', 'services/catalog/src/server.ts', {
    ...env.envFor('catalog', { CATALOG_SEED_DEMO: 'true', LOG_LEVEL: 'silent' }),
    DATABASE_URL: env.databaseUrl('catalog'),
    HOST: '127.0.0.1',
    PORT: String(port),
  });
  await waitReady(child, `${base}/readyz`);
  return { child, base };
}

// The Dockerfile's stages as plain commands (CI cannot run Docker): `npm run build:stages`, and a step
// of `npm test`. In a temporary folder it does what the runtime stage does — the package manifests
// only, `npm ci --omit=dev` for the programs' workspaces (not web's), then the build output the
// Dockerfile copies (deploy/docker/programs.mjs RUNTIME_COPIES) and nothing else: no sources, no
// tests, no workspace links — and starts every program from its bundle against the local Postgres,
// NATS and Redis in a namespace of its own, waits for each one's health route, and stops them.
// Then it prints the production node_modules' size against the checkout's full one, and auth's
// start time and memory from the bundle against tsx (measured in this run; with the load average).
//
//   node deploy/docker/stages.mjs              build (npm run build) first
//   node deploy/docker/stages.mjs --no-build   use the build output already there
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts, green, hasExited, log, red, SERVICES, stopChildren } from '../local/stack.mjs';
import { PROGRAMS, RUNTIME_COPIES, RUNTIME_WORKSPACES } from './programs.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function sh(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${res.status ?? res.signal})`);
  return res;
}

/** every manifest npm ci needs: the root's and each workspace's package.json, and the lock */
function manifests() {
  const res = spawnSync('git', ['ls-files', 'package.json', 'package-lock.json', '*/package.json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error('git ls-files failed');
  return res.stdout.split('\n').filter((f) => f && !f.includes('node_modules/'));
}

/** kilobytes under the node_modules folders of `dir` (root and workspaces) */
function nodeModulesKb(dir) {
  const folders = ['node_modules', ...RUNTIME_WORKSPACES.map((w) => `${w}/node_modules`)].filter((f) =>
    existsSync(join(dir, f)),
  );
  const res = spawnSync('du', ['-sk', '-c', ...folders], { cwd: dir, encoding: 'utf8' });
  return Number(/^(\d+)\s+total$/m.exec(res.stdout)?.[1] ?? NaN);
}

/** the runtime stage: manifests, production dependencies, the build output */
export function runtimeStage(app) {
  for (const f of manifests()) {
    mkdirSync(join(app, dirname(f)), { recursive: true });
    cpSync(join(ROOT, f), join(app, f));
  }
  const t0 = performance.now();
  sh(
    'npm',
    [
      'ci',
      '--omit=dev',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      ...RUNTIME_WORKSPACES.flatMap((w) => ['-w', w]),
    ],
    {
      cwd: app,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const installMs = performance.now() - t0;
  // the workspace links: the bundles inline @rian/*, and the links would point at sources not there
  rmSync(join(app, 'node_modules/@rian'), { recursive: true, force: true });
  for (const dir of RUNTIME_COPIES) cpSync(join(ROOT, dir), join(app, dir), { recursive: true });
  return { installMs };
}

function launch(app, program, env, extraArgs = []) {
  return spawn(process.execPath, [join(app, program.out), ...extraArgs], {
    cwd: app,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** polls `url` until it answers 2xx; the child's output is kept for the error */
async function waitHealthy(url, child, name, timeoutMs) {
  let output = '';
  child.stdout.on('data', (c) => (output = (output + c).slice(-4000)));
  child.stderr.on('data', (c) => (output = (output + c).slice(-4000)));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(child))
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1500) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000}s:\n${output}`);
}

/** resident memory of a process, in MiB, from /proc */
function rssMib(pid) {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

export async function runStages({ build = true } = {}) {
  if (build) {
    log('build stage: npm run build (the SPA, then every program)');
    sh('npm', ['run', 'build']);
  }
  for (const p of PROGRAMS) {
    if (!existsSync(join(ROOT, p.out))) throw new Error(`${p.out} is missing: run npm run build`);
  }
  const work = mkdtempSync(join(tmpdir(), 'rian-stages-'));
  const app = join(work, 'app');
  const namespace = `stages${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const pg = new URL(process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const databaseFor = (name) => {
    const u = new URL(pg);
    u.pathname = `/rian_${namespace}_${name}`;
    return u.toString();
  };
  const children = [];
  try {
    log(`runtime stage in ${app}: npm ci --omit=dev for ${RUNTIME_WORKSPACES.length} workspaces`);
    const { installMs } = runtimeStage(app);
    const prodKb = nodeModulesKb(app);
    const fullKb = nodeModulesKb(ROOT);
    const leaked = ['tsx', 'vite', 'vitest', 'typescript', 'esbuild', 'react'].filter((p) =>
      existsSync(join(app, 'node_modules', p)),
    );
    if (leaked.length) throw new Error(`development packages in the runtime: ${leaked.join(', ')}`);

    const [simulatorPort, gatewayPort, ...servicePorts] = await freePorts(SERVICES.length + 2);
    const ports = { gateway: gatewayPort };
    SERVICES.forEach((s, i) => (ports[s] = servicePorts[i]));
    const url = (name) => `http://127.0.0.1:${ports[name]}`;
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      RIAN_NAMESPACE: namespace,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      AUTH_JWKS_URL: `${url('auth')}/.well-known/jwks.json`,
      ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, url(s)])),
      GATEWAY_SERVICES: SERVICES.join(','),
      SITE_URL: url('gateway'),
      SMTP_URL: '',
      MEDIA_DIR: join(work, 'media'),
      MEDIA_UPLOAD_DIR: join(work, 'uploads'),
      MEDIA_WORK_DIR: join(work, 'transcode'),
      PAYMENTS_SLIP_DIR: join(work, 'slips'),
      BOOKINGS_SLIP_DIR: join(work, 'booking-slips'),
      PAYMENTS_CARD_FORM_URL: `http://127.0.0.1:${simulatorPort}/RedirectV3/payment`,
      PAYMENTS_KBANK_API_URL: `http://127.0.0.1:${simulatorPort}`,
      PAYMENTS_CALLBACK_BASE_URL: `${url('gateway')}/api/payments`,
      ...(process.env.NATS_URL ? { NATS_URL: process.env.NATS_URL } : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    };
    const envFor = (name) => ({ ...env, PORT: String(ports[name]), DATABASE_URL: databaseFor(name) });

    // the simulator: it prints its URL when listening
    const simulator = PROGRAMS.find((p) => p.name === 'payments-simulator');
    const sim = launch(app, simulator, env, ['--port', String(simulatorPort)]);
    children.push({ name: simulator.name, child: sim });
    await new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('payments-simulator did not start')), 20_000);
      sim.stdout.once('data', () => {
        clearTimeout(t);
        resolve();
      });
      sim.once('exit', (code) => reject(new Error(`payments-simulator exited (${code})`)));
    });
    log(`${green('✓')} payments-simulator listening (${simulator.out})`);

    // the services together (each creates its database and migrates), then the gateway; notifications
    // reads its templates/ (RUNTIME_DATA) when it loads, so its health also proves they were copied
    const t0 = performance.now();
    await Promise.all(
      PROGRAMS.filter((p) => SERVICES.includes(p.name)).map(async (p) => {
        const child = launch(app, p, envFor(p.name));
        children.push({ name: p.name, child });
        await waitHealthy(`${url(p.name)}${p.health}`, child, p.name, 120_000);
        log(`${green('✓')} ${p.name} healthy from ${p.out}`);
      }),
    );
    const gw = PROGRAMS.find((p) => p.name === 'gateway');
    const gwChild = launch(app, gw, envFor('gateway'));
    children.push({ name: 'gateway', child: gwChild });
    await waitHealthy(`${url('gateway')}${gw.health}`, gwChild, 'gateway', 60_000);
    const spa = await fetch(`${url('gateway')}/`);
    const html = await spa.text();
    if (!spa.ok || !html.includes('<div id="root"'))
      throw new Error(`the gateway does not serve the SPA (${spa.status})`);
    const map = await fetch(`${url('gateway')}/assets/${/assets\/([^"]+\.js)"/.exec(html)?.[1]}.map`);
    if (map.ok) throw new Error('the gateway serves the SPA sourcemaps');
    log(
      `${green('✓')} gateway healthy, serves the SPA and no sourcemap (${((performance.now() - t0) / 1000).toFixed(1)} s for the whole stack)`,
    );
    await stopChildren(children.splice(0));

    // auth alone, started twice each way against its (now migrated) database: bundle vs tsx
    const auth = PROGRAMS.find((p) => p.name === 'auth');
    const measure = async (how) => {
      const started = performance.now();
      const child =
        how === 'bundle'
          ? launch(app, auth, envFor('auth'))
          : spawn(process.execPath, ['--import', 'tsx', auth.entry], {
              cwd: ROOT,
              env: envFor('auth'),
              stdio: ['ignore', 'pipe', 'pipe'],
            });
      children.push({ name: `auth (${how})`, child });
      await waitHealthy(`${url('auth')}/healthz`, child, `auth (${how})`, 60_000);
      const ms = performance.now() - started;
      const rss = rssMib(child.pid);
      await stopChildren(children.splice(0));
      return { ms, rss };
    };
    const runs = { bundle: [], tsx: [] };
    for (let i = 0; i < 2; i++) {
      runs.tsx.push(await measure('tsx'));
      runs.bundle.push(await measure('bundle'));
    }
    const best = (xs, k) => Math.min(...xs.map((x) => x[k]));
    const line = (label, a, b, unit) =>
      `| ${label} | ${a.toFixed(unit === 'MB' ? 0 : 2)} ${unit} | ${b.toFixed(unit === 'MB' ? 0 : 2)} ${unit} | ${(b / a).toFixed(2)} |`;
    const report = [
      '',
      `| measure (load average ${loadavg()}) | before | after | after/before |`,
      '|---|---|---|---|',
      line('node_modules (full checkout → production only)', fullKb / 1024, prodKb / 1024, 'MB'),
      line(
        'auth: start to /healthz (tsx → bundle, best of 2)',
        best(runs.tsx, 'ms') / 1000,
        best(runs.bundle, 'ms') / 1000,
        's',
      ),
      line(
        'auth: RSS at /healthz (tsx → bundle, best of 2)',
        best(runs.tsx, 'rss'),
        best(runs.bundle, 'rss'),
        'MB',
      ),
      `production install: ${(installMs / 1000).toFixed(1)} s`,
      '',
    ];
    process.stdout.write(report.join('\n'));
    return { ok: true };
  } finally {
    await stopChildren(children);
    spawnSync(
      process.execPath,
      ['--import', 'tsx', 'deploy/local/cleanup.ts', namespace, ...['gateway', ...SERVICES].map(databaseFor)],
      { cwd: ROOT, stdio: 'inherit' },
    );
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  runStages({ build: !process.argv.includes('--no-build') }).then(
    () => {
      log(
        `${green('✓')} the image's stages ran as plain commands in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    },
    (err) => {
      process.stderr.write(red(`stages failed: ${err.stack ?? err}\n`));
      process.exit(1);
    },
  );
}

// `npm test`: every test of the project on a fresh clone — unit and integration tests (vitest, against
// the real PostgreSQL, NATS and Redis, each run in its own namespace), then the browser journey
// (Playwright + Debian's Chromium) against a whole stack started in a namespace of its own.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  ROOT,
  SERVICES,
  bold,
  buildWeb,
  checkServers,
  demoSeedEnv,
  ensureInstalled,
  freePorts,
  green,
  log,
  red,
  startLineStandIn,
  startStack,
  startPaymentSimulator,
} from './stack.mjs';

const args = new Set(process.argv.slice(2));
const onlyE2e = args.has('--only-e2e');
const skipE2e = args.has('--skip-e2e') || process.env.SKIP_E2E === '1';
const resultsDir = join(ROOT, 'var', 'test-results');
mkdirSync(resultsDir, { recursive: true });

/**
 * the browser journeys, in order; each a program printing "1 passed, 0 failed". The demo journey
 * goes first: it buys from the demo data exactly as seeded, before the others add theirs.
 */
const JOURNEYS = [
  'web/e2e/demo.e2e.ts',
  'web/e2e/member.e2e.ts',
  'web/e2e/watch.e2e.ts',
  'web/e2e/journey.e2e.ts',
  'web/e2e/checkout.e2e.ts',
  'web/e2e/card.e2e.ts',
  'web/e2e/learning-admin.e2e.ts',
  'web/e2e/public-course.e2e.ts',
  'web/e2e/live.e2e.ts',
  'web/e2e/member-onboarding.e2e.ts',
  'web/e2e/bookings.e2e.ts',
  'web/e2e/api-docs.e2e.ts',
  'web/e2e/dashboard.e2e.ts',
  'web/e2e/line.e2e.ts',
];
/** E2E_JOURNEYS=demo,card (names without .e2e.ts) runs only those, e.g. `E2E_JOURNEYS=demo npm run test:e2e` */
const chosenJourneys = (() => {
  const only = (process.env.E2E_JOURNEYS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!only.length) return JOURNEYS;
  const unknown = only.filter((name) => !JOURNEYS.includes(`web/e2e/${name}.e2e.ts`));
  if (unknown.length) {
    process.stderr.write(`E2E_JOURNEYS names no journey: ${unknown.join(', ')}\n`);
    process.exit(2);
  }
  return JOURNEYS.filter((j) => only.some((name) => j === `web/e2e/${name}.e2e.ts`));
})();
let passed = 0;
let failed = 0;

function vitest() {
  const out = join(resultsDir, 'vitest.json');
  const res = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: process.env,
    },
  );
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numTotalTestSuites > 0 ? 0 : 1);
    if (res.status !== 0 && !report.numFailedTests) failed += 1; // a suite that failed to load
  } else {
    failed += 1;
  }
  return res.status === 0;
}

async function e2e() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    process.stderr.write(
      red(`Chromium is not installed at ${chromium}: apt-get install -y chromium (or set CHROMIUM_PATH)\n`),
    );
    failed += 1;
    return false;
  }
  buildWeb();
  let ran = false;
  const namespace = `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const pg = new URL(process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const databaseFor = (name) => {
    const u = new URL(pg);
    u.pathname = `/rian_${namespace}_${name}`;
    return u.toString();
  };
  // the stack's ports and the outside parties' (fake Facebook, payment simulator, LINE), all different
  const [gatewayPort, facebookPort, simulatorPort, linePort, ...servicePorts] = await freePorts(
    SERVICES.length + 4,
  );
  const ports = { gateway: gatewayPort };
  SERVICES.forEach((s, i) => (ports[s] = servicePorts[i]));
  const admin = { username: 'e2e-admin', password: `e2e-${Math.random().toString(36).slice(2)}-pw` };
  log(`browser journey: starting the stack in namespace ${namespace}`);
  let stack;
  let fakeFacebook;
  let simulator;
  let lineStandIn;
  let ok = false;
  try {
    // the outside party: a local fake of Facebook's dialog and Graph API (services/auth/test/fakes)
    const facebook = {
      appId: 'rian-e2e-app',
      appSecret: `e2e-${Math.random().toString(36).slice(2)}`,
      url: `http://127.0.0.1:${facebookPort}`,
    };
    fakeFacebook = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'services/auth/test/fakes/facebook.ts',
        '--port',
        String(facebookPort),
        '--app-id',
        facebook.appId,
        '--app-secret',
        facebook.appSecret,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('the fake Facebook did not start')), 20_000);
      fakeFacebook.stdout.once('data', () => {
        clearTimeout(t);
        resolve();
      });
      fakeFacebook.once('exit', (code) => reject(new Error(`the fake Facebook exited (${code})`)));
    });
    // the payment providers: the simulator (services/payments/test/fakes/provider.ts)
    simulator = await startPaymentSimulator({
      port: simulatorPort,
      gatewayUrl: `http://127.0.0.1:${ports.gateway}`,
    });
    // LINE (issue 20): the stand-in for LINE Login and the Messaging API (services/kit/src/testing-line.ts)
    lineStandIn = await startLineStandIn({ port: linePort });
    stack = await startStack({
      ports,
      databaseFor,
      logDir: join(resultsDir, 'e2e-logs'),
      env: {
        RIAN_NAMESPACE: namespace,
        // the demo data exactly as npm start seeds it (web/e2e/demo.e2e.ts buys from it)
        ...demoSeedEnv({}),
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        SMTP_URL: '',
        LOG_LEVEL: 'info',
        RATE_LIMIT_LOGIN_MAX: '1000',
        RATE_LIMIT_CODE_MAX: '1000',
        MEDIA_DIR: join(resultsDir, `media-${namespace}`),
        PAYMENTS_SLIP_DIR: join(resultsDir, `slips-${namespace}`),
        FACEBOOK_APP_ID: facebook.appId,
        FACEBOOK_APP_SECRET: facebook.appSecret,
        FACEBOOK_GRAPH_URL: facebook.url,
        FACEBOOK_DIALOG_URL: `${facebook.url}/dialog/oauth`,
        ...simulator.env,
        ...lineStandIn.env,
      },
    });
    // each journey is its own program against the same stack; each prints "1 passed, 0 failed"
    let all = true;
    ran = true;
    for (const journey of chosenJourneys) {
      log(`browser journey: ${journey}`);
      const res = spawnSync(process.execPath, ['--import', 'tsx', journey], {
        cwd: ROOT,
        stdio: 'inherit',
        env: {
          ...process.env,
          BASE_URL: stack.url,
          STAFF_USERNAME: admin.username,
          STAFF_PASSWORD: admin.password,
          SEARCH_TEXT: process.env.SEARCH_TEXT ?? 'Forex',
          FACEBOOK_FAKE_URL: facebook.url,
          LINE_FAKE_URL: lineStandIn.url,
          CHROMIUM_PATH: chromium,
        },
        timeout: 5 * 60_000,
      });
      if (res.status === 0) passed += 1;
      else {
        failed += 1;
        all = false;
      }
    }
    ok = all;
  } catch (err) {
    process.stderr.write(red(`browser journey could not run: ${err.message}\n`));
  } finally {
    await stack?.stop();
    fakeFacebook?.kill('SIGTERM');
    simulator?.child.kill('SIGTERM');
    lineStandIn?.child.kill('SIGTERM');
    rmSync(join(resultsDir, `media-${namespace}`), { recursive: true, force: true });
    rmSync(join(resultsDir, `slips-${namespace}`), { recursive: true, force: true });
    spawnSync(
      process.execPath,
      ['--import', 'tsx', 'deploy/local/cleanup.ts', namespace, ...['gateway', ...SERVICES].map(databaseFor)],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
  }
  if (!ran) failed += 1; // the stack did not start: no journey ran
  return ok;
}

/**
 * The image's stages as plain commands (deploy/docker/stages.mjs): npm run build, a production-only
 * install in a temporary folder with the build output beside it, and every program started from its
 * bundle until healthy. CI cannot run Docker; this is what it can run of the Dockerfile.
 */
function imageStages() {
  log('the image: its stages as plain commands (deploy/docker/stages.mjs)');
  const res = spawnSync(process.execPath, ['deploy/docker/stages.mjs'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: process.env,
  });
  if (res.status === 0) passed += 1;
  else failed += 1;
  return res.status === 0;
}

async function main() {
  if (!(await checkServers())) process.exit(1);
  ensureInstalled();
  const unitOk = onlyE2e ? true : vitest();
  const stagesOk = onlyE2e || process.env.SKIP_STAGES === '1' ? true : imageStages();
  const e2eOk = skipE2e ? true : await e2e();
  const line = `${passed} passed, ${failed} failed`;
  process.stdout.write(
    `\n${unitOk && stagesOk && e2eOk ? green(bold('all tests passed')) : red(bold('some tests failed'))}\n`,
  );
  // the plain closing line CI reads
  process.stdout.write(`${line}\n`);
  process.exit(unitOk && stagesOk && e2eOk && failed === 0 ? 0 : 1);
}

main().catch((err) => {
  process.stderr.write(red(`npm test failed: ${err.stack ?? err}\n`));
  process.stdout.write(`${passed} passed, ${failed + 1} failed\n`);
  process.exit(1);
});

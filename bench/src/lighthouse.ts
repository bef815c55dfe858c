/**
 * Lighthouse (mobile, default simulated throttling) on the built SPA served by the real gateway,
 * with the catalog (demo data seeded) behind it, as `npm start` runs them: `/`, a product page and
 * `/pricing`, RUNS times each (median), in Debian's Chromium (headless). Prints performance and
 * accessibility scores, FCP / LCP / TBT / CLS, and the JavaScript the home page loads before it is
 * interactive (every script request Lighthouse saw, as sent on the wire and as gzip -9 of the file).
 * Builds web/dist first unless BUILD=0 (then it uses web/dist as it is).
 * Run: npm run lighthouse -w @rian/bench   (RUNS=3, CHROMIUM=/usr/bin/chromium, BUILD=0;
 * LH_SAVE=<dir> keeps each page's last Lighthouse report as JSON)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync, constants } from 'node:zlib';
import lighthouse from 'lighthouse';
import { createTestEnv, freePort } from '@rian/kit/testing';
import { onExit, ROOT, start, startDemoCatalog, stopAll, waitReady } from './processes.js';

const RUNS = Number(process.env.RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const DIST = join(ROOT, 'web', 'dist');

interface Run {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** script requests: bytes on the wire, gzip -9 of the served file */
  scripts: { url: string; transfer: number; gzip: number }[];
  failedA11y: string[];
  /** the elements that moved most (Lighthouse's layout-shifts audit) */
  shifts: string[];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function gzipOfAsset(url: string): number {
  const path = new URL(url).pathname;
  try {
    return gzipSync(readFileSync(join(DIST, path)), { level: constants.Z_BEST_COMPRESSION }).length;
  } catch {
    return 0;
  }
}

/** Headless Chromium with a DevTools port, flags as the machine notes give (no background networking). */
async function launchChromium(): Promise<{ port: number; proc: ChildProcess; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'rian-lh-'));
  const port = await freePort();
  const proc = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      '--disable-default-apps',
      `--user-data-dir=${dir}`,
      `--remote-debugging-port=${port}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${CHROMIUM} did not open its DevTools port`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { port, proc, dir };
}

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (process.env.LH_SAVE) {
    mkdirSync(process.env.LH_SAVE, { recursive: true });
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_') || '_';
    writeFileSync(join(process.env.LH_SAVE, `${name}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items =
    (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)?.items ??
    [];
  const scripts = items
    .filter((i) => i.resourceType === 'Script')
    .map((i) => ({
      url: String(i.url),
      transfer: Number(i.transferSize ?? 0),
      gzip: gzipOfAsset(String(i.url)),
    }));
  const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score === 0)
    .map((r) => r.id);
  return {
    performance: lhr.categories.performance?.score ?? NaN,
    accessibility: lhr.categories.accessibility?.score ?? NaN,
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    scripts,
    failedA11y,
    shifts: (
      (lhr.audits['layout-shifts']?.details as { items?: { score?: number; node?: { snippet?: string } }[] })
        ?.items ?? []
    )
      .slice(0, 3)
      .map((i) => `${(i.score ?? 0).toFixed(3)} ${i.node?.snippet?.slice(0, 100) ?? '?'}`),
  };
}

if (process.env.BUILD !== '0') {
  console.log('building web/dist (BUILD=0 to use it as it is)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@rian/web'], { cwd: ROOT, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('npm run build -w @rian/web failed');
}

const env = await createTestEnv();
let chromium: { proc: ChildProcess; dir: string } | undefined;
const cleanup = onExit(async () => {
  if (chromium) {
    const { proc, dir } = chromium;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  }
  await stopAll();
  await env.cleanup();
});

try {
  const { base: catalogBase } = await startDemoCatalog(env);
  const catalogEnv = env.envFor('catalog');

  const gatewayPort = await freePort();
  const base = `http://127.0.0.1:${gatewayPort}`;
  const gateway = start('gateway', 'gateway/src/server.ts', {
    HOST: '127.0.0.1',
    PORT: String(gatewayPort),
    LOG_LEVEL: 'silent',
    RIAN_NAMESPACE: env.namespace,
    REDIS_URL: catalogEnv.REDIS_URL!,
    GATEWAY_SERVICES: 'catalog',
    CATALOG_URL: catalogBase,
    WEB_DIST: DIST,
  });
  await waitReady(gateway, `${base}/api/health`);

  // a demo product's page, by its url as the shop links it
  const list = (await (await fetch(`${base}/api/catalog/products?pageSize=1`)).json()) as {
    items: { url: string }[];
  };
  const product = list.items[0]?.url;
  if (!product) throw new Error('no product in the catalog: is the demo data seeded?');
  const pages = [
    { name: 'home', path: '/' },
    { name: 'product', path: `/product/${encodeURIComponent(product)}` },
    { name: 'pricing', path: '/pricing' },
  ];

  const launched = await launchChromium();
  chromium = launched;
  console.log(`Lighthouse (mobile, simulated throttling), ${RUNS} runs per page, median; ${base}`);
  const rows: string[] = [];
  let homeScripts: Run['scripts'] = [];
  const shifts: string[] = [];
  for (const page of pages) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await audit(`${base}${page.path}`, launched.port));
      process.stdout.write('.');
    }
    const m = (k: 'performance' | 'accessibility' | 'fcp' | 'lcp' | 'tbt' | 'cls') =>
      median(runs.map((r) => r[k]));
    if (page.name === 'home') homeScripts = runs[0]!.scripts;
    if (m('cls') > 0.1) shifts.push(`${page.name}:`, ...runs[0]!.shifts.map((x) => `  ${x}`));
    const failed = [...new Set(runs.flatMap((r) => r.failedA11y))];
    rows.push(
      `| ${page.name.padEnd(8)} | ${m('performance').toFixed(2)} | ${m('accessibility').toFixed(2)} | ` +
        `${(m('fcp') / 1000).toFixed(2)} s | ${(m('lcp') / 1000).toFixed(2)} s | ${Math.round(m('tbt'))} ms | ` +
        `${m('cls').toFixed(3)} | ${failed.join(', ') || '—'} |`,
    );
  }
  console.log(
    `\nload average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${process.env.RUNS ?? 3} runs)`,
  );
  console.log('| page     | perf | a11y | FCP | LCP | TBT | CLS | failing a11y audits |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  if (shifts.length) console.log(`\nlayout shifts (CLS > 0.1, first run):\n${shifts.join('\n')}`);
  const kb = (n: number) => (n / 1024).toFixed(1);
  const wire = homeScripts.reduce((s, x) => s + x.transfer, 0);
  const gz = homeScripts.reduce((s, x) => s + x.gzip, 0);
  console.log(
    `\nhome: ${homeScripts.length} scripts before interaction, ${kb(gz)} KB gzip -9, ${kb(wire)} KB on the wire`,
  );
  for (const s of [...homeScripts].sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `  ${kb(s.gzip).padStart(6)} KB gzip  ${kb(s.transfer).padStart(6)} KB wire  ${new URL(s.url).pathname}`,
    );
  }
} finally {
  await cleanup();
}

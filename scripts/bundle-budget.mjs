#!/usr/bin/env node
/* eslint-disable no-console -- a command-line check that talks to a person on the console */
/**
 * The web app's JavaScript budget (issue 18, goal 5), run by `npm run lint`: from Vite's manifest
 * (web/dist/.vite/manifest.json, `build.manifest: true`), the gzip size of the static import graph
 *   - of the main entry (index.html): what every page loads before its route, framework included;
 *   - of the member area's entry (its layout route and its dashboard, /member) beyond the main one;
 * and that no video player (hls.js, Vimeo, OvenPlayer) or chart code (chart.js) is in either graph
 * (they load with their own pages only). Over budget: a message naming the chunks, exit 1.
 * web/dist is reused when it is newer than everything the build reads; otherwise it is rebuilt first
 * (`npm run build -w @rian/web`, about 10 s). BUNDLE_BUDGET_BUILD=0 never builds (a missing or stale
 * build is then an error).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const WEB = join(ROOT, 'web');
const DIST = join(WEB, 'dist');
const MANIFEST = join(DIST, '.vite', 'manifest.json');

const KB = 1024;
export const BUDGETS = {
  /** index.html's graph: framework + shell. Issue 18's goal for home is 120 KB (see bench/README). */
  main: 175 * KB,
  /** the member area's first load beyond the main entry */
  member: 150 * KB,
};
const MEMBER_ENTRIES = [
  'src/features/member/routes/member-area.tsx',
  'src/features/member/routes/member-home.tsx',
];
const PAGE_ONLY = /node_modules\/(hls\.js|@vimeo\/player|ovenplayer|chart\.js|react-chartjs-2)\//;

function newestInput(dir, newest = 0) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name === 'e2e') continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) newest = newestInput(path, newest);
    else newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function ensureBuild() {
  const fresh = existsSync(MANIFEST) && statSync(MANIFEST).mtimeMs >= newestInput(WEB);
  if (fresh) return;
  if (process.env.BUNDLE_BUDGET_BUILD === '0') {
    throw new Error(`${MANIFEST} is missing or older than web/ (BUNDLE_BUDGET_BUILD=0): build the web app`);
  }
  console.log('bundle budget: web/dist is missing or stale, building it…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@rian/web'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('npm run build -w @rian/web failed');
}

/** the chunks a manifest key loads before it runs: itself and its static imports, transitively */
function closure(manifest, keys) {
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  keys.forEach(walk);
  return seen;
}

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) {
    const raw = readFileSync(join(DIST, file));
    gzipCache.set(file, gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }).length);
  }
  return gzipCache.get(file);
}

function pageOnlySources(file) {
  const map = join(DIST, `${file}.map`);
  if (!existsSync(map)) return [];
  const { sources = [] } = JSON.parse(readFileSync(map, 'utf8'));
  return [...new Set(sources.filter((s) => PAGE_ONLY.test(s)).map((s) => s.match(PAGE_ONLY)[1]))];
}

function report(name, manifest, keys, budget) {
  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const sizes = files.map((f) => ({ file: f, gzip: gzipSize(f) })).sort((a, b) => b.gzip - a.gzip);
  const total = sizes.reduce((s, x) => s + x.gzip, 0);
  const heavy = files.flatMap((f) => pageOnlySources(f).map((lib) => `${lib} (in ${f})`));
  const ok = total <= budget && heavy.length === 0;
  const kb = (n) => `${(n / KB).toFixed(1)} KB`;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${kb(total)} gzip of ${kb(budget)}, ${files.length} chunks`);
  if (total > budget) {
    console.error(`  over budget by ${kb(total - budget)}; largest chunks:`);
    for (const s of sizes.slice(0, 8)) console.error(`    ${kb(s.gzip).padStart(9)}  ${s.file}`);
  }
  for (const h of heavy) console.error(`  a page-only library in the ${name} graph: ${h}`);
  return ok;
}

ensureBuild();
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
const main = closure(manifest, ['index.html']);
const member = closure(manifest, MEMBER_ENTRIES);
for (const k of main) member.delete(k);
const okMain = report('main entry (index.html)', manifest, main, BUDGETS.main);
const okMember = report('member area (/member) beyond the main entry', manifest, member, BUDGETS.member);
if (!okMain || !okMember) {
  console.error(
    'bundle budget exceeded: split the new code behind a dynamic import() (see scripts/bundle-budget.mjs)',
  );
  process.exit(1);
}

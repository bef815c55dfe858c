// `npm run build` (after the SPA's `vite build`): every program of deploy/docker/programs.mjs compiled
// to one ESM file for Node 20 with esbuild. The workspace packages (@rian/kit, @rian/proto-contracts:
// TypeScript sources, `exports: {"./*": "./src/*.ts"}`) are inlined; npm packages stay external and
// come from the production node_modules at run time. Also keeps the SPA's sourcemaps out of the
// files the gateway serves: vite writes them `hidden` (no sourceMappingURL), this moves them to
// dist/web-sourcemaps/ (for an error tracker's upload; the image does not copy them).
//
//   node deploy/docker/build.mjs            every program
//   node deploy/docker/build.mjs auth ...   only these
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { PROGRAMS } from './programs.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** the workspace packages the bundles inline: package name → its src folder */
const WORKSPACE_SOURCES = {
  '@rian/kit': join(ROOT, 'services/kit/src'),
  '@rian/proto-contracts': join(ROOT, 'proto-contracts/src'),
};

/** `@rian/kit/config` → services/kit/src/config.ts (what the packages' `exports` say) */
const inlineWorkspaces = {
  name: 'rian-workspaces',
  setup(b) {
    b.onResolve({ filter: /^@rian\// }, (args) => {
      const m = /^(@rian\/[^/]+)\/(.+)$/.exec(args.path);
      const src = m && WORKSPACE_SOURCES[m[1]];
      if (!src) return { errors: [{ text: `${args.path}: not a workspace package the build inlines` }] };
      return { path: join(src, `${m[2]}.ts`) };
    });
  },
};

export async function buildPrograms(names = []) {
  const chosen = names.length ? PROGRAMS.filter((p) => names.includes(p.name)) : PROGRAMS;
  const unknown = names.filter((n) => !PROGRAMS.some((p) => p.name === n));
  if (unknown.length) throw new Error(`no such program: ${unknown.join(', ')}`);
  const started = performance.now();
  for (const p of chosen) rmSync(join(ROOT, p.out), { force: true });
  await Promise.all(
    chosen.map(async (p) => {
      const result = await build({
        absWorkingDir: ROOT,
        entryPoints: [join(ROOT, p.entry)],
        outfile: join(ROOT, p.out),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        // every bare import stays external (node_modules at run time) except @rian/*, which the
        // plugin above resolves to a file first
        packages: 'external',
        plugins: [inlineWorkspaces],
        // readable stack traces without sourcemaps (which would carry the sources): no minifying,
        // and class/function names kept (MikroORM's migrations and entities are named by them)
        minify: false,
        keepNames: true,
        sourcemap: false,
        legalComments: 'none',
        logLevel: 'warning',
        metafile: true,
      });
      const inputs = Object.keys(result.metafile.inputs);
      if (inputs.some((i) => i.includes('node_modules/'))) {
        throw new Error(
          `${p.name}: an npm package was bundled (${inputs.find((i) => i.includes('node_modules/'))})`,
        );
      }
    }),
  );
  return { programs: chosen, ms: performance.now() - started };
}

/** web/dist/**\/*.map → dist/web-sourcemaps/ (same relative paths) */
export function moveWebSourcemaps() {
  const webDist = join(ROOT, 'web/dist');
  const target = join(ROOT, 'dist/web-sourcemaps');
  if (!existsSync(webDist)) return 0;
  rmSync(target, { recursive: true, force: true });
  let moved = 0;
  for (const name of readdirSync(webDist, { recursive: true })) {
    const file = join(webDist, name);
    if (!name.endsWith('.map') || !statSync(file).isFile()) continue;
    const to = join(target, relative(webDist, file));
    mkdirSync(dirname(to), { recursive: true });
    renameSync(file, to);
    moved += 1;
  }
  return moved;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const maps = moveWebSourcemaps();
  const { programs, ms } = await buildPrograms(process.argv.slice(2));
  for (const p of programs) {
    process.stdout.write(`${p.out}  ${(statSync(join(ROOT, p.out)).size / 1024).toFixed(0)} KiB\n`);
  }
  process.stdout.write(
    `built ${programs.length} programs in ${(ms / 1000).toFixed(1)} s` +
      (maps ? `; moved ${maps} SPA sourcemaps to dist/web-sourcemaps/\n` : '\n'),
  );
}

import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build (the gateway serves them
 * by Accept-Encoding), where compressing saves anything. Done once at build, at the highest levels.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'rian-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
        .map((e) => join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          if (raw.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzipped(raw, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

const api = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [react(), precompress()],
  // `@/x` → `<root>/src/x` (root-relative, so no Node path helpers are needed here)
  resolve: { alias: [{ find: /^@\//, replacement: '/src/' }] },
  server: { port: 5173, proxy: api },
  preview: { port: 4173, proxy: api },
  build: {
    outDir: 'dist',
    // hidden: written (for an error tracker) but not referenced from the files; deploy/docker/build.mjs
    // moves them out of web/dist, so the gateway never serves them
    sourcemap: 'hidden',
    // read by scripts/bundle-budget.mjs (npm run lint): the static import graph of each entry
    manifest: true,
    rolldownOptions: {
      output: {
        // The framework changes rarely: one long-cached chunk. Everything else splits by route.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|zustand|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});

import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      setupFiles: ['src/testing/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      css: false,
      testTimeout: 20_000,
      // the browser build (XMLHttpRequest, Blob, localStorage), as Vite bundles it: Node's would be picked otherwise
      alias: [{ find: /^tus-js-client$/, replacement: 'tus-js-client/lib.esm/browser/index.js' }],
    },
  }),
);

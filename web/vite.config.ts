import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
  // `@/x` → `<root>/src/x` (root-relative, so no Node path helpers are needed here)
  resolve: { alias: [{ find: /^@\//, replacement: '/src/' }] },
  server: { port: 5173, proxy: api },
  preview: { port: 4173, proxy: api },
  build: {
    outDir: 'dist',
    sourcemap: true,
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

import { defineConfig } from 'vitest/config';

/** One run for every workspace's tests; backend suites talk to the real servers (see services/kit/src/testing.ts). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'proto-contracts',
          root: './proto-contracts',
          include: ['test/**/*.test.ts'],
        },
      },
      ...[
        'kit',
        'auth',
        'notifications',
        'catalog',
        'media',
        'orders',
        'payments',
        'learning',
        'bookings',
        'insights',
      ].map((name) => ({
        test: {
          name,
          root: `./services/${name}`,
          include: ['test/**/*.test.ts'],
          pool: 'forks' as const,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      {
        test: {
          name: 'gateway',
          root: './gateway',
          include: ['test/**/*.test.ts'],
          pool: 'forks' as const,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'deploy',
          root: './deploy/local',
          include: ['*.test.mjs'],
          testTimeout: 10_000,
        },
      },
      './web/vitest.config.ts',
    ],
    maxWorkers: 2,
  },
});

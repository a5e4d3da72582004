import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['apps/server/test/pglite-templates-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Some tests start an app of their own (its database migrated) in the test itself: on the shared 2-core machine
    // under load that alone took 30 s (PostgreSQL suite, 2026-12-01), so a test gets what a setup hook gets.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          // Each server file starts its own app and database; what the modules hold (the migrated PGlite template,
          // compiled statements) can be shared. A worker imports the server once instead of once per file: the
          // suite's import time fell from minutes to 16 s.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'domain and web',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
    ],
  },
});

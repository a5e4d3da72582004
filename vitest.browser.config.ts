import { defineConfig } from 'vitest/config';

// Browser tests: the real server on an in-memory PGlite, the built web app, and the system Chromium.
export default defineConfig({
  test: {
    include: ['tests/browser/**/*.test.ts'],
    globalSetup: ['apps/server/test/pglite-templates-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

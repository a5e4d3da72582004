import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    globalSetup: ['apps/server/test/pglite-templates-setup.ts'],
    setupFiles: ['apps/web/src/test-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // The files of a worker share loaded modules: importing the server again for each file was a third of the
    // suites' time (decision 041).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

import { defineConfig } from 'vitest/config';

// Browser tests: the real server on an in-memory PGlite, the built web app, and the system Chromium.
export default defineConfig({
  test: {
    include: ['tests/browser/**/*.test.ts'],
    globalSetup: ['apps/server/test/pglite-templates-setup.ts', 'tests/browser/chromium-setup.ts'],
    setupFiles: ['tests/browser/page-errors-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // The files run one after another in one process that imports the server once (import time 87-139 s -> 9 s per
    // run); each file still starts its own portal and its own browser contexts.
    isolate: false,
    // The longest flows (a partner created, edited and archived) take 18 s alone and passed 60 s in a CI run beside
    // the PostgreSQL suite on two cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Polls wait as long as Playwright's own waits would on a loaded machine: vitest's 1 s default failed a
    // cookie-banner test in CI while the app was still booting.
    expect: { poll: { timeout: 15_000 } },
  },
});

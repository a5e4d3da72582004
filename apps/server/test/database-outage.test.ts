import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { isDatabaseUnavailable } from '../src/db/connection-errors';
import { createTestApp, scratchPostgres, type TestApp } from './test-app';

describe('readiness while the database is unreachable', () => {
  // Built in a hook (its own time limit), not inside the test: on a loaded machine the build alone outlasted the
  // test's 30 s.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'off' } });
  });
  afterAll(() => t?.close());

  it('/readyz answers 503 while /healthz (liveness) stays 200', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
      status: 'ready',
      redis: 'not-configured',
    });
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a pooled connection lost while checked out', () => {
  it('does not crash the process: its holder gets the error, the pool connects afresh', async () => {
    const scratch = await scratchPostgres(process.env.TEST_DATABASE_URL!);
    const reported: string[] = [];
    const database = await openDatabase({ url: scratch.url, onPoolError: (e) => reported.push(e.message) });
    try {
      // The advisory lock's connection stays checked out, idle, while the job runs: the moment an 'error' event
      // with nobody listening would end the process.
      const held = database.withAdvisoryLock('test:lost-connection', async () => {
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid()`,
        );
        await new Promise((r) => setTimeout(r, 300));
      });
      const failure = await held.then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(reported).toContain('terminating connection due to administrator command');
      await database.ping();
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});

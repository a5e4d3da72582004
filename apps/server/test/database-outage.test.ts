import { describe, expect, it } from 'vitest';
import { createTestApp } from './test-app';

describe('readiness while the database is unreachable', () => {
  it('/readyz answers 503 while /healthz (liveness) stays 200', async () => {
    const t = await createTestApp({ env: { SEED_DEMO: 'off' } });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
      status: 'ready',
      redis: 'not-configured',
    });
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await t.close();
  });
});

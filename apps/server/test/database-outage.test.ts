import { describe, expect, it } from 'vitest';
import { createTestApp } from './test-app';

describe('health while the database is unreachable', () => {
  it('answers 503', async () => {
    const t = await createTestApp({ env: { SEED_DEMO: 'off' } });
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'database-unreachable' });
    await t.close();
  });
});

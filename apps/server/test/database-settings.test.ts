import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { scratchPostgres } from './test-app';

// Decision 082: the money rules' nested subqueries crossed jit_above_cost, and compiling them cost seconds a call.
describe.runIf(process.env.TEST_DATABASE_URL)("the server's PostgreSQL sessions", () => {
  it('run without JIT compilation, on every pooled connection', async () => {
    const scratch = await scratchPostgres(process.env.TEST_DATABASE_URL!);
    const database = await openDatabase({ url: scratch.url });
    try {
      const settings = await Promise.all(
        Array.from({ length: 3 }, () => database.db.execute<{ jit: string }>(sql`show jit`)),
      );
      expect(settings.map((result) => result.rows[0]?.jit)).toEqual(['off', 'off', 'off']);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});

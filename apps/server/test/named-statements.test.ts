import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partners } from '../src/db/schema';
import { createTestApp, type TestApp } from './test-app';

// On PostgreSQL, parameterised statements are prepared under a name once per connection (db/client.ts): PostgreSQL
// parses them once instead of on every call. Only on PostgreSQL (npm run test:pg).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Prepared {
  name: string;
  statement: string;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('named statements on PostgreSQL', () => {
  it('prepares a parameterised statement once per connection and reuses it', async () => {
    const prepared = await t.database.db.transaction(async (tx) => {
      // One connection for the whole transaction: its prepared statements are visible to it.
      for (const identifier of ['demo', 'acme', 'negocie']) {
        const [row] = await tx
          .select({ id: partners.id, marker: sql<string>`'named-statement-test'` })
          .from(partners)
          .where(eq(partners.identifier, identifier));
        expect(row?.id).toBeGreaterThan(0);
      }
      await tx.execute(sql`select 'unnamed-statement-test'`);
      const result = await tx.execute(sql`select name, statement from pg_prepared_statements`);
      return result.rows as unknown as Prepared[];
    });
    const ours = prepared.filter((p) => p.statement.includes('named-statement-test'));
    expect(ours).toHaveLength(1);
    expect(ours[0]!.name).toMatch(/^portal_\d+$/);
    // A statement without parameters is sent as before, unnamed.
    expect(prepared.filter((p) => p.statement.includes('unnamed-statement-test'))).toEqual([]);
  });

  it('gives each opened database its own names: one that used up its cap leaves the next one naming', async () => {
    const other = await createTestApp();
    try {
      // 501 distinct parameterised texts: past the cap of 500 names.
      for (let i = 0; i <= 500; i++)
        await other.database.db.execute(sql`select ${i}::int + ${sql.raw(String(i))}`);
    } finally {
      await other.close();
    }
    const prepared = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 'after-another-cap' as marker, ${1}::int as one`);
      const result = await tx.execute(sql`select name, statement from pg_prepared_statements`);
      return result.rows as unknown as Prepared[];
    });
    expect(prepared.filter((p) => p.statement.includes('after-another-cap'))).toHaveLength(1);
  });

  it('answers the same rows through a prepared statement as a fresh one', async () => {
    const query = (identifier: string) =>
      t.database.db.select().from(partners).where(eq(partners.identifier, identifier));
    const first = await query('senff');
    for (let i = 0; i < 12; i++) expect(await query('senff')).toEqual(first);
    expect(await query('nenhum')).toEqual([]);
  });
});

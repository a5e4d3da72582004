import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { withRetriedTransaction } from '../src/repositories/transaction';

// withRetriedTransaction runs its work again only when PostgreSQL rolled the transaction back for a concurrent one
// (a real deadlock between two retorno imports: cnab.test.ts on PostgreSQL). A stand-in database runs each
// transaction's work at once, and the work fails as a query does through Drizzle: the driver's error as the cause.

const failedQuery = (code: string) =>
  new DrizzleQueryError(
    'update persons set debts_version = debts_version + 1',
    [],
    Object.assign(new Error(code), { code }),
  );

/** The number of times `work` ran, and what withRetriedTransaction gave: its result or its error. */
async function run(failures: string[], attempts?: number) {
  let runs = 0;
  const db = { transaction: (work: (tx: Db) => Promise<unknown>) => work(db as unknown as Db) };
  const outcome = await withRetriedTransaction(
    db as unknown as Db,
    async () => {
      const code = failures[runs++];
      if (code) throw failedQuery(code);
      return 'done';
    },
    attempts,
  ).catch((error: DrizzleQueryError) => (error.cause as Error & { code: string }).code);
  return { runs, outcome };
}

describe('withRetriedTransaction', () => {
  it('runs the work again after a deadlock (40P01) or a serialization failure (40001)', async () => {
    expect(await run(['40P01', '40001'])).toEqual({ runs: 3, outcome: 'done' });
  });

  it('gives up after its attempts with the last error', async () => {
    expect(await run(['40P01', '40P01', '40P01', '40P01'])).toEqual({ runs: 3, outcome: '40P01' });
    expect(await run(['40001', '40001'], 2)).toEqual({ runs: 2, outcome: '40001' });
  });

  it('runs it once when it failed otherwise', async () => {
    expect(await run(['23505', '40P01'])).toEqual({ runs: 1, outcome: '23505' });
  });
});

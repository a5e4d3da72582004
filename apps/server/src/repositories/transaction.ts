import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { driverError } from '../db/driver-error';

/**
 * Runs `work` in one transaction, committed when it resolves and rolled back when it throws. The handle it gets is a
 * Db like any other (a Drizzle transaction runs the same query builder), so every repository function takes part
 * in the caller's transaction by being handed it: the one way use cases group writes.
 */
export function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

/** PostgreSQL rolled the transaction back as a deadlock's victim (40P01) or on a serialization failure (40001). */
const LOST_TO_A_CONCURRENT_ONE = new Set(['40P01', '40001']);

/**
 * withTransaction, run again from the start, `attempts` times at most, when PostgreSQL rolls it back as a deadlock's
 * victim or on a serialization failure: the other transaction then goes on, and this one can succeed after it. Only
 * for work that is safe to run twice (it writes nothing outside the transaction), on the database itself: within a
 * caller's transaction the locks taken before stay held, and the work run again would meet the same deadlock.
 */
export async function withRetriedTransaction<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withTransaction(db, work);
    } catch (error) {
      if (attempt >= attempts || !LOST_TO_A_CONCURRENT_ONE.has(driverError(error).code ?? '')) throw error;
    }
  }
}

/**
 * Holds the lock named `name` for `id` until the caller's transaction ends: two transactions that check before
 * they write (a count, a row sent twice) cannot both pass the check.
 */
export async function lockUntilCommit(db: Db, name: string, id: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${name}), ${id})`);
}

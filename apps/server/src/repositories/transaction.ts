import type { Db } from '../db/client';

/**
 * Runs `work` in one transaction, committed when it resolves and rolled back when it throws. The handle it gets is a
 * Db like any other (a Drizzle transaction runs the same query builder), so every repository function takes part
 * in the caller's transaction by being handed it: the one way use cases group writes.
 */
export function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

import { and, desc, eq, gte, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { lockUntilCommit } from './transaction';

/**
 * Where to look for a form sent again (decisions 048, 085): the same content, recently, is the request already
 * stored.
 */
export interface RepeatedRequestLookup<Fields extends Record<string, PgColumn>> {
  table: PgTable;
  /** What to answer of the stored request. */
  fields: Fields;
  /**
   * The lock, held until the transaction ends, that serialises the look-up with the insert after it: of two sent at
   * once, the second waits for the first and finds it. Named for one sender (a document, an address, a person).
   */
  lock: { name: string; id: number };
  /** Each stored column with the value sent, as it would be stored: null matches a column left null. */
  sameContent: [PgColumn, unknown][];
  /** What else the stored request must be: its partner, not answered yet. */
  where: SQL | undefined;
  createdAt: PgColumn;
  /** The start of the window: a request stored before it is not the one sent again. */
  since: Date;
}

/** The newest request the lookup finds, taking its lock first; undefined when this one is new. */
export async function findRepeatedRequest<Fields extends Record<string, PgColumn>>(
  db: Db,
  lookup: RepeatedRequestLookup<Fields>,
): Promise<{ [Name in keyof Fields]: Fields[Name]['_']['data'] } | undefined> {
  await lockUntilCommit(db, lookup.lock.name, lookup.lock.id);
  // Widened: Drizzle's builder cannot follow a generic selection; the answer is typed back below.
  const fields: Record<string, PgColumn> = lookup.fields;
  const [row] = await db
    .select(fields)
    .from(lookup.table)
    .where(
      and(
        ...lookup.sameContent.map(([column, value]) => (value === null ? isNull(column) : eq(column, value))),
        lookup.where,
        gte(lookup.createdAt, lookup.since),
      ),
    )
    .orderBy(desc(lookup.createdAt))
    .limit(1);
  return row as { [Name in keyof Fields]: Fields[Name]['_']['data'] } | undefined;
}

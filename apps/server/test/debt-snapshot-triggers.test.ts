import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import { loadDebtSnapshot } from '../src/repositories/debt-snapshot';
import { createTestApp, type TestApp } from './test-app';

// The debts a process keeps per person (decision 012) are current only while every table they are read from raises
// persons.debts_version or debt_view_epoch on each write (migrations 0008, 0010). The tables are taken from the SQL the
// snapshot runs, so a query that starts reading a new table fails here until that table has its triggers.

/** Tables read by the listing whose rows never change: content-addressed files, named by a store's foreign key. */
const WRITTEN_ONCE = new Set(['files']);

const EVENTS = ['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE'];

/**
 * Tables whose new rows change nothing the listing says, so an INSERT need not raise a version: a new second copy has
 * no payment yet, and only its payments make its instalment paid (instalmentOwed, migration 0034).
 */
const INSERT_CHANGES_NOTHING = new Set(['second_copies']);
const eventsOf = (table: string) =>
  EVENTS.filter((e) => e !== 'INSERT' || !INSERT_CHANGES_NOTHING.has(table));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The SQL texts a fresh read of a snapshot runs, through a second Drizzle instance over the same connection. */
async function snapshotQueries(): Promise<string[]> {
  const queries: string[] = [];
  const logger = { logQuery: (query: string) => queries.push(query) };
  const client = (t.database.db as unknown as { $client: unknown }).$client;
  const db = (t.database.kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzleNodePg(client as pg.Pool, { schema, logger })) as unknown as Db;
  await loadDebtSnapshot(db, { partnerId: 1, personId: 1 }, { person: 0, epoch: 0 });
  return queries;
}

/** The tables a statement reads: Drizzle quotes every table it names after FROM or JOIN. */
const tablesOf = (query: string) => [...query.matchAll(/\b(?:from|join)\s+"(\w+)"/gi)].map((m) => m[1]!);

/** The write events of each table that fire a statement trigger raising a debt version or the epoch. */
async function versionTriggers(): Promise<Map<string, Set<string>>> {
  const result = await t.database.db.execute<{ table: string; type: number }>(sql`
    select c.relname as "table", tg.tgtype as "type"
    from pg_trigger tg
    join pg_class c on c.oid = tg.tgrelid
    join pg_proc p on p.oid = tg.tgfoid
    where not tg.tgisinternal and tg.tgenabled <> 'D'
      and (p.prosrc like '%debts_version%' or p.prosrc like '%debt_view_epoch%')`);
  const events = new Map<string, Set<string>>();
  for (const { table, type } of result.rows) {
    const set = events.get(table) ?? new Set();
    // pg_trigger.tgtype bits: 1 row-level, 4 insert, 8 delete, 16 update, 32 truncate.
    if ((type & 1) === 0) {
      if (type & 4) set.add('INSERT');
      if (type & 8) set.add('DELETE');
      if (type & 16) set.add('UPDATE');
      if (type & 32) set.add('TRUNCATE');
    }
    events.set(table, set);
  }
  return events;
}

it('raises a debt version or the epoch on every write to each table the debt snapshot reads', async () => {
  const read = [...new Set((await snapshotQueries()).flatMap(tablesOf))].sort();
  // The listing's own tables, found in its SQL (the check below is only as good as this list).
  expect(read).toEqual(
    expect.arrayContaining(['agreement_contracts', 'agreements', 'contracts', 'instalments']),
  );
  const triggers = await versionTriggers();
  const checked = read.filter((table) => !WRITTEN_ONCE.has(table));
  expect(
    Object.fromEntries(
      checked.map((table) => [table, eventsOf(table).filter((e) => triggers.get(table)?.has(e))]),
    ),
  ).toEqual(Object.fromEntries(checked.map((table) => [table, eventsOf(table)])));
});

import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

// Both drivers expose the same query builder; the app is typed against one of them so repositories need not
// care which database is behind it.
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs `work` while holding the advisory lock named `key` (GUIDE "jobs": safe on several processes at once); null,
   * without running it, when another holder has it. On PostgreSQL a session lock on a connection kept for the run
   * (released if the process dies); the embedded database has one process, so a lock within it.
   */
  withAdvisoryLock<T>(key: string, work: () => Promise<T>): Promise<{ value: T } | null>;
  /**
   * The embedded database's files as one tar (PGlite `dumpDataDir`), gzipped for a backup file; absent on
   * PostgreSQL. The test templates and the backups both dump through this.
   */
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Buffer>;
}

/** The keys the embedded database's single process holds: advisory locks are re-entrant within one session. */
function processLocks(): Database['withAdvisoryLock'] {
  const held = new Set<string>();
  return async (key, work) => {
    if (held.has(key)) return null;
    held.add(key);
    try {
      return { value: await work() };
    } finally {
      held.delete(key);
    }
  };
}

/**
 * A query built once per database and kept (a Drizzle prepared query: no query building per call and, on
 * PostgreSQL, a named statement each connection parses once). For the statements every debtor call runs.
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let query = byDb.get(db);
    if (query === undefined) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; undefined keeps the embedded database in memory (tests). */
  dataDir?: string | undefined;
  /** PGlite starts from these files (a `dumpDataDir` tar) instead of an empty cluster; `dataDir` must be empty. */
  loadDataDir?: Blob | undefined;
  onPoolError?: (error: Error) => void;
}

// Parameterised statements get a name, one per distinct SQL text, so that each connection has PostgreSQL parse
// (and, after a few runs, plan) a statement once instead of on every call: the portal repeats a small set of
// statements. Each connection keeps what it prepared, so the number of names is capped; past the cap, and for long
// texts or many parameters (bulk inserts, long id lists), statements stay unnamed as before. The names are the
// pool's (one per opened database), not the process's: a process that opens several databases (a test run sharing
// its modules between files) gives each its own cap.
const MAX_NAMED_STATEMENTS = 500;
const MAX_NAMED_TEXT = 8192;
const MAX_NAMED_PARAMETERS = 64;

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
}

const plainQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;

/** A client class for one pool: its parameterised statements get the names of that pool's own map. */
function namedStatementClient(): typeof pg.Client {
  const statementNames = new Map<string, string>();
  const statementName = (text: string, parameters: number): string | undefined => {
    let name = statementNames.get(text);
    if (
      !name &&
      statementNames.size < MAX_NAMED_STATEMENTS &&
      text.length <= MAX_NAMED_TEXT &&
      parameters <= MAX_NAMED_PARAMETERS
    ) {
      name = `portal_${statementNames.size + 1}`;
      statementNames.set(text, name);
    }
    return name;
  };
  class NamedStatementClient extends pg.Client {}
  (NamedStatementClient.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
    this: pg.Client,
    config: unknown,
    values?: unknown,
    ...rest: unknown[]
  ) {
    const query = config as QueryConfigLike | null;
    if (
      query &&
      typeof query === 'object' &&
      typeof query.text === 'string' &&
      query.name === undefined &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const name = statementName(query.text, values.length);
      if (name) config = { ...query, name };
    }
    return plainQuery.call(this, config, values, ...rest);
  };
  return NamedStatementClient;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      Client: namedStatementClient(),
      connectionString: options.url,
      max: 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      // No JIT compilation (decision 082): the money rules' nested subqueries cost enough on paper to cross
      // jit_above_cost, and compiling them took seconds on empty tables (Não aplicados: 2.2 s of 2.3 s).
      options: '-c jit=off',
    });
    // A client losing its connection (the database stopped, or ended its sessions) must not crash the process: an
    // 'error' event nobody listens to would. The pool listens only while a client is idle, so each client gets a
    // listener of its own for the time it is checked out (a transaction between statements, an advisory lock held
    // for a job run). The query in flight, if any, fails with the error; the pool then drops the client and the
    // next query connects afresh.
    pool.on('connect', (client) => client.on('error', (error) => options.onPoolError?.(error)));
    // Idle clients' errors reach the listener above too.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(db, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
      withAdvisoryLock: async (key, work) => {
        const client = await pool.connect();
        try {
          const { rows } = await client.query<{ locked: boolean }>(
            'select pg_try_advisory_lock(hashtext($1)) as locked',
            [key],
          );
          if (!rows[0]?.locked) return null;
          try {
            return { value: await work() };
          } finally {
            await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
          }
        } finally {
          client.release();
        }
      },
    };
  }
  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  const start = options.loadDataDir ? { loadDataDir: options.loadDataDir } : {};
  const client = options.dataDir ? new PGlite(options.dataDir, start) : new PGlite(start);
  await client.waitReady.catch((error: unknown) => {
    unlock();
    throw error;
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
      unlock();
    },
    withAdvisoryLock: processLocks(),
    dumpDataDir: async (compression = 'none') =>
      Buffer.from(await (await client.dumpDataDir(compression)).arrayBuffer()),
  };
}

import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import type { Database } from '../db/client';

// A bulk load needs what the query builder does not give: one dedicated connection for the whole transaction and
// COPY. node-postgres streams COPY FROM STDIN; PGlite reads COPY FROM '/dev/blob' from a Blob passed with the query.

/** Receives COPY text (tab-separated lines, \N for null) for one table, as a string or UTF-8 bytes. */
export interface CopySink {
  write(text: string | Uint8Array): Promise<void>;
  end(): Promise<void>;
}

export interface ImportTransaction {
  /** Parameterised SQL; rows as plain objects. */
  query<R>(text: string, params?: unknown[]): Promise<R[]>;
  /** COPY in text format into `target`, a table with its column list: "import_staging (line, ...)". */
  copyFrom(target: string): CopySink;
}

export interface TransactionOutcome<T> {
  commit: boolean;
  result: T;
}

/** Runs `work` in one transaction, committed only when it answers commit: true (rolled back too when it throws). */
export async function inImportTransaction<T>(
  database: Database,
  work: (tx: ImportTransaction) => Promise<TransactionOutcome<T>>,
): Promise<T> {
  // The drizzle instance carries its driver client; the shared Db type does not declare it.
  const { $client } = database.db as unknown as { $client: pg.Pool | PGlite };
  return database.kind === 'postgres'
    ? inPostgresTransaction($client as pg.Pool, work)
    : inPgliteTransaction($client as PGlite, work);
}

async function inPostgresTransaction<T>(
  pool: pg.Pool,
  work: (tx: ImportTransaction) => Promise<TransactionOutcome<T>>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    const outcome = await work({
      query: async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[],
      copyFrom: (target) => postgresCopy(client, target),
    });
    await client.query(outcome.commit ? 'commit' : 'rollback');
    return outcome.result;
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    // A connection that could not even roll back is dropped rather than handed to the next user of the pool.
    client.release(broken);
  }
}

function postgresCopy(client: pg.PoolClient, target: string): CopySink {
  const stream = client.query(copyFromStdin(`copy ${target} from stdin`));
  let failure: unknown = null;
  // Kept so a failed COPY surfaces at the next write or at end rather than as an unhandled 'error' event.
  stream.on('error', (error) => {
    failure = error;
  });
  return {
    async write(text) {
      if (failure) throw failure;
      if (!stream.write(text)) await once(stream, 'drain');
    },
    async end() {
      if (failure) throw failure;
      stream.end();
      await finished(stream);
    },
  };
}

// PGlite runs in this thread: COPY goes in blobs of a few megabytes so memory stays flat on a large file.
const PGLITE_COPY_BYTES = 8 * 1024 * 1024;

async function inPgliteTransaction<T>(
  client: PGlite,
  work: (tx: ImportTransaction) => Promise<TransactionOutcome<T>>,
): Promise<T> {
  let result: T | undefined;
  await client.transaction(async (tx) => {
    const outcome = await work({
      query: async <R>(text: string, params?: unknown[]) => (await tx.query<R>(text, params)).rows,
      copyFrom: (target) => pgliteCopy(tx, target),
    });
    result = outcome.result;
    if (!outcome.commit) await tx.rollback();
  });
  return result as T;
}

function pgliteCopy(tx: Transaction, target: string): CopySink {
  let chunks: (string | Uint8Array)[] = [];
  let size = 0;
  const flush = async () => {
    if (size === 0) return;
    // Node's Blob takes any byte view; the DOM typing the browser tests compile with wants ArrayBuffer-backed ones.
    const blob = new Blob(chunks as ConstructorParameters<typeof Blob>[0]);
    chunks = [];
    size = 0;
    await tx.query(`copy ${target} from '/dev/blob'`, [], { blob });
  };
  return {
    async write(text) {
      chunks.push(text);
      size += text.length;
      if (size >= PGLITE_COPY_BYTES) await flush();
    },
    end: flush,
  };
}

import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from './client';

// Backups of either database (README "Backups", decision 036). PostgreSQL: pg_dump's custom format, one snapshot
// by construction, taken while the servers run; pg_restore into an empty database. The embedded PGlite: its own
// dumpDataDir, a tar of the whole data directory (the database and DATA_DIR's uploads), taken while this process
// holds the directory's lock, so no server writes meanwhile; loadDataDir into an empty directory.

/** A PostgreSQL custom-format archive starts with these bytes; a PGlite dump is a gzip file. */
const PG_DUMP_MAGIC = Buffer.from('PGDMP');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

export type BackupKind = 'postgres' | 'pglite' | 'unknown';

export function backupKindOf(file: string): BackupKind {
  const head = readFileSync(file).subarray(0, 5);
  if (head.subarray(0, 5).equals(PG_DUMP_MAGIC)) return 'postgres';
  if (head.subarray(0, 2).equals(GZIP_MAGIC)) return 'pglite';
  return 'unknown';
}

/**
 * libpq's settings for a connection string, as environment variables: the password reaches pg_dump and pg_restore
 * without appearing on their command line (visible to every user of the machine).
 */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  const sslmode = parsed.searchParams.get('sslmode');
  return {
    ...process.env,
    PGHOST: decodeURIComponent(parsed.hostname) || 'localhost',
    PGPORT: parsed.port || '5432',
    PGUSER: decodeURIComponent(parsed.username),
    PGPASSWORD: decodeURIComponent(parsed.password),
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)),
    ...(sslmode ? { PGSSLMODE: sslmode } : {}),
  };
}

/** Runs a PostgreSQL client program; rejects with its error output when it fails. */
function runClient(program: string, args: string[], url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: libpqEnv(url), stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('error', (error) => reject(new Error(`${program}: ${error.message}`)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} terminou com ${code}: ${errors.trim()}`)),
    );
  });
}

/** pg_dump of the whole database (every schema, the migrations' journal too) into `file`, custom format. */
export function dumpPostgres(url: string, file: string): Promise<void> {
  return runClient('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], url);
}

/** The number of tables outside PostgreSQL's own schemas: 0 for an empty database. */
export async function postgresTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      `select count(*)::int as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.tables;
  } finally {
    await client.end();
  }
}

/** pg_restore of `file` in one transaction, stopping at the first error: all of it or nothing. */
export function restorePostgres(url: string, file: string): Promise<void> {
  return runClient(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${libpqEnv(url).PGDATABASE}`,
      file,
    ],
    url,
  );
}

/**
 * The embedded database's data directory as a gzipped tar (Database.dumpDataDir). Opening it takes the directory's
 * lock: throws DataDirInUseError while a server (or another command) has it open.
 */
export async function dumpPglite(dataDir: string): Promise<Buffer> {
  const database = await openDatabase({ dataDir });
  try {
    return await database.dumpDataDir!('gzip');
  } finally {
    await database.close();
  }
}

/** True when `dataDir` is missing or holds nothing. */
export function isEmptyDirectory(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

/** Unpacks a dumpPglite tar into `dataDir`, which must be empty (PGlite's loadDataDir), under the directory's lock. */
export async function loadPglite(dataDir: string, tar: Buffer): Promise<void> {
  const database = await openDatabase({ dataDir, loadDataDir: new Blob([new Uint8Array(tar)]) });
  await database.close();
}

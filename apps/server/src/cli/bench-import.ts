// npm run bench:import: generates a portfolio file of BENCH_IMPORT_ROWS instalments (default 1,000,000; the same
// file every run), imports it, when DATABASE_URL is set, into a scratch database created on that PostgreSQL server
// and dropped afterwards, then into a fresh PGlite, and prints rows/s. Each target is imported twice: a first load
// into empty tables, then the same file again (every row unchanged). On PostgreSQL the same run first times a raw
// `COPY` of the file into a bare table of text columns (the floor: no parsing, no checks, no indexes) and prints
// each import's time as a ratio to it (budget, GUIDE: within 2x). After the imports it also times a COPY of the rows
// the first import wrote into an empty, freshly migrated database (the same indexes, foreign keys and triggers): the
// floor of the writes themselves, which decision 043 compares the first import with. A measurement, never an assertion.

import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { type Database, openDatabase } from '../db/client';
import { partners } from '../db/schema';
import { importPortfolio } from '../services/import/import-portfolio';
import { PORTFOLIO_COLUMNS } from '../services/import/validate-portfolio';
import { generatePortfolio } from './bench-portfolio';
import { describeSummary } from './import-command';
import { formatCount } from './progress-bar';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);

/** Seconds a raw COPY of the file into a bare table of text columns takes (a fresh table, then dropped). */
async function rawCopySeconds(url: string, file: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = PORTFOLIO_COLUMNS.map((_, i) => `c${i} text`).join(', ');
    await client.query(`create table bench_raw_copy (${columns})`);
    const started = performance.now();
    await pipeline(
      createReadStream(file),
      client.query(copyFrom("copy bench_raw_copy from stdin with (format csv, delimiter ';', header true)")),
    );
    const seconds = (performance.now() - started) / 1000;
    await client.query('drop table bench_raw_copy');
    return seconds;
  } finally {
    await client.end();
  }
}
// The tables an import writes, parents first (decision 028), and the partner its store links point to.
const WRITTEN_TABLES = ['persons', 'stores', 'partner_stores', 'contracts', 'instalments'] as const;

/**
 * Seconds to COPY the rows an import wrote in `fromUrl` into the same tables of `toUrl`, a freshly migrated database
 * holding only the same partner: each table is first dumped to a file, so only the writes are timed.
 */
async function constrainedCopySeconds(fromUrl: string, toUrl: string, dir: string): Promise<number> {
  const source = new pg.Client({ connectionString: fromUrl });
  const target = new pg.Client({ connectionString: toUrl });
  await Promise.all([source.connect(), target.connect()]);
  try {
    const dump = async (table: string) => {
      const file = join(dir, `${table}.copy`);
      await pipeline(source.query(copyTo(`copy ${table} to stdout`)), createWriteStream(file));
      return file;
    };
    await pipeline(
      createReadStream(await dump('partners')),
      target.query(copyFrom('copy partners from stdin')),
    );
    const files = [];
    for (const table of WRITTEN_TABLES) files.push({ table, file: await dump(table) });
    const started = performance.now();
    for (const { table, file } of files)
      await pipeline(createReadStream(file), target.query(copyFrom(`copy ${table} from stdin`)));
    return (performance.now() - started) / 1000;
  } finally {
    await Promise.all([source.end(), target.end()]);
  }
}

async function benchTarget(
  label: string,
  database: Database,
  file: string,
  copySeconds?: number,
): Promise<number | undefined> {
  await database.migrate();
  const [partner] = await database.db
    .insert(partners)
    .values({
      identifier: 'bench',
      name: 'Bench',
      companyCode: 1,
      style: { corPrimaria: '#0b5394', corSecundaria: '#ffffff' },
    })
    .returning({ id: partners.id });
  let firstImportSeconds: number | undefined;
  for (const run of ['first import', 're-import (unchanged)']) {
    const outcome = await importPortfolio(database, {
      input: createReadStream(file),
      partnerId: partner!.id,
    });
    if (!outcome.ok) throw new Error(`bench file rejected: ${JSON.stringify(outcome.issues.slice(0, 3))}`);
    firstImportSeconds ??= outcome.summary.seconds;
    const perSecond = outcome.summary.rows / outcome.summary.seconds;
    const ratio = copySeconds
      ? `, ${(outcome.summary.seconds / copySeconds).toFixed(1)}x the raw COPY (budget <= 2x)`
      : '';
    console.log(`${label}, ${run}: ${formatCount(perSecond)} rows/s${ratio}`);
    console.log(`  ${describeSummary(outcome.summary)}`);
  }
  return firstImportSeconds;
}

async function scratchPostgres(
  adminUrl: string,
  suffix = 'import',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_bench_${suffix}_${process.pid}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(statement).finally(() => admin.end());
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

const dir = mkdtempSync(join(tmpdir(), 'portal-bench-import-'));
try {
  const file = join(dir, 'carteira.csv');
  const started = performance.now();
  await generatePortfolio(file, { rows: ROWS });
  console.log(
    `generated ${formatCount(ROWS)} instalment lines in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // PostgreSQL first, measured by a process that has not yet run the embedded database (whose memory and collector
  // work it would carry).
  if (process.env.DATABASE_URL) {
    const scratch = await scratchPostgres(process.env.DATABASE_URL);
    try {
      const copySeconds = await rawCopySeconds(scratch.url, file);
      console.log(
        `PostgreSQL, raw COPY into a bare table: ${formatCount(ROWS / copySeconds)} rows/s (${copySeconds.toFixed(1)} s)`,
      );
      const postgres = await openDatabase({ url: scratch.url });
      const importSeconds = await benchTarget('PostgreSQL', postgres, file, copySeconds).finally(() =>
        postgres.close(),
      );
      const floor = await scratchPostgres(process.env.DATABASE_URL, 'floor');
      try {
        const empty = await openDatabase({ url: floor.url });
        await empty.migrate().finally(() => empty.close());
        const writeSeconds = await constrainedCopySeconds(scratch.url, floor.url, dir);
        console.log(
          `PostgreSQL, COPY of the first import's rows into the portal's tables (indexes, foreign keys): ${writeSeconds.toFixed(1)} s, ${(writeSeconds / copySeconds).toFixed(1)}x the raw COPY; the first import is ${(importSeconds! / writeSeconds).toFixed(1)}x it (decision 043: <= 2x)`,
        );
      } finally {
        await floor.drop();
      }
    } finally {
      await scratch.drop();
    }
  } else console.log('PostgreSQL: skipped (set DATABASE_URL to measure it)');

  const pglite = await openDatabase({ dataDir: join(dir, 'pglite') });
  await benchTarget('PGlite', pglite, file).finally(() => pglite.close());
} finally {
  rmSync(dir, { recursive: true, force: true });
}

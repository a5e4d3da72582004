import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { todayInBrasilia } from '@portal/domain';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import type { Env } from '../src/env';
import { prepareDatabase } from '../src/prepare-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps its prepared embedded databases (pglite-templates-setup.ts). */
    pgliteTemplateDir: string;
  }
}

// A new embedded database costs about 9 s of CPU (initdb, the migrations, the demo seed) and a test run opens dozens.
// The first one of a kind is dumped into the run's template folder (pglite-templates-setup.ts); the others start from
// that dump (about 1 s).

/** The run's dump named `name`, made by `prepare` on a new in-memory database the first time; null outside a run. */
async function template(
  name: string,
  prepare: (database: Database) => Promise<unknown>,
): Promise<Blob | null> {
  const dir = inject('pgliteTemplateDir');
  if (!dir) return null;
  const file = join(dir, `${name}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({});
    try {
      await prepare(database);
      // Two test processes may make the same template at once: each writes its own file and the rename is atomic.
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, await database.dumpDataDir!());
      renameSync(partial, file);
    } finally {
      await database.close();
    }
  }
  return new Blob([readFileSync(file)]);
}

/** An in-memory database prepared as the server prepares it; the kind is what prepareDatabase reads, and the Brasília
 * date the seed counts from. */
export async function openPreparedPglite(env: Env): Promise<Database> {
  const dump = await template(`${env.SEED_DEMO}-${env.NODE_ENV}-${todayInBrasilia()}`, (database) =>
    prepareDatabase(database, env),
  );
  const database = await openDatabase(dump ? { loadDataDir: dump } : {});
  // Idempotent on a prepared database; kept so that a template can never skip a step.
  await prepareDatabase(database, env);
  return database;
}

/** Makes `dataDir` an embedded database with every migration applied and nothing seeded, as a command leaves it. */
export async function createMigratedPglite(dataDir: string): Promise<void> {
  const dump = await template('migrated', (database) => database.migrate());
  const database = await openDatabase({ dataDir, ...(dump ? { loadDataDir: dump } : {}) });
  await database.migrate().finally(() => database.close());
}

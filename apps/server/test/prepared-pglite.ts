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
// that dump (about 1 s). The kind is what prepareDatabase reads, and the Brasília date the seed counts from.
export async function openPreparedPglite(env: Env): Promise<Database> {
  const dir = inject('pgliteTemplateDir');
  const template = dir && join(dir, `${env.SEED_DEMO}-${env.NODE_ENV}-${todayInBrasilia()}.tar`);
  if (template && existsSync(template)) {
    const database = await openDatabase({ loadDataDir: new Blob([readFileSync(template)]) });
    // Idempotent on a prepared database; kept so that a template can never skip a step.
    await prepareDatabase(database, env);
    return database;
  }
  const database = await openDatabase({});
  await prepareDatabase(database, env);
  if (template && database.dumpDataDir) {
    const dump = await database.dumpDataDir();
    // Two test processes may make the same template at once: each writes its own file and the rename is atomic.
    const partial = `${template}.${process.pid}`;
    writeFileSync(partial, dump);
    renameSync(partial, template);
  }
  return database;
}

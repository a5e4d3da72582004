import type { Database } from './db/client';
import { type SeedOutcome, seedDemo } from './db/seed/run-seed';
import type { Env } from './env';

/** Applies the committed migrations, then seeds the demo on an empty database (see SEED_DEMO). */
export async function prepareDatabase(database: Database, env: Env): Promise<SeedOutcome | 'disabled'> {
  await database.migrate();
  if (env.SEED_DEMO === 'off') return 'disabled';
  return seedDemo(database.db, {
    production: env.NODE_ENV === 'production',
    force: env.SEED_DEMO === 'force',
  });
}

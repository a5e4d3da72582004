import type { Database } from './db/client';
import { type SeedOutcome, seedDemo } from './db/seed/run-seed';
import type { Env } from './env';
import { ensureDemoStaff } from './services/staff/ensure-demo-staff';

/**
 * Applies the committed migrations, then seeds the demo on an empty database (see SEED_DEMO). The demo staff
 * account (README) is created whenever it is missing outside production, also on a database seeded before it.
 */
export async function prepareDatabase(database: Database, env: Env): Promise<SeedOutcome | 'disabled'> {
  await database.migrate();
  if (env.SEED_DEMO === 'off') return 'disabled';
  if (env.NODE_ENV !== 'production') await ensureDemoStaff(database.db);
  return seedDemo(database.db, {
    production: env.NODE_ENV === 'production',
    force: env.SEED_DEMO === 'force',
  });
}

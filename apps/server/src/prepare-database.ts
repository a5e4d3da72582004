import type { Database } from './db/client';
import { type SeedOutcome, seedDemo } from './db/seed/run-seed';
import type { Env } from './env';
import { ensureDemoStaff } from './services/staff/ensure-demo-staff';

/** How long a process starting beside another waits before asking again whether the other finished preparing. */
const PREPARED_ELSEWHERE_POLL_MS = 250;

/**
 * Applies the committed migrations, then seeds the demo on an empty database (see SEED_DEMO). The demo staff
 * account (README) is created whenever it is missing outside production, also on a database seeded before it.
 * Under an advisory lock: servers on several machines started at once (decision 036) prepare one after the other,
 * and all but the first find nothing left to do.
 */
export async function prepareDatabase(database: Database, env: Env): Promise<SeedOutcome | 'disabled'> {
  for (;;) {
    const held = await database.withAdvisoryLock('prepare-database', () => prepareNow(database, env));
    if (held) return held.value;
    await new Promise((resolve) => setTimeout(resolve, PREPARED_ELSEWHERE_POLL_MS));
  }
}

async function prepareNow(database: Database, env: Env): Promise<SeedOutcome | 'disabled'> {
  await database.migrate();
  if (env.SEED_DEMO === 'off') return 'disabled';
  if (env.NODE_ENV !== 'production') await ensureDemoStaff(database.db);
  return seedDemo(database.db, {
    production: env.NODE_ENV === 'production',
    force: env.SEED_DEMO === 'force',
  });
}

import type { Database } from '../db/client';
import type { Env } from '../env';
import { externalCardGateway } from '../integrations/card-gateway/configured-gateway';
import { createPixServices } from '../integrations/payments/pix-api/pix-services';
import type { SchedulerDeps } from '../scheduler/run-due-jobs';
import type { JobLog } from '../scheduler/scheduled-job';
import { cvDirOf } from '../services/jobs/cv-files';

/**
 * What a command needs to run scheduled jobs as a server process would: the payment providers as the server builds
 * them (their PIX at the local PSP or the store's), the card gateway, the CV folder. `close` releases the providers.
 */
export async function commandSchedulerDeps(
  database: Database,
  env: Env,
  log: JobLog,
): Promise<{ deps: SchedulerDeps; close: () => Promise<void> }> {
  const pix = await createPixServices({ db: database.db, env, log });
  return {
    deps: {
      database,
      providers: pix.providers,
      pix: { gatewayFor: pix.gatewayFor, afterMinutes: env.PIX_RECONCILE_AFTER_MINUTES },
      cardGateway: externalCardGateway(env),
      log,
      cvDir: cvDirOf(env.DATA_DIR),
    },
    close: pix.close,
  };
}

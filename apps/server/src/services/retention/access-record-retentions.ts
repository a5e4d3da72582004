import type { Db } from '../../db/client';
import {
  anonymiseStepsBefore,
  minimiseSessionsExpiredBefore,
} from '../../repositories/access-record-repository';
import { withTransaction } from '../../repositories/transaction';
import { recordStaffAction } from '../audit/record-staff-action';
import type { Retention } from './erase-expired';

/**
 * An access record kind: many rows a day, so a batch is a few statements and one audit row (its count), the records'
 * own kind as its entity. The rows stay, anonymised: the dashboard counts them (decision 015).
 */
function batchRetention(
  job: string,
  kind: 'step_log' | 'debtor_session',
  anonymiseBefore: (db: Db, before: Date, limit: number) => Promise<number>,
): Retention {
  return {
    job,
    kind,
    eraseBatch: (deps, trail, before, limit) =>
      withTransaction(deps.db, async (tx) => {
        const erased = await anonymiseBefore(tx, before, limit);
        if (erased > 0)
          await recordStaffAction(tx, trail, {
            entity: kind,
            action: 'anonymise',
            after: { registros: erased },
          });
        return { found: erased, erased };
      }),
  };
}

/**
 * The access records past their retention (decision 072): six months after it was logged a navigation step loses
 * whose it was (the step stays, anonymous, for the statistics, as a person's erasure leaves it), six months after it
 * expired a debtor session loses its token, its SMS codes and where it came from, keeping what the dashboard's funnel
 * counts (decision 015). The audit row of a batch says how many, and names nobody.
 */
export const ACCESS_RECORD_RETENTIONS: readonly Retention[] = [
  batchRetention('expire-step-logs', 'step_log', anonymiseStepsBefore),
  batchRetention('expire-sessions', 'debtor_session', minimiseSessionsExpiredBefore),
];

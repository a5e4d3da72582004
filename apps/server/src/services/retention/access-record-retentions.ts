import type { AuditAction, AuditEntity } from '@portal/domain';
import type { Db } from '../../db/client';
import {
  anonymiseStepsBefore,
  deleteSessionsExpiredBefore,
} from '../../repositories/access-record-repository';
import { withTransaction } from '../../repositories/transaction';
import { recordStaffAction } from '../audit/record-staff-action';
import type { Retention } from './erase-expired';

/** An access record kind: many rows a day, so a batch is one statement and one audit row (its count). */
function batchRetention(
  job: string,
  kind: 'step_log' | 'debtor_session',
  entity: AuditEntity,
  action: AuditAction,
  eraseBefore: (db: Db, before: Date, limit: number) => Promise<number>,
): Retention {
  return {
    job,
    kind,
    eraseBatch: (deps, trail, before, limit) =>
      withTransaction(deps.db, async (tx) => {
        const erased = await eraseBefore(tx, before, limit);
        if (erased > 0) await recordStaffAction(tx, trail, { entity, action, after: { registros: erased } });
        return { found: erased, erased };
      }),
  };
}

/**
 * The access records past their retention (decision 067): six months after it was logged a navigation step loses
 * whose it was (the step stays, anonymous, for the statistics, as a person's erasure leaves it), six months after it
 * expired a debtor session is deleted. The audit row of a batch says how many, and names nobody.
 */
export const ACCESS_RECORD_RETENTIONS: readonly Retention[] = [
  batchRetention('expire-step-logs', 'step_log', 'step_log', 'anonymise', anonymiseStepsBefore),
  batchRetention(
    'expire-sessions',
    'debtor_session',
    'debtor_session',
    'delete',
    deleteSessionsExpiredBefore,
  ),
];

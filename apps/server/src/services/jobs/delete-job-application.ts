import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { deleteJobApplicationRow } from '../../repositories/job-application-repository';
import { type ErasureReason, scrubNotification } from '../../repositories/outbox-repository';
import type { StaffScope } from '../../repositories/staff-scope';
import { withTransaction } from '../../repositories/transaction';
import { type AuditSource, recordStaffAction } from '../audit/record-staff-action';
import { removeCv } from './cv-files';

/**
 * DELETE /api/candidaturas/{id} (decision 051): a candidate's erasure or withdrawn consent (LGPD art. 18 VI, IX).
 * The row goes, the partner's notification e-mail keeps its address and loses the candidate's data (not yet sent, it
 * is cancelled), and the audit row is written in the same transaction; the CV file is removed once that commits.
 * JOB_APPLICATION_NOT_FOUND for no such application, or one outside the staff member's scope. The retention job
 * (decision 055) erases through it too, as the system; the e-mail says which of the two erased it (`reason`).
 */
export async function deleteJobApplication(
  deps: { db: Db; cvDir: string },
  trail: AuditSource,
  scope: StaffScope,
  id: number,
  reason: ErasureReason,
): Promise<void> {
  const deleted = await withTransaction(deps.db, async (tx) => {
    const row = await deleteJobApplicationRow(tx, scope, id);
    if (!row) throw new AppError('JOB_APPLICATION_NOT_FOUND');
    if (row.outboundMessageId !== null) await scrubNotification(tx, row.outboundMessageId, reason);
    await recordStaffAction(tx, trail, { entity: 'job_application', entityId: id, action: 'delete' });
    return row;
  });
  if (deleted.cvFileKey) await removeCv(deps.cvDir, deleted.cvFileKey);
}

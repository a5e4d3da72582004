import {
  canMovePrivacyStatus,
  PRIVACY_REQUEST_STATUSES,
  type PrivacyRequestListItem,
  type PrivacyRequestStatusName,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findRightsRequest, moveRightsRequest } from '../../repositories/rights-request-repository';
import { withTransaction } from '../../repositories/transaction';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { toRightsRequestItem } from './list-rights-requests';

/**
 * Moves a privacy request forward in the back office's queue (open → in_progress → answered; issue 6 item 1).
 * Answering records when and by whom, and the audit row is written in the same transaction. A request never moves
 * back, nor to the status it already has; another partner's request than an operator's is not found.
 */
export async function updateRightsRequestStatus(
  db: Db,
  trail: AuditTrail,
  id: number,
  status: PrivacyRequestStatusName,
  now: Date = new Date(),
): Promise<PrivacyRequestListItem> {
  const current = await findRightsRequest(db, trail.staff.scope, id);
  if (!current) throw new AppError('PRIVACY_REQUEST_NOT_FOUND');
  if (!canMovePrivacyStatus(current.status, status)) throw new AppError('PRIVACY_STATUS_NOT_ALLOWED');
  const from = PRIVACY_REQUEST_STATUSES.filter((before) => canMovePrivacyStatus(before, status));
  // Conditional on the status still being one that may move there: a concurrent move loses cleanly.
  return withTransaction(db, async (tx) => {
    const moved = await moveRightsRequest(tx, id, from, status, trail.staff.userId);
    if (!moved) throw new AppError('PRIVACY_STATUS_NOT_ALLOWED');
    await recordStaffAction(tx, trail, {
      entity: 'privacy_request',
      entityId: id,
      before: { status: current.status },
      after: { status: moved.status },
    });
    return toRightsRequestItem({ ...current, ...moved }, now);
  });
}

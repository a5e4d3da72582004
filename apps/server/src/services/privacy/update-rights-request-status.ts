import {
  canMovePrivacyStatus,
  PRIVACY_REQUEST_STATUSES,
  type PrivacyRequestListItem,
  type PrivacyRequestStatusName,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findRightsRequest, moveRightsRequest } from '../../repositories/rights-request-repository';
import type { StaffIdentity } from '../staff/authenticate-staff';
import { toRightsRequestItem } from './list-rights-requests';

/**
 * Moves a privacy request forward in the back office's queue (open → in_progress → answered; issue 6 item 1).
 * Answering records when and by whom. A request never moves back, nor to the status it already has.
 */
export async function updateRightsRequestStatus(
  db: Db,
  staff: StaffIdentity,
  id: number,
  status: PrivacyRequestStatusName,
  now: Date = new Date(),
): Promise<{ before: PrivacyRequestStatusName; after: PrivacyRequestListItem }> {
  const current = await findRightsRequest(db, staff.scope, id);
  if (!current) throw new AppError('PRIVACY_REQUEST_NOT_FOUND');
  if (!canMovePrivacyStatus(current.status, status)) throw new AppError('PRIVACY_STATUS_NOT_ALLOWED');
  const from = PRIVACY_REQUEST_STATUSES.filter((before) => canMovePrivacyStatus(before, status));
  // Conditional on the status still being one that may move there: a concurrent move loses cleanly.
  const moved = await moveRightsRequest(db, id, from, status, staff.userId);
  if (!moved) throw new AppError('PRIVACY_STATUS_NOT_ALLOWED');
  return { before: current.status, after: toRightsRequestItem({ ...current, ...moved }, now) };
}

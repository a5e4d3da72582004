import type { PrivacyRequestListItem, PrivacyRequestStatusName } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findRightsRequest } from '../../repositories/rights-request-repository';
import type { AuditTrail } from '../audit/record-staff-action';
import { startWorkItem } from '../work-queues/start-work-item';
import { toRightsRequestItem } from './list-rights-requests';

/**
 * PUT /api/solicitacoes-privacidade/:id/status, kept for its callers: it starts a request (open → in_progress), as
 * the LGPD work queue does. Answering is no status click any more (decision 030): the answer is written and e-mailed
 * through POST /api/filas/lgpd/:id/resposta. The privacy queue's own errors and answer shape are kept.
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
  if (status === 'answered' && current.status !== 'answered') throw new AppError('PRIVACY_ANSWER_REQUIRED');
  if (status !== 'in_progress' || current.status !== 'open') throw new AppError('PRIVACY_STATUS_NOT_ALLOWED');
  try {
    await startWorkItem(db, trail, 'lgpd', id);
  } catch (error) {
    // A concurrent start or answer won.
    if (error instanceof AppError && error.code !== 'WORK_ITEM_NOT_FOUND')
      throw new AppError('PRIVACY_STATUS_NOT_ALLOWED');
    throw error;
  }
  const moved = await findRightsRequest(db, trail.staff.scope, id);
  return toRightsRequestItem(moved!, now);
}

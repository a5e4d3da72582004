import type { WorkItem, WorkQueueKey } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findStaffMember } from '../../repositories/staff-repository';
import { lockedAssignee, sourceOf } from '../../repositories/work-queue-repository';
import type { AuditTrail } from '../audit/record-staff-action';
import { changeWorkItem } from './change-work-item';

/**
 * Takes an item (the caller as assignee) or gives it to a colleague: an active administrator, or an operator of the
 * item's partner (an auditor only reads). The status does not change; an answered item is closed. With
 * `seenAssigneeId` (the assignee the caller's screen showed) a change made by someone else meanwhile is refused,
 * instead of silently taking the item from them.
 */
export async function assignWorkItem(
  db: Db,
  trail: AuditTrail,
  queue: WorkQueueKey,
  id: number,
  assigneeId: number,
  seenAssigneeId?: number | null,
): Promise<WorkItem> {
  const { after } = await changeWorkItem(db, trail, queue, id, 'assign', async (tx, item) => {
    const current = await lockedAssignee(tx, sourceOf(queue), id);
    if (seenAssigneeId !== undefined && current !== seenAssigneeId) throw new AppError('WORK_ITEM_TAKEN');
    const member = await findStaffMember(tx, assigneeId);
    const serves =
      member?.role === 'administrator' ||
      (member?.role === 'operator' && member.partners.some((partner) => partner.id === item.partnerId));
    if (!member || member.disabledAt !== null || !serves) throw new AppError('WORK_ASSIGNEE_INVALID');
    return { assignedTo: assigneeId };
  });
  return after;
}

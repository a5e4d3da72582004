import type { WorkItem, WorkQueueKey } from '@portal/domain';
import type { Db } from '../../db/client';
import type { AuditTrail } from '../audit/record-staff-action';
import { changeWorkItem } from './change-work-item';

/** Moves an open item to in progress; an item nobody had taken becomes the caller's. */
export async function startWorkItem(
  db: Db,
  trail: AuditTrail,
  queue: WorkQueueKey,
  id: number,
): Promise<WorkItem> {
  const { after } = await changeWorkItem(db, trail, queue, id, 'start', (_tx, item) => ({
    status: 'in_progress',
    ...(item.assigneeId === null ? { assignedTo: trail.staff.userId } : {}),
  }));
  return after;
}

import {
  type AuditEntity,
  canDoWorkItemAction,
  WORK_ITEM_ACTION_FROM,
  type WorkItem,
  type WorkItemAction,
  type WorkQueueKey,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { withTransaction } from '../../repositories/transaction';
import {
  findWorkItem,
  insertWorkItemEvent,
  moveWorkItem,
  sourceOf,
  type WorkItemChange,
  type WorkItemRow,
} from '../../repositories/work-queue-repository';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { toWorkItem } from './list-work-items';

/** The entity an item's audit rows name: its table, but a call or WhatsApp request as such, not as any request. */
const auditEntityOf = (queue: WorkQueueKey): AuditEntity =>
  queue === 'ligacoes' ? 'call_request' : sourceOf(queue);

/**
 * What every queue action shares (decision 030): the item is found within the staff member's scope, the action must
 * be allowed from its status, and in one transaction the item changes (only if its status did not change meanwhile),
 * the event is recorded with who and when, and the audit row is written. `prepare` runs inside the transaction
 * first and returns the change (the answer queues its e-mail there, so neither exists without the other).
 */
export async function changeWorkItem(
  db: Db,
  trail: AuditTrail,
  queue: WorkQueueKey,
  id: number,
  action: WorkItemAction,
  prepare: (tx: Db, item: WorkItemRow) => Promise<WorkItemChange> | WorkItemChange,
): Promise<{ before: WorkItemRow; after: WorkItem; change: WorkItemChange }> {
  const before = await findWorkItem(db, trail.staff.scope, queue, id);
  if (!before) throw new AppError('WORK_ITEM_NOT_FOUND');
  const refuse = () => {
    throw new AppError(
      before.status === 'answered' || action !== 'start' ? 'WORK_ITEM_ANSWERED' : 'WORK_ITEM_IN_PROGRESS',
    );
  };
  if (!canDoWorkItemAction(action, before.status)) refuse();
  const source = sourceOf(queue);
  const change = await withTransaction(db, async (tx) => {
    const change = await prepare(tx, before);
    const moved = await moveWorkItem(tx, source, id, WORK_ITEM_ACTION_FROM[action], change);
    if (!moved) refuse();
    const assigneeId = change.assignedTo === undefined ? before.assigneeId : change.assignedTo;
    await insertWorkItemEvent(tx, {
      source,
      itemId: id,
      action,
      status: moved!.status,
      assigneeId,
      staffUserId: trail.staff.userId,
      username: trail.staff.username,
    });
    await recordStaffAction(tx, trail, {
      entity: auditEntityOf(queue),
      entityId: id,
      action,
      before: { status: before.status, responsavel: before.assigneeId },
      after: {
        status: moved!.status,
        responsavel: assigneeId,
        // What staff wrote is about the person: the row keeps its length in characters, never the text (decision 062).
        ...(change.answerText === undefined ? {} : { resposta_caracteres: [...change.answerText].length }),
        ...(change.counterOffer ? { contraproposta: change.counterOffer } : {}),
      },
    });
    return change;
  });
  const after = await findWorkItem(db, trail.staff.scope, queue, id);
  return { before, after: toWorkItem(queue, after!), change };
}

import type { UnappliedMoneyItem, UnappliedResolution } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { withTransaction } from '../../repositories/transaction';
import {
  findUnappliedMoney,
  insertUnappliedMoneyResolution,
} from '../../repositories/unapplied-money-repository';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { toUnappliedMoneyItem } from './list-unapplied-money';

/**
 * Records what staff did with an unapplied amount (decision 063): given back to the payer or applied by hand, with a
 * reason, and its audit row, in one transaction. Another partner's event, or one that is not unapplied money, is not
 * found. An amount already resolved keeps its first resolution (the unique index says so, for two calls at once
 * too): the call changes nothing and answers it. Answers the amount as the list shows it, and whether this call
 * resolved it.
 */
export async function resolveUnappliedMoney(
  db: Db,
  trail: AuditTrail,
  eventId: number,
  input: { resolucao: UnappliedResolution; motivo: string },
): Promise<{ resolved: boolean; item: UnappliedMoneyItem }> {
  const { scope } = trail.staff;
  if (!(await findUnappliedMoney(db, scope, eventId))) throw new AppError('UNAPPLIED_MONEY_NOT_FOUND');
  const resolved = await withTransaction(db, async (tx) => {
    const inserted = await insertUnappliedMoneyResolution(tx, {
      paymentEventId: eventId,
      resolution: input.resolucao,
      reason: input.motivo,
      staffUserId: trail.staff.userId,
      username: trail.staff.username,
    });
    if (inserted)
      await recordStaffAction(tx, trail, {
        entity: 'unapplied_money',
        entityId: eventId,
        action: 'resolve',
        before: { resolucao: null },
        after: { resolucao: input.resolucao, motivo: input.motivo },
      });
    return inserted;
  });
  const after = await findUnappliedMoney(db, scope, eventId);
  return { resolved, item: toUnappliedMoneyItem(after!) };
}

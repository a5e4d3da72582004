import type { AuditEntity, UnappliedMoneyItem, UnappliedResolution } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { withTransaction } from '../../repositories/transaction';
import {
  findUnappliedMoney,
  insertUnappliedMoneyResolution,
  type UnappliedMoneyOrigin,
} from '../../repositories/unapplied-money-repository';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { toUnappliedMoneyItem } from './list-unapplied-money';

/** The audit's entity: the ids of the two origins' amounts are of different tables. */
const AUDIT_ENTITY: Record<UnappliedMoneyOrigin, AuditEntity> = {
  agreement: 'unapplied_money',
  second_copy: 'second_copy_unapplied_money',
};

/**
 * Records what staff did with an unapplied amount (decision 063): given back to the payer or applied by hand, with a
 * reason, and its audit row, in one transaction: an agreement instalment's `unapplied` event, or a second copy
 * payment's part that paid nothing (decisions 049, 061), by `origin`. Another partner's amount, or money that paid
 * something, is not found. An amount already resolved keeps its first resolution (the unique index says so, for two calls at once
 * too): the call changes nothing and answers it. Answers the amount as the list shows it, and whether this call
 * resolved it.
 */
export async function resolveUnappliedMoney(
  db: Db,
  trail: AuditTrail,
  origin: UnappliedMoneyOrigin,
  id: number,
  input: { resolucao: UnappliedResolution; motivo: string },
): Promise<{ resolved: boolean; item: UnappliedMoneyItem }> {
  const { scope } = trail.staff;
  if (!(await findUnappliedMoney(db, scope, origin, id))) throw new AppError('UNAPPLIED_MONEY_NOT_FOUND');
  const resolved = await withTransaction(db, async (tx) => {
    const inserted = await insertUnappliedMoneyResolution(tx, {
      ...(origin === 'agreement' ? { paymentEventId: id } : { secondCopyPaymentId: id }),
      resolution: input.resolucao,
      reason: input.motivo,
      staffUserId: trail.staff.userId,
      username: trail.staff.username,
    });
    if (inserted)
      await recordStaffAction(tx, trail, {
        entity: AUDIT_ENTITY[origin],
        entityId: id,
        action: 'resolve',
        before: { resolucao: null },
        after: { resolucao: input.resolucao, motivo: input.motivo },
      });
    return inserted;
  });
  const after = await findUnappliedMoney(db, scope, origin, id);
  return { resolved, item: toUnappliedMoneyItem(after!) };
}

import type { StoreItem } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { StaffScope } from '../../repositories/staff-scope';
import { findStaffStore, lockStore, setStoreSwitchedOff } from '../../repositories/store-admin-repository';
import { withTransaction } from '../../repositories/transaction';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { toStoreItem } from './list-stores';
import { writtenStore } from './store-writer';

/**
 * PUT /api/lojas/{id}/situacao: switches a store off (the portal lists its debts but offers no negotiation) or on
 * again. Nothing is deleted; asking for the state it has changes nothing and writes no audit row.
 */
export async function switchStore(
  db: Db,
  scope: StaffScope,
  trail: AuditTrail,
  id: number,
  active: boolean,
): Promise<StoreItem> {
  return withTransaction(db, async (tx) => {
    await lockStore(tx, id);
    const current = await findStaffStore(tx, scope, id);
    if (!current) throw new AppError('STORE_NOT_FOUND');
    const before = toStoreItem(current);
    if (before.ativa === active) return before;
    await setStoreSwitchedOff(tx, id, active ? null : { at: new Date(), by: trail.staff.userId });
    const after = await writtenStore(tx, scope, id);
    await recordStaffAction(tx, trail, {
      entity: 'store',
      entityId: id,
      action: active ? 'switch_on' : 'switch_off',
      before: { ativa: before.ativa },
      after: { ativa: after.ativa },
    });
    return after;
  });
}

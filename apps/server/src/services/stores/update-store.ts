import type { StoreForm, StoreItem } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { StaffScope } from '../../repositories/staff-scope';
import {
  findStaffStore,
  lockStore,
  replaceStoreLinks,
  updateStore as updateStoreRow,
  withUniqueDocument,
} from '../../repositories/store-admin-repository';
import { withTransaction } from '../../repositories/transaction';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { toStoreItem } from './list-stores';
import { storeLinks, storeValues, writtenStore } from './store-writer';

/**
 * PUT /api/lojas/{id}: the whole store, its links to the caller's partners (an operator leaves other partners'
 * links alone) and its policy; the next plan quoted for its debts uses the new policy. Audited before and after,
 * in the change's transaction.
 */
export async function updateStore(
  db: Db,
  scope: StaffScope,
  trail: AuditTrail,
  id: number,
  form: StoreForm,
): Promise<StoreItem> {
  return withUniqueDocument(() =>
    withTransaction(db, async (tx) => {
      await lockStore(tx, id);
      const current = await findStaffStore(tx, scope, id);
      if (!current) throw new AppError('STORE_NOT_FOUND');
      const links = await storeLinks(tx, scope, form);
      await updateStoreRow(tx, id, await storeValues(tx, scope, form, current));
      await replaceStoreLinks(tx, scope, id, links);
      const after = await writtenStore(tx, scope, id);
      await recordStaffAction(tx, trail, {
        entity: 'store',
        entityId: id,
        before: toStoreItem(current),
        after,
      });
      return after;
    }),
  );
}

import type { StoreForm, StoreItem } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { StaffScope } from '../../repositories/staff-scope';
import { findStaffStore, insertStore, replaceStoreLinks } from '../../repositories/store-admin-repository';
import { withTransaction } from '../../repositories/transaction';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { toStoreItem } from './list-stores';
import { storeLinks, storeValues, withUniqueDocument } from './store-writer';

/**
 * POST /api/lojas: a new store with its partners and policy (none: no discount), and its audit row, in one
 * transaction.
 */
export async function createStore(
  db: Db,
  scope: StaffScope,
  trail: AuditTrail,
  form: StoreForm,
): Promise<StoreItem> {
  return withUniqueDocument(() =>
    withTransaction(db, async (tx) => {
      const links = await storeLinks(tx, scope, form);
      const id = await insertStore(tx, await storeValues(tx, form));
      await replaceStoreLinks(tx, scope, id, links);
      const row = await findStaffStore(tx, scope, id);
      if (!row) throw new AppError('STORE_NOT_FOUND');
      const after = toStoreItem(row);
      await recordStaffAction(tx, trail, { entity: 'store', entityId: id, after });
      return after;
    }),
  );
}

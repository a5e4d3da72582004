import type { StoreForm, StoreItem } from '@portal/domain';
import type { Db } from '../../db/client';
import type { StaffScope } from '../../repositories/staff-scope';
import {
  insertStore,
  replaceStoreLinks,
  withUniqueDocument,
} from '../../repositories/store-admin-repository';
import { withTransaction } from '../../repositories/transaction';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { storeLinks, storeValues, writtenStore } from './store-writer';

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
      const id = await insertStore(tx, await storeValues(tx, scope, form));
      await replaceStoreLinks(tx, scope, id, links);
      const after = await writtenStore(tx, scope, id);
      await recordStaffAction(tx, trail, { entity: 'store', entityId: id, after });
      return after;
    }),
  );
}

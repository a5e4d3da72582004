import type { StoreItem } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { StaffScope } from '../../repositories/staff-scope';
import { findStaffStore } from '../../repositories/store-admin-repository';
import { toStoreItem } from './list-stores';

/** GET /api/lojas/{id}: one store, or 404 when it does not exist or no partner of the operator serves it. */
export async function getStore(db: Db, scope: StaffScope, id: number): Promise<StoreItem> {
  const row = await findStaffStore(db, scope, id);
  if (!row) throw new AppError('STORE_NOT_FOUND');
  return toStoreItem(row);
}

import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  type DebtorRequestValues,
  insertDebtorRequest,
  loadStoreDebts,
  type StoreRow,
} from '../../repositories/debt-repository';
import type { DebtScope } from '../../repositories/debt-snapshot';

/**
 * Stores what the person says about a debt they have in this partner's store; any other store is refused. `check`
 * may refuse the request by the store's own rules (it throws) before anything is stored.
 */
export async function recordDebtorRequest(
  db: Db,
  scope: DebtScope,
  storeId: number,
  values: DebtorRequestValues,
  check?: (store: StoreRow) => void,
): Promise<void> {
  const [store] = await loadStoreDebts(db, scope, storeId);
  if (!store) throw new AppError('CONTRACT_NOT_FOUND');
  check?.(store.store);
  await insertDebtorRequest(db, scope, storeId, values);
}

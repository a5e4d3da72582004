import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  type DebtorRequestValues,
  debtorRequestRepeated,
  insertDebtorRequest,
  loadStoreDebts,
  type StoreRow,
} from '../../repositories/debt-repository';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { withTransaction } from '../../repositories/transaction';
import { repeatWindowStart } from '../repeat-window';

/**
 * Stores what the person says about a debt they have in this partner's store; any other store is refused. `check`
 * may refuse the request by the store's own rules (it throws) before anything is stored. The same request sent again
 * within REPEAT_WINDOW_MINUTES while the first is not answered (its answer lost, a double tap) is the one stored: it
 * stores nothing, and the result says so (false), so that the caller records nothing more either (decision 085).
 */
export async function recordDebtorRequest(
  db: Db,
  scope: DebtScope,
  storeId: number,
  values: DebtorRequestValues,
  check?: (store: StoreRow) => void,
): Promise<boolean> {
  const [store] = await loadStoreDebts(db, scope, storeId);
  if (!store) throw new AppError('CONTRACT_NOT_FOUND');
  check?.(store.store);
  const now = new Date();
  return withTransaction(db, async (tx) => {
    if (await debtorRequestRepeated(tx, scope, storeId, values, repeatWindowStart(now))) return false;
    // Stamped with the clock the window is measured by.
    await insertDebtorRequest(tx, scope, storeId, { ...values, createdAt: now });
    return true;
  });
}

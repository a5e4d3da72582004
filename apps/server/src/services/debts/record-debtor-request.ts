import type { Db } from '../../db/client';
import { debtorRequests } from '../../db/schema';
import { AppError } from '../../errors';
import { loadStoreDebts } from '../../repositories/debt-repository';
import type { DebtScope } from '../../repositories/debt-snapshot';

export type DebtorRequestValues = Omit<
  typeof debtorRequests.$inferInsert,
  'id' | 'partnerId' | 'personId' | 'storeId' | 'status' | 'createdAt'
>;

/** Stores what the person says about a debt they have in this partner's store; any other store is refused. */
export async function recordDebtorRequest(
  db: Db,
  scope: DebtScope,
  storeId: number,
  values: DebtorRequestValues,
): Promise<void> {
  const [store] = await loadStoreDebts(db, {
    partnerId: scope.partner.id,
    personId: scope.person.id,
    storeId,
  });
  if (!store) throw new AppError('CONTRACT_NOT_FOUND');
  await db
    .insert(debtorRequests)
    .values({ ...values, partnerId: scope.partner.id, personId: scope.person.id, storeId });
}

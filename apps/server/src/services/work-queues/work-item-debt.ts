import { todayInBrasilia, type WorkItemDebt } from '@portal/domain';
import type { Db } from '../../db/client';
import { loadStoreDebts } from '../../repositories/debt-repository';
import type { WorkItemRow } from '../../repositories/work-queue-repository';
import { debtFigures, storePolicy } from '../debts/debt-figures';

/**
 * What the person of a debtor request owes today at its store on its partner (decision 044), with the figures the
 * debtor's card has (services/debts/debt-figures.ts); null for an item that is about no debt.
 */
export async function workItemDebt(db: Db, item: WorkItemRow): Promise<WorkItemDebt | null> {
  if (!item.store || item.personId === null) return null;
  const [store] = await loadStoreDebts(
    db,
    { partnerId: item.partnerId, personId: item.personId },
    item.store.id,
  );
  if (!store) return { valor_atualizado: 0, lancamentos_futuros: 0 };
  const { balance, futureCents } = debtFigures(store.contracts, storePolicy(store.store), todayInBrasilia());
  return {
    valor_atualizado: balance.principalCents + balance.chargesCents,
    lancamentos_futuros: futureCents,
  };
}

import { todayInBrasilia, type WorkItemDebt } from '@portal/domain';
import type { Db } from '../../db/client';
import { loadActiveAgreements, loadStoreDebts } from '../../repositories/debt-repository';
import { findPartnerById } from '../../repositories/partner-admin-repository';
import { loadPartnerCustomization } from '../../repositories/partner-repository';
import type { WorkItemRow } from '../../repositories/work-queue-repository';
import { debtFigures, storePolicy } from '../debts/debt-figures';
import { cardGroups, underAgreement } from '../debts/list-debts';

/**
 * What the person of a debtor request owes today at its store on its partner (decision 044), with the figures the
 * debtor's card has (services/debts/debt-figures.ts), and whether active agreements cover it all (every card of the
 * store reads 'Acordo Ativo', by the debtor listing's own rule); null for an item that is about no debt.
 */
export async function workItemDebt(db: Db, item: WorkItemRow): Promise<WorkItemDebt | null> {
  if (!item.store || item.personId === null) return null;
  // One after the other: inside the answer's transaction, a connection runs one query at a time.
  const [store] = await loadStoreDebts(
    db,
    { partnerId: item.partnerId, personId: item.personId },
    item.store.id,
  );
  const active = await loadActiveAgreements(db, item.personId);
  if (!store)
    return { valor_atualizado: 0, lancamentos_futuros: 0, acordo_ativo: active.stores.has(item.store.id) };
  const custom = await loadPartnerCustomization(db, (await findPartnerById(db, item.partnerId))!);
  const { balance, futureCents } = debtFigures(store.contracts, storePolicy(store.store), todayInBrasilia());
  return {
    valor_atualizado: balance.principalCents + balance.chargesCents,
    lancamentos_futuros: futureCents,
    acordo_ativo: cardGroups(store, custom).every((group) => underAgreement(active, store, group, custom)),
  };
}

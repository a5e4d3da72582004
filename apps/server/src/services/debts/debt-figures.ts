import { createHash } from 'node:crypto';
import {
  type DebtBalance,
  daysBetween,
  type NegotiationPolicy,
  type PlanQuote,
  quotePlans,
  resolvePolicy,
  sumBalance,
  type UpdatedInstalment,
  updateInstalment,
} from '@portal/domain';
import type { DebtContractRow, DebtInstalmentRow, StoreRow } from '../../repositories/debt-repository';

// A store's policies and the figures of a set of contracts, shared by the debt cards (passo_2_novo), the plans
// (passo_3_novo) and the second copies so all agree.

/**
 * The store's policy with its prazo_maximo_entrada_site column; a store whose staff set none offers no discount
 * (decision 027).
 */
export function storePolicy(store: Pick<StoreRow, 'negotiationPolicy' | 'maxEntryDays'>): NegotiationPolicy {
  return resolvePolicy({ ...store.negotiationPolicy, maxEntryDays: store.maxEntryDays });
}

/** A store issues second copies when it says so (loj_emite_segunda_via_boleto_recupera) and has a convênio. */
export function issuesSecondCopies(store: StoreRow): boolean {
  return store.issuesSecondCopy && store.boletoAgreement !== null;
}

export interface InstalmentFigures {
  row: DebtInstalmentRow;
  updated: UpdatedInstalment;
  /** Days overdue; negative: days until due. */
  phase: number;
}

export interface DebtFigures {
  /** Unpaid instalments that are not future entries, updated as of the date asked (those paid by a copy too). */
  current: InstalmentFigures[];
  /** Future entries (lancamento futuro) at face value. */
  future: DebtInstalmentRow[];
  /** What is owed of `current` (instalmentOwed): an instalment paid by its second copy is not charged again. */
  balance: DebtBalance;
  /** What is owed of `future`. */
  futureCents: number;
}

/**
 * Updated figures of the contracts as of a Brasília date; the outstanding balance of each instalment is its principal.
 * The totals count the owed instalments only (the repository's instalmentOwed, decision 045).
 */
export function debtFigures(
  contracts: DebtContractRow[],
  policy: NegotiationPolicy,
  asOf: string,
): DebtFigures {
  const current: InstalmentFigures[] = [];
  const future: DebtInstalmentRow[] = [];
  for (const contract of contracts) {
    for (const row of contract.instalments) {
      if (row.futureEntry) {
        future.push(row);
        continue;
      }
      current.push({
        row,
        updated: updateInstalment(row.balanceCents, row.dueDate, asOf, policy),
        phase: daysBetween(row.dueDate, asOf),
      });
    }
  }
  return {
    current,
    future,
    balance: sumBalance(current.filter((i) => i.row.owed).map((i) => i.updated)),
    futureCents: future.reduce((sum, row) => (row.owed ? sum + row.balanceCents : sum), 0),
  };
}

/** Every plan the engine offers for the figures: pay in full, then the instalment plans (future entries left out). */
export function allPlans(figures: DebtFigures, policy: NegotiationPolicy): PlanQuote[] {
  const base = { balance: figures.balance, futureCents: figures.futureCents, includeFuture: false, policy };
  return [...quotePlans({ ...base, mode: 'A' }), ...quotePlans({ ...base, mode: 'P' })];
}

/**
 * A digest of what a plan prices: the group's contracts and their listed instalments, with every field the figures
 * read. passo_4_novo compares it after a portfolio import, which raises the debt epoch, not the person's version
 * (decision 046).
 */
export function debtsFingerprint(group: readonly DebtContractRow[]): string {
  const priced = [...group]
    .sort((a, b) => a.id - b.id)
    .map((contract) => [
      contract.id,
      [...contract.instalments]
        .sort((a, b) => a.id - b.id)
        .map((i) => [i.id, i.dueDate, i.amountCents, i.balanceCents, i.futureEntry, i.owed]),
    ]);
  return createHash('sha256').update(JSON.stringify(priced)).digest('base64url');
}

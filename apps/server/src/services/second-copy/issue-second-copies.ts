import { todayInBrasilia } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError, type AppErrorCode } from '../../errors';
import type { PaymentProviders } from '../../integrations/payments/payment-provider';
import { providerFor } from '../../integrations/payments/payment-provider';
import type { StoreRow } from '../../repositories/debt-repository';
import { type DebtScope, loadDebtSnapshot } from '../../repositories/debt-snapshot';
import {
  findSameSecondCopy,
  findSecondCopyInScope,
  insertSecondCopy,
  paidSecondCopies,
  type SecondCopyKey,
  type SecondCopyRow,
  secondCopyStanding,
} from '../../repositories/second-copy-repository';
import { withTransaction } from '../../repositories/transaction';
import { chargeBeneficiary, keepIssuedUnder, underCurrentStore } from '../agreements/issue-due-charges';
import { debtFigures, issuesSecondCopies, storePolicy } from '../debts/debt-figures';
import { contractsAgreedElsewhere } from '../debts/list-debts';
import type { PaymentsLog } from '../payments/record-pix-payments';
import { cancelSupersededCopies } from './cancel-superseded-copies';

export interface IssuedSecondCopy {
  copy: SecondCopyRow;
  store: StoreRow;
  contractNumber: string;
  instalmentNumber: number;
  /** The instalment's own due date (the boleto of an overdue one falls due today). */
  originalDueDate: string;
  /** The copy was paid (decision 025): the instalment takes no new one. */
  paid: boolean;
}

/** The copy's status as Meus Acordos shows an instalment's: P paid, AA overdue, A open. */
export function secondCopyStatus(issued: IssuedSecondCopy, today: string): 'P' | 'AA' | 'A' {
  if (issued.paid) return 'P';
  return issued.originalDueDate < today ? 'AA' : 'A';
}

/**
 * Second copies of the session person's open instalments in one store (all, or those of some contracts, or some
 * instalments). Overdue instalments fall due today, for their value updated to today; the others keep their due
 * date and value. The same instalment, due date and value give the same boleto: asking again issues nothing.
 */
export async function issueSecondCopies(
  db: Db,
  providers: PaymentProviders,
  scope: DebtScope,
  input: { storeId: number; contractIds?: number[]; instalmentIds?: number[] },
  log: PaymentsLog,
): Promise<IssuedSecondCopy[]> {
  const snapshot = await loadDebtSnapshot(db, scope, scope.version);
  const found = snapshot.stores.find((s) => s.store.id === input.storeId);
  if (!found) throw new AppError('CONTRACT_NOT_FOUND');
  const { store } = found;
  // A store that only issues boletos through this partner (Meus Boletos) issues them wherever it has a convênio.
  if (found.negotiates ? !issuesSecondCopies(store) : !store.boletoAgreement)
    throw new AppError('SECOND_COPY_UNAVAILABLE');

  const contracts = input.contractIds
    ? found.contracts.filter((c) => input.contractIds!.includes(c.id))
    : found.contracts;
  if (input.contractIds && contracts.length !== new Set(input.contractIds).size)
    throw new AppError('CONTRACT_NOT_FOUND');
  const today = todayInBrasilia();
  const wanted = debtFigures(contracts, storePolicy(store), today).current.filter(
    (i) => i.row.balanceCents > 0 && (!input.instalmentIds || input.instalmentIds.includes(i.row.id)),
  );
  if (input.instalmentIds && wanted.length !== new Set(input.instalmentIds).size)
    throw new AppError('INSTALMENT_NOT_FOUND');
  const numbers = new Map(
    contracts.flatMap((c) =>
      c.instalments.map((i) => [i.id, { contractId: c.id, contract: c.number, number: i.number }] as const),
    ),
  );
  // Instalments of a contract under an active agreement (through any partner) are paid through the agreement's
  // boletos, never twice.
  const agreedContracts = wanted
    .map(({ row }) => numbers.get(row.id)!.contractId)
    .filter((id) => snapshot.activeAgreements.contracts.has(id));
  if (agreedContracts.length > 0)
    throw new AppError(
      contractsAgreedElsewhere(snapshot.activeAgreements, agreedContracts, scope.partner.id)
        ? 'SECOND_COPY_AGREED_ELSEWHERE'
        : 'SECOND_COPY_IN_AGREEMENT',
    );

  // The portfolio's balance is the creditor's; a copy paid here is what says the instalment was paid.
  const paid = await paidSecondCopies(
    db,
    wanted.map((i) => i.row.id),
  );
  if (input.instalmentIds && paid.size > 0) throw new AppError('INSTALMENT_ALREADY_PAID');

  const issued: IssuedSecondCopy[] = [];
  for (const { row, updated } of wanted) {
    // biome-ignore lint/complexity/useMathMinMax: ISO date strings compare as text, Math.max would turn them to NaN
    const dueDate = row.dueDate < today ? today : row.dueDate;
    const paidCopy = paid.get(row.id);
    const copy =
      paidCopy ??
      (await findOrCreate(
        db,
        providers,
        scope,
        store,
        { instalmentId: row.id, dueDate, amountCents: updated.updatedCents },
        log,
      ));
    const where = numbers.get(row.id)!;
    issued.push({
      copy,
      store,
      contractNumber: where.contract,
      instalmentNumber: where.number,
      originalDueDate: row.dueDate,
      paid: paidCopy !== undefined,
    });
  }
  return issued;
}

async function findOrCreate(
  db: Db,
  providers: PaymentProviders,
  scope: DebtScope,
  store: StoreRow,
  wanted: SecondCopyKey,
  log: PaymentsLog,
): Promise<SecondCopyRow> {
  const existing = await findSameSecondCopy(db, wanted);
  if (existing && !existing.cancelled) return existing.copy;
  // A cancelled copy (superseded by an agreement that then ended, or removed at the PSP) is never handed out again:
  // the same key takes its next issue, a new charge.
  const issue = (existing?.copy.issue ?? 0) + 1;
  const created = await underCurrentStore(store, (current) =>
    issueAndRecord(db, providers, scope, current, wanted, issue),
  );
  if (created) {
    // After the new copy exists, so the person always has one to pay.
    await cancelSupersededCopies(db, providerFor(providers, store.paymentProvider), created, log);
    return created;
  }
  // Another request issued it in between (and cancels the copies it supersedes).
  return (await findSameSecondCopy(db, wanted))!.copy;
}

/** Issues the copy's boleto and records it; undefined when another request recorded the same copy first. */
async function issueAndRecord(
  db: Db,
  providers: PaymentProviders,
  scope: DebtScope,
  store: StoreRow,
  wanted: SecondCopyKey,
  issue: number,
): Promise<SecondCopyRow | undefined> {
  const key = `sv:${wanted.instalmentId}:${wanted.dueDate}:${wanted.amountCents}`;
  // The store's provider numbers the boleto (its convênio's sequence) and gives the PIX code of the same charge.
  const issued = await providerFor(providers, store.paymentProvider).issueBoleto({
    reference: issue === 1 ? key : `${key}:${issue}`,
    storeId: store.id,
    dueDate: wanted.dueDate,
    amountCents: wanted.amountCents,
    beneficiary: chargeBeneficiary(store, scope.partner.name),
    payer: { name: scope.person.name, document: scope.person.cpfCnpj },
  });
  return withTransaction(db, async (tx) => {
    await keepIssuedUnder(tx, store, 'boleto');
    return insertSecondCopy(tx, scope, {
      storeId: store.id,
      ...wanted,
      ourNumber: issued.ourNumber!,
      barcode: issued.barcode!,
      digitableLine: issued.digitableLine!,
      pixCode: issued.pixCode,
      txid: issued.txid,
      issue,
    });
  });
}

/**
 * One second copy of the session person on this partner that can still be paid, to print or send (the rule of decision
 * 042 for agreement documents): `notFound` when there is none; a copy whose instalment is no longer owed, or whose
 * PIX was removed (a newer copy, an agreement, the PSP), is refused with why (409), never handed out as payable.
 */
export async function findPayableSecondCopy(
  db: Db,
  scope: DebtScope,
  id: number,
  notFound: AppErrorCode = 'INSTALMENT_NOT_FOUND',
): Promise<SecondCopyRow> {
  const copy = await findSecondCopyInScope(db, scope, id);
  if (!copy) throw new AppError(notFound);
  const standing = await secondCopyStanding(db, copy);
  if (!standing.instalmentOwed) throw new AppError('INSTALMENT_ALREADY_PAID');
  if (standing.cancelled) throw new AppError('SECOND_COPY_NOT_PAYABLE');
  return copy;
}

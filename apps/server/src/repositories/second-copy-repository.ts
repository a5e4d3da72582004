import type { UnappliedMoneyReason } from '@portal/domain';
import {
  and,
  asc,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNotNull,
  like,
  lt,
  not,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Db, preparedOnce } from '../db/client';
import {
  agreementContracts,
  contracts,
  instalments,
  persons,
  secondCopies,
  secondCopyCancellations,
  secondCopyPayments,
  stores,
} from '../db/schema';
import {
  endedShortMoney,
  instalmentOwed,
  paidByAnotherCopy,
  type StoreRow,
  secondCopyPaidInFull,
} from './debt-repository';
import type { DebtorScope } from './debtor-scope';
import { type PersonRow, partnerStoreIds } from './person-repository';
import type { OpenPix, OpenPixFilter, SupersededReason } from './pix-charge-repository';

export type SecondCopyRow = typeof secondCopies.$inferSelect;

/** What identifies a second copy: the same instalment, due date and value give the same boleto. */
export interface SecondCopyKey {
  instalmentId: number;
  dueDate: string;
  amountCents: number;
}

/**
 * One second copy of the scope person, of a store the scope partner serves; undefined when there is none. The copy
 * is the person's whichever partner issued it (findSameSecondCopy hands it to each of them).
 */
export async function findSecondCopyInScope(
  db: Db,
  scope: DebtorScope,
  id: number,
): Promise<SecondCopyRow | undefined> {
  const [copy] = await db
    .select()
    .from(secondCopies)
    .where(
      and(
        eq(secondCopies.id, id),
        eq(secondCopies.personId, scope.personId),
        inArray(secondCopies.storeId, partnerStoreIds(db, scope.partnerId)),
      ),
    )
    .limit(1);
  return copy;
}

/**
 * The latest second copy issued for this instalment, due date and value, and whether it was cancelled (its PIX
 * removed). The caller found the instalment among the scope person's debts; the copy is shared whichever of the
 * person's partners issued it.
 */
export async function findSameSecondCopy(
  db: Db,
  key: SecondCopyKey,
): Promise<{ copy: SecondCopyRow; cancelled: boolean } | undefined> {
  const [found] = await db
    .select({ copy: secondCopies, cancelledAt: secondCopyCancellations.createdAt })
    .from(secondCopies)
    .leftJoin(secondCopyCancellations, eq(secondCopyCancellations.secondCopyId, secondCopies.id))
    .where(
      and(
        eq(secondCopies.instalmentId, key.instalmentId),
        eq(secondCopies.dueDate, key.dueDate),
        eq(secondCopies.amountCents, key.amountCents),
      ),
    )
    .orderBy(desc(secondCopies.issue))
    .limit(1);
  return found && { copy: found.copy, cancelled: found.cancelledAt !== null };
}

/** Stores a second copy of the scope person; undefined when another request issued the same one in between. */
export async function insertSecondCopy(
  db: Db,
  scope: DebtorScope,
  copy: Omit<typeof secondCopies.$inferInsert, 'partnerId' | 'personId' | 'createdAt'> & SecondCopyKey,
): Promise<SecondCopyRow | undefined> {
  const [created] = await db
    .insert(secondCopies)
    .values({ ...copy, partnerId: scope.partnerId, personId: scope.personId })
    .onConflictDoNothing()
    .returning();
  return created;
}

/**
 * What decides whether a copy can still be paid: its instalment still owed (instalmentOwed: not paid in the portfolio
 * nor by any of its copies) and its PIX not removed at the PSP (superseded, under an agreement, gone at the PSP).
 */
export async function secondCopyStanding(
  db: Db,
  copy: SecondCopyRow,
): Promise<{ instalmentOwed: boolean; cancelled: boolean }> {
  const [row] = await db
    .select({
      instalmentOwed,
      cancelled: sql<boolean>`exists (select 1 from ${secondCopyCancellations}
        where ${secondCopyCancellations.secondCopyId} = ${copy.id})`,
    })
    .from(instalments)
    .where(eq(instalments.id, copy.instalmentId));
  return { instalmentOwed: row?.instalmentOwed === true, cancelled: row?.cancelled === true };
}

/** What the printed boleto of a second copy (found by findSecondCopyInScope, so in scope) shows of its debt. */
export async function findSecondCopyDebt(
  db: Db,
  copy: SecondCopyRow,
): Promise<
  { store: StoreRow; person: PersonRow; contractNumber: string; instalmentNumber: number } | undefined
> {
  const [row] = await db
    .select({
      store: stores,
      person: persons,
      contractNumber: contracts.number,
      instalmentNumber: instalments.number,
    })
    .from(instalments)
    .innerJoin(contracts, eq(contracts.id, instalments.contractId))
    .innerJoin(stores, eq(stores.id, contracts.storeId))
    .innerJoin(persons, eq(persons.id, contracts.personId))
    .where(eq(instalments.id, copy.instalmentId))
    .limit(1);
  return row;
}

/** The store's second copy whose PIX has this txid (a PSP notifies through the store's own webhook path). */
export async function findStoreSecondCopyByTxid(
  db: Db,
  storeId: number,
  txid: string,
): Promise<SecondCopyRow | undefined> {
  const [row] = await db
    .select()
    .from(secondCopies)
    .where(and(eq(secondCopies.txid, txid), eq(secondCopies.storeId, storeId)));
  return row;
}

/** Second copies of these stores by our-number (a bank's retorno names its titles so). */
export async function secondCopiesByOurNumber(
  db: Db,
  storeIds: readonly number[],
  ourNumbers: readonly string[],
): Promise<SecondCopyRow[]> {
  if (ourNumbers.length === 0 || storeIds.length === 0) return [];
  return db
    .select()
    .from(secondCopies)
    .where(
      and(inArray(secondCopies.storeId, [...storeIds]), inArray(secondCopies.ourNumber, [...ourNumbers])),
    );
}

/**
 * Records money received for a second copy, once by its cause: whether this call recorded it (false: the same
 * notification again), the part of it that paid nothing (secondCopyMoney: beyond the copy's value, decision 061, all
 * of it when another copy had paid the instalment, decision 071, when it ended the copy short, decision 049, or came
 * short after the copy's end, decision 078) and why, and whether the copy is paid in full now.
 */
export async function recordSecondCopyPayment(
  db: Db,
  payment: Omit<typeof secondCopyPayments.$inferInsert, 'id' | 'createdAt'>,
): Promise<{
  recorded: boolean;
  unappliedCents: number;
  unappliedReason: UnappliedMoneyReason;
  copyPaid: boolean;
}> {
  const inserted = await db.insert(secondCopyPayments).values(payment).onConflictDoNothing().returning({
    id: secondCopyPayments.id,
  });
  const money = secondCopyMoney(db, eq(secondCopyPayments.secondCopyId, payment.secondCopyId));
  const [split] = await db
    .select({
      unappliedCents: money.unappliedCents,
      unappliedReason: money.unappliedReason,
      copyPaid: sql<boolean>`(select ${secondCopyPaidInFull} from ${secondCopies}
        where ${secondCopies.id} = ${payment.secondCopyId})`,
    })
    .from(money)
    .where(eq(money.cause, payment.cause));
  return {
    recorded: inserted.length > 0,
    unappliedCents: Number(split?.unappliedCents ?? 0),
    unappliedReason: split?.unappliedReason ?? 'already_paid',
    copyPaid: split?.copyPaid === true,
  };
}

/** A payment of secondCopyMoney's rows that paid nothing because its copy ended short. */
const endedShort = endedShortMoney(sql`${secondCopyPayments}`, sql`${secondCopies}`);
/** A payment of secondCopyMoney's rows that paid nothing because another copy had paid its instalment. */
const instalmentPaidBefore = paidByAnotherCopy(sql`${secondCopyPayments}`, sql`${secondCopies}`);
/**
 * A payment of secondCopyMoney's rows whose copy was never paid in full, its instalment paid by another copy (before
 * or after it): money short of its copy that paid nothing, as the instalment is paid once (decision 078).
 */
const instalmentPaidByAnother = sql<boolean>`(not ${secondCopyPaidInFull}
  and ${paidByAnotherCopy(null, sql`${secondCopies}`)})`;

/**
 * Second copies' payments, of the copies `where` picks, with the part of each that paid nothing: all of it when
 * another copy of its instalment was paid in full before it (decision 071: the instalment was paid once) or when its
 * copy ended short (decision 049: the next copy is issued for the whole value; decision 078, short after its end) or
 * was never paid in full while another copy paid its instalment (decision 078), else the part beyond the copy's
 * value (decision 061: the copy's other payments count towards its value in the order recorded), and why. The
 * payments list, the dashboard and the unapplied money work list show that part as unapplied money.
 */
export const secondCopyMoney = (db: Db, where: SQL | undefined) =>
  db
    .select({
      id: secondCopyPayments.id,
      cause: secondCopyPayments.cause,
      personId: secondCopies.personId,
      partnerId: secondCopies.partnerId,
      storeId: secondCopies.storeId,
      instalmentId: secondCopies.instalmentId,
      dueDate: secondCopies.dueDate,
      occurredOn: secondCopyPayments.occurredOn,
      amountCents: secondCopyPayments.amountCents,
      unappliedCents:
        sql<string>`case when ${instalmentPaidBefore} or ${endedShort} or ${instalmentPaidByAnother}
        then ${secondCopyPayments.amountCents}
        else least(${secondCopyPayments.amountCents}, greatest(0,
          sum(case when ${endedShort} then 0 else ${secondCopyPayments.amountCents} end)
            over (partition by ${secondCopyPayments.secondCopyId} order by ${secondCopyPayments.id})
          - ${secondCopies.amountCents})) end`.as('unapplied_cents'),
      // Short money of an instalment paid before is money paid again, as what goes beyond a copy paid.
      unappliedReason: sql<UnappliedMoneyReason>`case when (${endedShort} or ${instalmentPaidByAnother})
          and not ${instalmentPaidBefore}
        then 'underpaid' else 'already_paid' end`.as('unapplied_reason'),
    })
    .from(secondCopyPayments)
    .innerJoin(secondCopies, eq(secondCopies.id, secondCopyPayments.secondCopyId))
    .where(where)
    .as('copy_money');

// One text whatever the number of instalments (an array parameter).
const paidSecondCopiesQuery = preparedOnce((db) =>
  db
    .select()
    .from(secondCopies)
    .where(
      and(
        sql`${secondCopies.instalmentId} = any(${sql.placeholder('instalmentIds')}::integer[])`,
        secondCopyPaidInFull,
      ),
    )
    .orderBy(secondCopies.id)
    .prepare('paid_second_copies'),
);

/**
 * The instalments among these whose second copy was paid (money received of at least that copy's value), with that
 * copy: they take no new second copy.
 */
export async function paidSecondCopies(
  db: Db,
  instalmentIds: readonly number[],
): Promise<Map<number, SecondCopyRow>> {
  if (instalmentIds.length === 0) return new Map();
  const rows = await paidSecondCopiesQuery(db).execute({ instalmentIds: [...instalmentIds] });
  return new Map(rows.map((row) => [row.instalmentId, row]));
}

/** Records that a copy's PIX no longer takes payment, with why; false when it was recorded before. */
export async function recordSecondCopyCancelled(
  db: Db,
  secondCopyId: number,
  cause: string,
): Promise<boolean> {
  const rows = await db
    .insert(secondCopyCancellations)
    .values({ secondCopyId, cause })
    .onConflictDoNothing()
    .returning({ id: secondCopyCancellations.secondCopyId });
  return rows.length > 0;
}

/** The copy has a payment (`kind`: of its own PIX, of its boleto by a retorno, or any). */
const copyPaymentExists = (db: Db, kind: 'pix' | 'cnab' | 'any') =>
  exists(
    db
      .select({ id: secondCopyPayments.id })
      .from(secondCopyPayments)
      .where(
        and(
          eq(secondCopyPayments.secondCopyId, secondCopies.id),
          kind === 'any' ? undefined : like(secondCopyPayments.cause, `${kind}:%`),
        ),
      ),
  );

/** A copy issued with a PIX (a txid) and not ended (no cancellation recorded). */
const hasPixNotEnded = (db: Db) =>
  and(
    isNotNull(secondCopies.txid),
    notExists(
      db
        .select()
        .from(secondCopyCancellations)
        .where(eq(secondCopyCancellations.secondCopyId, secondCopies.id)),
    ),
  );

/**
 * A copy whose PIX may still take payment: a txid, no cancellation, no payment of its PIX seen. A payment of its
 * boleto leaves the cobv open at the PSP (decision 020's rule for an instalment paid another way).
 */
const pixStillOpen = (db: Db) => and(hasPixNotEnded(db), not(copyPaymentExists(db, 'pix')));

/**
 * Why a copy's PIX should no longer take payment (the joined `instalments` row is its instalment): the instalment is
 * owed no more (its boleto paid it in full, the portfolio, another copy), or a newer copy of the same instalment
 * exists, or the instalment's contract is under an active agreement (whose own charges are what the person pays now).
 */
const supersededCopy = sql<SupersededReason | null>`(case when not ${instalmentOwed} then 'instalment-paid'
  when exists (select 1 from ${secondCopies} newer
    where newer.instalment_id = ${secondCopies.instalmentId} and newer.id > ${secondCopies.id})
  or exists (select 1 from ${instalments} covered
    join ${agreementContracts} on ${agreementContracts.contractId} = covered.contract_id
      and ${agreementContracts.agreementStatus} = 'active'
    where covered.id = ${secondCopies.instalmentId}) then 'superseded' end)`;

/** A copy whose PIX still takes payment, with its store's payment provider. */
export type OpenSecondCopy = Pick<SecondCopyRow, 'id' | 'storeId' | 'txid'> & { paymentProvider: string };

/** The copies of the instalments of the agreement's contracts whose PIX still takes payment. */
export async function openSecondCopiesUnderAgreement(db: Db, agreementId: number): Promise<OpenSecondCopy[]> {
  return db
    .select({
      id: secondCopies.id,
      storeId: secondCopies.storeId,
      txid: secondCopies.txid,
      paymentProvider: stores.paymentProvider,
    })
    .from(secondCopies)
    .innerJoin(instalments, eq(instalments.id, secondCopies.instalmentId))
    .innerJoin(agreementContracts, eq(agreementContracts.contractId, instalments.contractId))
    .innerJoin(stores, eq(stores.id, secondCopies.storeId))
    .where(and(eq(agreementContracts.agreementId, agreementId), pixStillOpen(db)))
    .orderBy(asc(secondCopies.id));
}

/**
 * The copies whose boleto a retorno liquidated for less than the copy's value (decision 049) and that are not
 * cancelled yet, with their store's payment provider and the liquidation's cause (`cnab:<file>:<line>`), oldest
 * first: the bank takes a boleto once, so each is a document nobody can pay in full any more.
 */
export async function shortPaidSecondCopies(db: Db): Promise<(OpenSecondCopy & { liquidation: string })[]> {
  return db
    .select({
      id: secondCopies.id,
      storeId: secondCopies.storeId,
      txid: secondCopies.txid,
      paymentProvider: stores.paymentProvider,
      liquidation: secondCopyPayments.cause,
    })
    .from(secondCopies)
    .innerJoin(
      secondCopyPayments,
      and(eq(secondCopyPayments.secondCopyId, secondCopies.id), like(secondCopyPayments.cause, 'cnab:%')),
    )
    .innerJoin(stores, eq(stores.id, secondCopies.storeId))
    .where(and(hasPixNotEnded(db), not(secondCopyPaidInFull)))
    .orderBy(asc(secondCopies.id));
}

/** The instalment's copies older than `copyId` whose PIX still takes payment (a newer copy supersedes them). */
export async function supersededSecondCopies(
  db: Db,
  instalmentId: number,
  copyId: number,
): Promise<SecondCopyRow[]> {
  return db
    .select()
    .from(secondCopies)
    .where(and(eq(secondCopies.instalmentId, instalmentId), lt(secondCopies.id, copyId), pixStillOpen(db)))
    .orderBy(asc(secondCopies.id));
}

/**
 * A page of the copies whose PIX still takes payment, of stores whose provider is one of `providers`: due before
 * `dueBefore` or issued before `issuedBefore`, and, whenever issued, those paid another way (their boleto, in full or
 * short) or superseded, whose cobv is still open at the PSP unless removed (decision 020's rule for charges): the
 * first `limit` with an id above `afterId`, by id (keyset), as openPixCharges pages the agreements' charges.
 */
export async function openSecondCopyPix(db: Db, filter: OpenPixFilter): Promise<OpenPix[]> {
  const rows = await db
    .select({
      id: secondCopies.id,
      storeId: secondCopies.storeId,
      txid: secondCopies.txid,
      superseded: supersededCopy,
    })
    .from(secondCopies)
    .innerJoin(stores, eq(stores.id, secondCopies.storeId))
    .innerJoin(instalments, eq(instalments.id, secondCopies.instalmentId))
    .where(
      and(
        gt(secondCopies.id, filter.afterId),
        sql`${stores.paymentProvider} in ${filter.providers}`,
        pixStillOpen(db),
        or(
          lt(secondCopies.dueDate, filter.dueBefore),
          lt(secondCopies.createdAt, filter.issuedBefore),
          copyPaymentExists(db, 'any'),
          sql`${supersededCopy} is not null`,
        ),
      ),
    )
    .orderBy(asc(secondCopies.id))
    .limit(filter.limit);
  return rows.map((row) => ({ ...row, txid: row.txid!, superseded: row.superseded ?? null }));
}

/**
 * Whether the store has a second copy whose boleto may still be paid (decision 086): due on `dueSince` or later and
 * not liquidated by a retorno (a bank takes a boleto once). Neither a payment of its PIX nor a cancellation ends the
 * boleto: only its PIX (decision 025).
 */
export async function storeHasPayableSecondCopyBoleto(
  db: Db,
  storeId: number,
  dueSince: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: secondCopies.id })
    .from(secondCopies)
    .where(
      and(
        eq(secondCopies.storeId, storeId),
        gte(secondCopies.dueDate, dueSince),
        not(copyPaymentExists(db, 'cnab')),
      ),
    )
    .limit(1);
  return row !== undefined;
}

import type { InstalmentState } from '@portal/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  type AgreementStatus,
  agreementContracts,
  agreementCoveredInstalments,
  agreementInstalments,
  agreementStatusEvents,
  agreements,
  cardPaymentOutcomes,
  cardPayments,
  contracts,
  instalments,
  partners,
  paymentCharges,
  paymentEvents,
  persons,
  stores,
} from '../db/schema';
import type { AgreementRow } from './payment-repository';

// The status lifecycle of agreements (issue 17 item 5): overdue instalments, settled and broken agreements. Jobs and
// payment recorders call these; no debtor scope here (the debtor's reads go through payment-repository's scope).

const PAYMENT_KINDS = ['paid', 'settled'] as const;

/**
 * The instalment whose id `instalmentId` names has a payment event (paid, or settled by card). Written with
 * aliases: Drizzle leaves columns unqualified in a single-table query, where they would name the subquery's own.
 */
const paymentOf = (instalmentId: SQL) =>
  sql`exists (select 1 from ${paymentEvents} pe where pe.aci_codigo = ${instalmentId} and pe.tipo in ('paid', 'settled'))`;
/**
 * The agreement whose id `agreementId` names has a card payment the gateway has not given its final word on: the card
 * may have been charged, so nothing ends the agreement but that word (decision 023).
 */
const undecidedCardPaymentOf = (agreementId: SQL) =>
  sql`exists (select 1 from ${cardPayments} cp where cp.aco_codigo = ${agreementId}
    and not exists (select 1 from ${cardPaymentOutcomes} o where o.card_payment_id = cp.id))`;
/** agreement_instalments.aci_codigo, qualified. */
const instalmentIdColumn = sql`${agreementInstalments}.aci_codigo`;

/**
 * One 'overdue' event for each unpaid instalment of an active agreement whose due date is before `date`; an
 * instalment already marked is skipped by the unique index. Returns how many were marked now.
 */
export async function recordOverdueInstalments(db: Db, date: string, cause: string): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    insert into ${paymentEvents} (aci_codigo, tipo, data, causa)
    select i.aci_codigo, 'overdue', ${date}::date, ${cause}
    from ${agreementInstalments} i join ${agreements} a on a.aco_codigo = i.aco_codigo
    where a.status = 'active' and i.vencimento < ${date}::date and not ${paymentOf(sql`i.aci_codigo`)}
    on conflict do nothing
    returning id`);
  return result.rows.length;
}

/** The agreement, its row locked until the transaction ends (status changes of one agreement wait for each other). */
export async function lockAgreement(db: Db, agreementId: number): Promise<AgreementRow | undefined> {
  const [row] = await db.select().from(agreements).where(eq(agreements.id, agreementId)).for('update');
  return row;
}

/** The agreement's instalments in order, with what the payment events say of each. */
export async function loadInstalmentStates(
  db: Db,
  agreementId: number,
): Promise<(InstalmentState & { number: number; amountCents: number })[]> {
  const rows = await db
    .select({
      number: agreementInstalments.number,
      dueDate: agreementInstalments.dueDate,
      amountCents: agreementInstalments.amountCents,
      payment: sql<'paid' | 'settled' | null>`(select pe.tipo from ${paymentEvents} pe
        where pe.aci_codigo = ${instalmentIdColumn} and pe.tipo in ('paid', 'settled') limit 1)`,
    })
    .from(agreementInstalments)
    .where(eq(agreementInstalments.agreementId, agreementId))
    .orderBy(asc(agreementInstalments.number));
  return rows;
}

/** Whether the agreement's card payment awaits the gateway's final word (undecidedCardPaymentOf). */
export async function hasUndecidedCardPayment(db: Db, agreementId: number): Promise<boolean> {
  const { rows } = await db.execute<{ undecided: boolean }>(
    sql`select ${undecidedCardPaymentOf(sql`${agreementId}::int`)} as undecided`,
  );
  return rows[0]!.undecided;
}

/**
 * Writes a status change as an event and the agreements.status cache with it (the caller's transaction makes them
 * one); the foreign key carries the status to agreement_contracts, which frees the contracts of an ended agreement.
 */
export async function changeAgreementStatus(
  db: Db,
  agreement: AgreementRow,
  to: AgreementStatus,
  cause: string,
  reason: string | null = null,
): Promise<void> {
  await db
    .insert(agreementStatusEvents)
    .values({ agreementId: agreement.id, from: agreement.status, to, cause, reason });
  await db.update(agreements).set({ status: to }).where(eq(agreements.id, agreement.id));
}

/** Active agreements with no instalment left unpaid: the daily catch-up of settlements. */
export async function findFullyPaidActiveAgreements(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: agreements.id })
    .from(agreements)
    .where(
      and(
        eq(agreements.status, 'active'),
        sql`exists (select 1 from ${agreementInstalments} i where i.aco_codigo = ${agreements}.aco_codigo)`,
        sql`not exists (select 1 from ${agreementInstalments} i where i.aco_codigo = ${agreements}.aco_codigo
          and not ${paymentOf(sql`i.aci_codigo`)})`,
      ),
    )
    .orderBy(asc(agreements.id));
  return rows.map((r) => r.id);
}

/**
 * Active agreements whose entry (number 0) is unpaid and was due before `date`, with their store's tolerance; not one
 * whose card charge awaits the gateway's word (the money may have been taken: the reconciliation decides it).
 */
export async function findUnpaidEntries(db: Db, date: string) {
  return db
    .select({
      agreementId: agreements.id,
      dueDate: agreementInstalments.dueDate,
      toleranceDays: stores.breakToleranceDays,
    })
    .from(agreements)
    .innerJoin(stores, eq(stores.id, agreements.storeId))
    .innerJoin(
      agreementInstalments,
      and(eq(agreementInstalments.agreementId, agreements.id), eq(agreementInstalments.number, 0)),
    )
    .where(
      and(
        eq(agreements.status, 'active'),
        sql`${agreementInstalments.dueDate} < ${date}::date`,
        sql`not ${paymentOf(instalmentIdColumn)}`,
        sql`not ${undecidedCardPaymentOf(sql`${agreements}.aco_codigo`)}`,
      ),
    )
    .orderBy(asc(agreements.id));
}

/**
 * Charges still open at their provider on instalments of cancelled agreements: not paid, and no cancellation
 * recorded for the charge (of one agreement, or of all). What the broken-agreement job and a staff cancellation ask the
 * store's provider to cancel (again after a failure).
 */
export async function findOpenChargesOfCancelledAgreements(db: Db, agreementId?: number) {
  return db
    .select({
      id: paymentCharges.id,
      storeId: paymentCharges.storeId,
      txid: paymentCharges.txid,
      provider: paymentCharges.provider,
    })
    .from(paymentCharges)
    .innerJoin(agreementInstalments, eq(agreementInstalments.id, paymentCharges.instalmentId))
    .innerJoin(agreements, eq(agreements.id, agreementInstalments.agreementId))
    .where(
      and(
        eq(agreements.status, 'cancelled'),
        agreementId === undefined ? undefined : eq(agreements.id, agreementId),
        sql`not ${paymentOf(instalmentIdColumn)}`,
        sql`not exists (select 1 from ${paymentEvents} pe where pe.charge_id = ${paymentCharges}.id
          and pe.tipo = 'charge_cancelled')`,
      ),
    )
    .orderBy(asc(paymentCharges.id));
}

/**
 * Money recorded on an agreement after it was cancelled (a late entry of a broken agreement): kept unapplied since
 * decision 049 (a payment event before it), and staff refund or apply it with the creditor (decision 022). Oldest
 * first.
 */
export async function findPaymentsAfterCancellation(db: Db) {
  return db
    .select({
      agreementId: agreements.id,
      instalmentNumber: agreementInstalments.number,
      kind: paymentEvents.kind,
      amountCents: paymentEvents.amountCents,
      occurredOn: paymentEvents.occurredOn,
      cause: paymentEvents.cause,
      unappliedReason: paymentEvents.unappliedReason,
      cancelledAt: agreementStatusEvents.at,
      cancelCause: agreementStatusEvents.cause,
    })
    .from(paymentEvents)
    .innerJoin(agreementInstalments, eq(agreementInstalments.id, paymentEvents.instalmentId))
    .innerJoin(agreements, eq(agreements.id, agreementInstalments.agreementId))
    .innerJoin(
      agreementStatusEvents,
      and(eq(agreementStatusEvents.agreementId, agreements.id), eq(agreementStatusEvents.to, 'cancelled')),
    )
    .where(
      and(
        eq(agreements.status, 'cancelled'),
        inArray(paymentEvents.kind, [...PAYMENT_KINDS, 'unapplied']),
        sql`${paymentEvents.createdAt} > ${agreementStatusEvents.at}`,
      ),
    )
    .orderBy(asc(paymentEvents.id));
}

/** Who an agreement's letters name and go to: its partner, store and person, and the contracts it covers. */
export async function loadAgreementParties(db: Db, agreementId: number) {
  const [row] = await db
    .select({ agreement: agreements, store: stores, partner: partners, person: persons })
    .from(agreements)
    .innerJoin(stores, eq(stores.id, agreements.storeId))
    .innerJoin(partners, eq(partners.id, agreements.partnerId))
    .innerJoin(persons, eq(persons.id, agreements.personId))
    .where(eq(agreements.id, agreementId));
  if (!row) return undefined;
  const covered = await db
    .select({ number: contracts.number })
    .from(agreementContracts)
    .innerJoin(contracts, eq(contracts.id, agreementContracts.contractId))
    .where(eq(agreementContracts.agreementId, agreementId))
    .orderBy(asc(contracts.number));
  return { ...row, contracts: covered.map((c) => c.number) };
}

/**
 * What a settled agreement discharged, contract by contract (decision 095): the numbers of the instalments it covered,
 * or null where nothing of the contract is left owed outside them, or where the agreement recorded no covered
 * instalments at all (decision 095 reads such an agreement as discharging its contracts whole).
 */
export async function loadDischargedInstalments(
  db: Db,
  agreementId: number,
): Promise<{ contract: string; instalments: number[] | null }[]> {
  const rows = await db
    .select({
      contract: contracts.number,
      number: instalments.number,
      covered: sql<boolean>`${agreementCoveredInstalments.instalmentId} is not null`,
      paid: instalments.paid,
    })
    .from(agreementContracts)
    .innerJoin(contracts, eq(contracts.id, agreementContracts.contractId))
    .innerJoin(instalments, eq(instalments.contractId, contracts.id))
    .leftJoin(
      agreementCoveredInstalments,
      and(
        eq(agreementCoveredInstalments.agreementId, agreementId),
        eq(agreementCoveredInstalments.instalmentId, instalments.id),
      ),
    )
    .where(eq(agreementContracts.agreementId, agreementId))
    .orderBy(asc(contracts.number), asc(instalments.number));
  const recordedCovered = rows.some((row) => row.covered);
  const byContract = new Map<string, typeof rows>();
  for (const row of rows) byContract.set(row.contract, [...(byContract.get(row.contract) ?? []), row]);
  return [...byContract].map(([contract, contractRows]) => {
    const leftOwed = contractRows.some((row) => !row.covered && !row.paid);
    return {
      contract,
      instalments:
        recordedCovered && leftOwed
          ? contractRows.filter((row) => row.covered).map((row) => row.number)
          : null,
    };
  });
}

/** What was paid on an agreement and the date of its last payment (the discharge letter's figures). */
export async function loadAgreementPayments(
  db: Db,
  agreementId: number,
): Promise<{ paidCents: number; lastPaidOn: string | null }> {
  const [row] = await db
    .select({
      paidCents: sql<number>`coalesce(sum(coalesce(${paymentEvents.amountCents}, ${agreementInstalments.amountCents})), 0)::bigint`,
      lastPaidOn: sql<string | null>`max(${paymentEvents.occurredOn})::text`,
    })
    .from(paymentEvents)
    .innerJoin(agreementInstalments, eq(agreementInstalments.id, paymentEvents.instalmentId))
    .where(
      and(eq(agreementInstalments.agreementId, agreementId), inArray(paymentEvents.kind, [...PAYMENT_KINDS])),
    );
  return { paidCents: Number(row?.paidCents ?? 0), lastPaidOn: row?.lastPaidOn ?? null };
}

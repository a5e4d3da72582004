import type { AgreementPaymentMethod, AgreementStatusName, ReportPeriod } from '@portal/domain';
import { reportPeriodInstants } from '@portal/domain';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  agreementContracts,
  agreementInstalments,
  agreementStatusEvents,
  agreements,
  cardPaymentOutcomes,
  cardPaymentReversals,
  cardPayments,
  contracts,
  instalments,
  partnerStores,
  partners,
  paymentEvents,
  persons,
  secondCopies,
  stores,
} from '../db/schema';
import { secondCopyMoney } from './second-copy-repository';
import { partnerCondition, type StaffScope } from './staff-scope';

// The back office's agreements and payments (issue 18 item 3; decision 029): every query takes the staff scope, so
// an operator reaches only their partners' agreements and money, and another partner's agreement is not found.

export interface AgreementAdminFilters {
  partnerId?: number | undefined;
  storeId?: number | undefined;
  status?: AgreementStatusName | undefined;
  paymentMethod?: AgreementPaymentMethod | undefined;
  /** Agreements made on these Brasília days. */
  period?: ReportPeriod | undefined;
  /** The person's CPF/CNPJ, normalised. */
  cpfCnpj?: string | undefined;
}

function agreementsWhere(scope: StaffScope, filters: AgreementAdminFilters): SQL | undefined {
  const range = filters.period && reportPeriodInstants(filters.period);
  return and(
    partnerCondition(agreements.partnerId, scope),
    filters.partnerId === undefined ? undefined : eq(agreements.partnerId, filters.partnerId),
    filters.storeId === undefined ? undefined : eq(agreements.storeId, filters.storeId),
    filters.status === undefined ? undefined : eq(agreements.status, filters.status),
    filters.paymentMethod === undefined ? undefined : eq(agreements.paymentMethod, filters.paymentMethod),
    range === undefined ? undefined : gte(agreements.createdAt, range.from),
    range === undefined ? undefined : lt(agreements.createdAt, range.to),
    filters.cpfCnpj === undefined ? undefined : eq(persons.cpfCnpj, filters.cpfCnpj),
  );
}

/** What an agreement's instalments received as their payment (paid, or settled by card), centavos. */
const paidCents = sql<number>`(select coalesce(sum(coalesce(pe.valor, i.valor)), 0)::bigint
  from ${paymentEvents} pe join ${agreementInstalments} i on i.aci_codigo = pe.aci_codigo
  where i.aco_codigo = ${agreements}.aco_codigo and pe.tipo in ('paid', 'settled'))`;

const agreementListColumns = {
  agreement: agreements,
  partnerName: partners.name,
  storeName: stores.tradeName,
  personName: persons.name,
  personCpfCnpj: persons.cpfCnpj,
  paidCents,
};

const agreementsWithParties = (db: Db, where: SQL | undefined) =>
  db
    .select(agreementListColumns)
    .from(agreements)
    .innerJoin(partners, eq(partners.id, agreements.partnerId))
    .innerJoin(stores, eq(stores.id, agreements.storeId))
    .innerJoin(persons, eq(persons.id, agreements.personId))
    .where(where);

export type AgreementAdminRow = Awaited<ReturnType<typeof agreementsWithParties>>[number];

/** Newest first; `limit` rows from `offset`, and how many match. */
export async function listAgreementRows(
  db: Db,
  scope: StaffScope,
  filters: AgreementAdminFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: AgreementAdminRow[]; total: number }> {
  const condition = agreementsWhere(scope, filters);
  const [counted] = await db
    .select({ n: count() })
    .from(agreements)
    .innerJoin(persons, eq(persons.id, agreements.personId))
    .where(condition);
  const rows = await agreementsWithParties(db, condition)
    .orderBy(desc(agreements.createdAt), desc(agreements.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    rows: rows.map((row) => ({ ...row, paidCents: Number(row.paidCents) })),
    total: Number(counted?.n ?? 0),
  };
}

/** One agreement in the scope, with its parties; undefined for another partner's or an unknown one. */
export async function findAgreementInStaffScope(
  db: Db,
  scope: StaffScope,
  agreementId: number,
): Promise<AgreementAdminRow | undefined> {
  const [row] = await agreementsWithParties(
    db,
    and(eq(agreements.id, agreementId), partnerCondition(agreements.partnerId, scope)),
  );
  return row && { ...row, paidCents: Number(row.paidCents) };
}

/** Every payment event of an agreement's instalments, in the order they were recorded. */
export function loadAgreementPaymentEvents(db: Db, agreementId: number) {
  return db
    .select({
      id: paymentEvents.id,
      number: agreementInstalments.number,
      kind: paymentEvents.kind,
      amountCents: paymentEvents.amountCents,
      occurredOn: paymentEvents.occurredOn,
      cause: paymentEvents.cause,
      unappliedReason: paymentEvents.unappliedReason,
    })
    .from(paymentEvents)
    .innerJoin(agreementInstalments, eq(agreementInstalments.id, paymentEvents.instalmentId))
    .where(eq(agreementInstalments.agreementId, agreementId))
    .orderBy(asc(paymentEvents.id));
}

/** The agreement's status events, oldest first. */
export function loadAgreementStatusEvents(db: Db, agreementId: number) {
  return db
    .select()
    .from(agreementStatusEvents)
    .where(eq(agreementStatusEvents.agreementId, agreementId))
    .orderBy(asc(agreementStatusEvents.id));
}

/**
 * Money received for second copies of the instalments of the contracts an agreement covers, each with its part that
 * paid nothing and why (decisions 049, 061), as the unapplied money list has it: every payment of those copies is
 * read, so each counts the copy's earlier ones.
 */
export function loadAgreementSecondCopyPayments(db: Db, agreementId: number) {
  const covered = db
    .select({ id: instalments.id })
    .from(instalments)
    .innerJoin(agreementContracts, eq(agreementContracts.contractId, instalments.contractId))
    .where(eq(agreementContracts.agreementId, agreementId));
  const money = secondCopyMoney(db, inArray(secondCopies.instalmentId, covered));
  return db
    .select({
      id: money.id,
      contractNumber: contracts.number,
      dueDate: money.dueDate,
      amountCents: money.amountCents,
      occurredOn: money.occurredOn,
      cause: money.cause,
      unappliedCents: money.unappliedCents,
      unappliedReason: money.unappliedReason,
    })
    .from(money)
    .innerJoin(instalments, eq(instalments.id, money.instalmentId))
    .innerJoin(contracts, eq(contracts.id, instalments.contractId))
    .orderBy(asc(money.id));
}

/** The agreement's card charge, the gateway's final word on it, if any, and its reversals, oldest first. */
export async function loadAgreementCardPayment(db: Db, agreementId: number) {
  const [row] = await db
    .select({ payment: cardPayments, state: cardPaymentOutcomes.state })
    .from(cardPayments)
    .leftJoin(cardPaymentOutcomes, eq(cardPaymentOutcomes.cardPaymentId, cardPayments.id))
    .where(eq(cardPayments.agreementId, agreementId));
  if (!row) return undefined;
  const reversals = await db
    .select()
    .from(cardPaymentReversals)
    .where(eq(cardPaymentReversals.cardPaymentId, row.payment.id))
    .orderBy(asc(cardPaymentReversals.id));
  return { ...row, reversals };
}

/** The stores the scope's partners serve, each with those partners: what a list's store filter offers. */
export async function listStoreOptions(db: Db, scope: StaffScope) {
  const rows = await db
    .select({ id: stores.id, name: stores.tradeName, partnerId: partnerStores.partnerId })
    .from(partnerStores)
    .innerJoin(stores, eq(stores.id, partnerStores.storeId))
    .where(partnerCondition(partnerStores.partnerId, scope))
    .orderBy(asc(stores.tradeName), asc(stores.id), asc(partnerStores.partnerId));
  const options = new Map<number, { id: number; nome: string; parceiros: number[] }>();
  for (const row of rows) {
    const option = options.get(row.id) ?? { id: row.id, nome: row.name, parceiros: [] };
    option.parceiros.push(row.partnerId);
    options.set(row.id, option);
  }
  return [...options.values()];
}

export interface ReceivedMoneyFilters {
  partnerId?: number | undefined;
  storeId?: number | undefined;
  period: ReportPeriod;
}

// The channel a cause names, kept to its prefix, so a year of payments groups into a few rows per day.
const causeChannel = (cause: SQL | typeof paymentEvents.cause) =>
  sql<string>`case when ${cause} like 'pix:%' then 'pix:' when ${cause} like 'cnab:%' then 'cnab:' else '' end`;

/**
 * Money received in the scope on the period's Brasília days, summed by day, source, event kind, the channel its cause
 * names and the agreement's method: agreement instalments' payment events (paid, settled by card, unapplied) and
 * second copies' payments. The domain tells the column (receivedMoneyColumn).
 */
export async function listReceivedMoney(db: Db, scope: StaffScope, filters: ReceivedMoneyFilters) {
  const { from, to } = filters.period;
  const instalmentChannel = causeChannel(paymentEvents.cause);
  const agreementMoney = await db
    .select({
      day: sql<string>`${paymentEvents.occurredOn}::text`,
      kind: paymentEvents.kind,
      channel: instalmentChannel,
      agreementMethod: agreements.paymentMethod,
      amountCents: sql<number>`sum(coalesce(${paymentEvents.amountCents}, ${agreementInstalments.amountCents}))::bigint`,
    })
    .from(paymentEvents)
    .innerJoin(agreementInstalments, eq(agreementInstalments.id, paymentEvents.instalmentId))
    .innerJoin(agreements, eq(agreements.id, agreementInstalments.agreementId))
    .where(
      and(
        inArray(paymentEvents.kind, ['paid', 'settled', 'unapplied']),
        sql`${paymentEvents.occurredOn} between ${from}::date and ${to}::date`,
        partnerCondition(agreements.partnerId, scope),
        filters.partnerId === undefined ? undefined : eq(agreements.partnerId, filters.partnerId),
        filters.storeId === undefined ? undefined : eq(agreements.storeId, filters.storeId),
      ),
    )
    .groupBy(paymentEvents.occurredOn, paymentEvents.kind, instalmentChannel, agreements.paymentMethod);
  const copyMoney = secondCopyMoney(
    db,
    and(
      partnerCondition(secondCopies.partnerId, scope),
      filters.partnerId === undefined ? undefined : eq(secondCopies.partnerId, filters.partnerId),
      filters.storeId === undefined ? undefined : eq(secondCopies.storeId, filters.storeId),
    ),
  );
  const copyDays = await db
    .select({
      day: sql<string>`${copyMoney.occurredOn}::text`,
      paidCents: sql<number>`sum(${copyMoney.amountCents} - ${copyMoney.unappliedCents})::bigint`,
      unappliedCents: sql<number>`sum(${copyMoney.unappliedCents})::bigint`,
    })
    .from(copyMoney)
    .where(sql`${copyMoney.occurredOn} between ${from}::date and ${to}::date`)
    .groupBy(copyMoney.occurredOn);
  return [
    ...agreementMoney.map((row) => ({
      source: 'instalment' as const,
      day: row.day,
      kind: row.kind as 'paid' | 'settled' | 'unapplied',
      cause: row.channel,
      agreementMethod: row.agreementMethod,
      amountCents: Number(row.amountCents),
    })),
    // A copy's money that paid nothing (short, or beyond its value): unapplied (decisions 049, 061).
    ...copyDays.flatMap((row) =>
      (
        [
          ['paid', Number(row.paidCents)],
          ['unapplied', Number(row.unappliedCents)],
        ] as const
      )
        .filter(([, amountCents]) => amountCents > 0)
        .map(([kind, amountCents]) => ({
          source: 'second_copy' as const,
          day: row.day,
          kind,
          cause: '',
          agreementMethod: null,
          amountCents,
        })),
    ),
  ];
}

/**
 * Paid cards' money given back (refund, chargeback; decision 047) in the scope, summed by the Brasília day the gateway
 * gave it back on (decision 056) within the period: what each reversal gave back leaves (a part of the charge, or
 * the rest; decision 075), under the agreement's partner and store.
 */
export async function listReversedCardMoney(db: Db, scope: StaffScope, filters: ReceivedMoneyFilters) {
  const range = reportPeriodInstants(filters.period);
  const day = sql<string>`(${cardPaymentReversals.occurredAt} at time zone 'America/Sao_Paulo')::date::text`;
  const rows = await db
    .select({ day, amountCents: sql<number>`sum(${cardPaymentReversals.amountCents})::bigint` })
    .from(cardPaymentReversals)
    .innerJoin(cardPayments, eq(cardPayments.id, cardPaymentReversals.cardPaymentId))
    .innerJoin(agreements, eq(agreements.id, cardPayments.agreementId))
    .where(
      and(
        gte(cardPaymentReversals.occurredAt, range.from),
        lt(cardPaymentReversals.occurredAt, range.to),
        partnerCondition(agreements.partnerId, scope),
        filters.partnerId === undefined ? undefined : eq(agreements.partnerId, filters.partnerId),
        filters.storeId === undefined ? undefined : eq(agreements.storeId, filters.storeId),
      ),
    )
    .groupBy(day);
  return rows.map((row) => ({ day: row.day, amountCents: Number(row.amountCents) }));
}

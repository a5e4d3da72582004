import { FUNNEL_STAGES, funnelStepCodes } from '@portal/domain';
import {
  and,
  count,
  countDistinct,
  eq,
  gte,
  inArray,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  agreementInstalments,
  agreementStatusEvents,
  agreements,
  contactMessages,
  debtorRequests,
  debtorSessions,
  outboundMessages,
  paymentEvents,
  preAgreements,
  privacyRequests,
  secondCopies,
  stepLogs,
} from '../db/schema';
import { secondCopyMoney } from './second-copy-repository';

// The operations dashboard's numbers (issue 5 item 6; decision 015), aggregated by the database within one partner's
// rows of one period: the staff member asks for a partner, and every query is scoped by it.

/** The step code the receive-call panel logs for a scheduled call (spec 001 §4 "Step codes": 20 call). */
const COUNTED_STEPS = funnelStepCodes().map((pair) => pair.code);

export interface DashboardScope {
  partnerId: number;
  /** The period's instants, [from, to). */
  range: { from: Date; to: Date };
  /** Today in Brasília (YYYY-MM-DD): a privacy request due before it is overdue. */
  today: string;
}

export async function loadDashboardCounts(db: Db, scope: DashboardScope) {
  const { range } = scope;
  const within = (instant: PgColumn) => and(gte(instant, range.from), lt(instant, range.to));
  const inPeriod = (partnerColumn: PgColumn, createdAt: PgColumn) =>
    and(eq(partnerColumn, scope.partnerId), within(createdAt));
  const agreementsInPeriod = and(
    inPeriod(agreements.partnerId, agreements.createdAt),
    ne(agreements.status, 'cancelled'),
  );
  const [steps, sessionRows, planRows, savedRows, agreementRows, requestRows, contactRows, privacyRows] =
    await Promise.all([
      countSteps(db, inPeriod(stepLogs.partnerId, stepLogs.createdAt)!),
      // A session is opened only by a successful identification, and it records its first debt listing.
      db
        .select({
          identified: sql<number>`count(distinct ${debtorSessions.personId}) filter (where ${and(
            eq(debtorSessions.status, 'open'),
            within(debtorSessions.createdAt),
          )})`,
          viewedDebts: sql<number>`count(distinct ${debtorSessions.personId}) filter (where ${within(
            debtorSessions.debtsListedAt,
          )})`,
        })
        .from(debtorSessions)
        .where(
          and(
            eq(debtorSessions.partnerId, scope.partnerId),
            or(within(debtorSessions.createdAt), within(debtorSessions.debtsListedAt)),
          ),
        ),
      db
        .select({ people: countDistinct(preAgreements.personId) })
        .from(preAgreements)
        .where(inPeriod(preAgreements.partnerId, preAgreements.createdAt)),
      db
        .select({ people: countDistinct(agreements.personId) })
        .from(agreements)
        .where(agreementsInPeriod),
      db
        .select({
          paymentMethod: agreements.paymentMethod,
          count: count(),
          totalCents: sum(agreements.totalCents),
          entryCents: sum(agreements.entryCents),
        })
        .from(agreements)
        .where(agreementsInPeriod)
        .groupBy(agreements.paymentMethod)
        .orderBy(agreements.paymentMethod),
      db
        .select({ kind: debtorRequests.kind, status: debtorRequests.status, count: count() })
        .from(debtorRequests)
        .where(inPeriod(debtorRequests.partnerId, debtorRequests.createdAt))
        .groupBy(debtorRequests.kind, debtorRequests.status),
      db
        .select({ delivery: outboundMessages.status, count: count() })
        .from(contactMessages)
        .leftJoin(outboundMessages, eq(outboundMessages.id, contactMessages.outboundMessageId))
        .where(inPeriod(contactMessages.partnerId, contactMessages.createdAt))
        .groupBy(outboundMessages.status),
      db
        .select({
          status: privacyRequests.status,
          count: count(),
          overdue: sql<number>`count(*) filter (where ${privacyRequests.dueOn} < ${scope.today})`,
        })
        .from(privacyRequests)
        .where(inPeriod(privacyRequests.partnerId, privacyRequests.createdAt))
        .groupBy(privacyRequests.status),
    ]);

  return { steps, sessionRows, planRows, savedRows, agreementRows, requestRows, contactRows, privacyRows };
}

/**
 * One pass over the partner's step log of the period: per funnel stage counted from posted steps, the visits (events)
 * with one of its codes, which the steps' anonymisation keeps (decision 072). Error steps (salvarEtapaErro) are
 * failures, not progress.
 */
async function countSteps(db: Db, scope: SQL): Promise<Record<string, number>> {
  const columns: Record<string, SQL<number>> = {};
  for (const stage of FUNNEL_STAGES) {
    if (stage.source !== 'steps') continue;
    columns[stage.key] =
      sql<number>`count(*) filter (where ${inArray(stepLogs.stepCode, [...stage.stepCodes])})`;
  }
  const [row] = await db
    .select(columns)
    .from(stepLogs)
    .where(and(scope, eq(stepLogs.isError, false), inArray(stepLogs.stepCode, COUNTED_STEPS)));
  return Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]));
}

/**
 * The dashboard's money and agreement statuses (issue 18 item 7; decision 031), within the partner's rows: what was
 * received on the Brasília days of `period` (payment events by kind, second-copy payments), the people who paid
 * then, what the agreements made in the period and still active have left to pay, and those agreements by status
 * (a cancelled one the broken-agreement job ended apart).
 */
export async function loadDashboardMoney(
  db: Db,
  scope: DashboardScope & { period: { from: string; to: string } },
) {
  const { from, to } = scope.period;
  const onDays = (day: PgColumn) => and(gte(day, from), lte(day, to));
  const agreementsInPeriod = and(
    eq(agreements.partnerId, scope.partnerId),
    gte(agreements.createdAt, scope.range.from),
    lt(agreements.createdAt, scope.range.to),
  );
  const received = and(
    eq(agreements.partnerId, scope.partnerId),
    inArray(paymentEvents.kind, ['paid', 'settled', 'unapplied']),
    onDays(paymentEvents.occurredOn),
  );
  const copyMoney = secondCopyMoney(db, eq(secondCopies.partnerId, scope.partnerId));
  const copyPaid = and(gte(copyMoney.occurredOn, from), lte(copyMoney.occurredOn, to));
  const payers = db
    .selectDistinct({ personId: agreements.personId })
    .from(paymentEvents)
    .innerJoin(agreementInstalments, eq(agreementInstalments.id, paymentEvents.instalmentId))
    .innerJoin(agreements, eq(agreements.id, agreementInstalments.agreementId))
    .where(and(received, ne(paymentEvents.kind, 'unapplied')))
    .union(
      db
        .selectDistinct({ personId: copyMoney.personId })
        .from(copyMoney)
        // A copy's money that paid nothing (short, or beyond its value), as an instalment's unapplied money.
        .where(and(copyPaid, sql`${copyMoney.unappliedCents} < ${copyMoney.amountCents}`)),
    )
    .as('payers');
  // Qualified by hand: Drizzle leaves columns unqualified in a single-table query, where they would name the
  // subquery's own.
  const paidInstalment = sql`exists (select 1 from ${paymentEvents} pe
    where pe.aci_codigo = ${agreementInstalments}.aci_codigo and pe.tipo in ('paid', 'settled'))`;
  const brokenByJob = sql<boolean>`exists (select 1 from ${agreementStatusEvents} ase
    where ase.aco_codigo = ${agreements}.aco_codigo and ase.para = 'cancelled' and ase.causa like 'job:broken:%')`;

  const [eventRows, copyRows, payerRows, promisedRows, statusRows] = await Promise.all([
    db
      .select({
        kind: paymentEvents.kind,
        cents: sum(sql`coalesce(${paymentEvents.amountCents}, ${agreementInstalments.amountCents})`),
      })
      .from(paymentEvents)
      .innerJoin(agreementInstalments, eq(agreementInstalments.id, paymentEvents.instalmentId))
      .innerJoin(agreements, eq(agreements.id, agreementInstalments.agreementId))
      .where(received)
      .groupBy(paymentEvents.kind),
    db
      .select({
        cents: sql<string | null>`sum(${copyMoney.amountCents} - ${copyMoney.unappliedCents})`,
        unappliedCents: sum(copyMoney.unappliedCents),
      })
      .from(copyMoney)
      .where(copyPaid),
    db.select({ people: count() }).from(payers),
    db
      .select({ cents: sum(agreementInstalments.amountCents) })
      .from(agreementInstalments)
      .innerJoin(agreements, eq(agreements.id, agreementInstalments.agreementId))
      .where(and(agreementsInPeriod, eq(agreements.status, 'active'), sql`not ${paidInstalment}`)),
    db
      .select({ status: agreements.status, broken: brokenByJob, count: count() })
      .from(agreements)
      .where(agreementsInPeriod)
      .groupBy(agreements.status, brokenByJob),
  ]);
  return { eventRows, copyRows, payerRows, promisedRows, statusRows };
}

import {
  type AgreementPaymentMethod,
  DASHBOARD_QUEUES,
  type DashboardAnswer,
  type DashboardQueueCounts,
  FUNNEL_STAGES,
  funnelStepCodes,
  type ObservedStageKey,
  type ReportPeriod,
  reportPeriodInstants,
  todayInBrasilia,
} from '@portal/domain';
import { and, count, countDistinct, eq, gte, inArray, lt, ne, or, type SQL, sql, sum } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  agreements,
  contactMessages,
  debtorRequests,
  debtorSessions,
  outboundMessages,
  preAgreements,
  privacyRequests,
  stepLogs,
} from '../../db/schema';
import { AppError } from '../../errors';
import { findPartnerById } from '../../repositories/partner-admin-repository';

// The operations dashboard (issue 5 item 6; docs/api.md "Reports"): for one partner and one period of Brasília
// days, the debtor funnel, the agreements by payment type and the work queues by status. The funnel's stages come
// from where FUNNEL_STAGES says: the ones the server observes from its own rows (sessions, plan quotes, agreements),
// only the portal access from the step log browsers post (issue 14 item 9; decision 015). Every number is aggregated
// by the database, within the partner's rows of the period.

/** The step code the receive-call panel logs for a scheduled call (spec 001 §4 "Step codes": 20 call). */
const SCHEDULED_CALL_STEP = 20;

const COUNTED_STEPS = [...funnelStepCodes().map((pair) => pair.code), SCHEDULED_CALL_STEP];

const zeros = <K extends string>(statuses: Record<K, string>) =>
  Object.fromEntries(Object.keys(statuses).map((status) => [status, 0])) as Record<K, number>;

export async function getDashboard(
  db: Db,
  input: { partnerId: number; period: ReportPeriod; now?: Date },
): Promise<DashboardAnswer> {
  const partner = await findPartnerById(db, input.partnerId);
  if (!partner) throw new AppError('PARTNER_ID_NOT_FOUND');
  const range = reportPeriodInstants(input.period);
  const within = (instant: PgColumn) => and(gte(instant, range.from), lt(instant, range.to));
  const inPeriod = (partnerColumn: PgColumn, createdAt: PgColumn) =>
    and(eq(partnerColumn, partner.id), within(createdAt));
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
            eq(debtorSessions.partnerId, partner.id),
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
          overdue: sql<number>`count(*) filter (where ${privacyRequests.dueOn} < ${todayInBrasilia(input.now)})`,
        })
        .from(privacyRequests)
        .where(inPeriod(privacyRequests.partnerId, privacyRequests.createdAt))
        .groupBy(privacyRequests.status),
    ]);

  const [sessionCounts] = sessionRows;
  const observed: Record<ObservedStageKey, number> = {
    identified: Number(sessionCounts?.identified ?? 0),
    viewedDebts: Number(sessionCounts?.viewedDebts ?? 0),
    viewedPlans: Number(planRows[0]?.people ?? 0),
    savedAgreement: Number(savedRows[0]?.people ?? 0),
  };

  const queues: DashboardQueueCounts = {
    contactMessages: zeros(DASHBOARD_QUEUES.contactMessages.statuses),
    callRequests: { ...zeros(DASHBOARD_QUEUES.callRequests.statuses), scheduledCalls: steps.scheduledCalls },
    proposals: zeros(DASHBOARD_QUEUES.proposals.statuses),
    disputes: zeros(DASHBOARD_QUEUES.disputes.statuses),
    privacyRequests: zeros(DASHBOARD_QUEUES.privacyRequests.statuses),
  };
  for (const row of contactRows) {
    // The forwarding e-mail's delivery: 'sending' (claimed by the worker) is still waiting.
    const status = row.delivery === 'sent' || row.delivery === 'failed' ? row.delivery : 'pending';
    queues.contactMessages[status] += Number(row.count);
  }
  const requestQueue = { cannot_pay: 'callRequests', proposal: 'proposals', dispute: 'disputes' } as const;
  for (const row of requestRows) queues[requestQueue[row.kind]][row.status] += Number(row.count);
  for (const row of privacyRows) {
    queues.privacyRequests[row.status] += Number(row.count);
    if (row.status !== 'answered') queues.privacyRequests.overdue += Number(row.overdue);
  }

  return {
    partner: { id: partner.id, nome: partner.name },
    period: input.period,
    // 'paid' has no source yet: the portal records no payment confirmation (agreements' boletos, PIX and card
    // payments come with the agreements issue), so it carries null instead of a number.
    funnel: FUNNEL_STAGES.map((stage) => ({
      key: stage.key,
      count:
        stage.source === 'server'
          ? observed[stage.key]
          : stage.source === 'steps'
            ? steps.stages[stage.key]!
            : null,
    })),
    paymentsRecorded: false,
    agreements: agreementRows.map((row) => ({
      paymentMethod: row.paymentMethod as AgreementPaymentMethod,
      count: Number(row.count),
      totalCents: Number(row.totalCents ?? 0),
      entryCents: Number(row.entryCents ?? 0),
    })),
    queues,
  };
}

/**
 * One pass over the partner's step log of the period: per funnel stage counted from posted steps, the visits (events)
 * or the distinct CPF/CNPJ with one of its codes, and the scheduled calls. Error steps (salvarEtapaErro) are
 * failures, not progress.
 */
async function countSteps(
  db: Db,
  scope: SQL,
): Promise<{ stages: Record<string, number>; scheduledCalls: number }> {
  const columns: Record<string, SQL<number>> = {};
  for (const stage of FUNNEL_STAGES) {
    if (stage.source !== 'steps') continue;
    const filter = inArray(stepLogs.stepCode, [...stage.stepCodes]);
    columns[stage.key] =
      stage.unit === 'visits'
        ? sql<number>`count(*) filter (where ${filter})`
        : sql<number>`count(distinct ${stepLogs.cpfCnpj}) filter (where ${filter})`;
  }
  const [row] = await db
    .select({
      ...columns,
      scheduledCalls: sql<number>`count(*) filter (where ${eq(stepLogs.stepCode, SCHEDULED_CALL_STEP)})`,
    })
    .from(stepLogs)
    .where(and(scope, eq(stepLogs.isError, false), inArray(stepLogs.stepCode, COUNTED_STEPS)));
  const numbers = Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]));
  const { scheduledCalls = 0, ...stages } = numbers;
  return { stages, scheduledCalls };
}

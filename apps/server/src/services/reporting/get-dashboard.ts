import {
  type AgreementPaymentMethod,
  DASHBOARD_AGREEMENT_STATUSES,
  DASHBOARD_QUEUES,
  type DashboardAnswer,
  type DashboardMoney,
  type DashboardQueueCounts,
  FUNNEL_STAGES,
  type ObservedStageKey,
  type ReportPeriod,
  reportPeriodInstants,
  todayInBrasilia,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { listReversedCardMoney } from '../../repositories/agreement-admin-repository';
import { loadDashboardCounts, loadDashboardMoney } from '../../repositories/dashboard-repository';
import { findPartnerById } from '../../repositories/partner-admin-repository';
import { type StaffScope, seesPartner } from '../../repositories/staff-scope';

// The operations dashboard (issue 5 item 6, issue 18 item 7; docs/api.md "Reports"): for one partner and one period
// of Brasília days, the debtor funnel, the money recovered and promised, the agreements by status and by payment
// type and the work queues by status. The funnel's stages come from where FUNNEL_STAGES says: the ones the server
// observes from its own rows (sessions, plan quotes, agreements, payments), only the portal access from the step log
// browsers post (issue 14 item 9; decision 015). Every number is aggregated by the database, within the partner's
// rows of the period.

const zeros = <K extends string>(statuses: Record<K, string>) =>
  Object.fromEntries(Object.keys(statuses).map((status) => [status, 0])) as Record<K, number>;

export async function getDashboard(
  db: Db,
  scope: StaffScope,
  input: { partnerId: number; period: ReportPeriod; now?: Date },
): Promise<DashboardAnswer> {
  const partner = await findPartnerById(db, input.partnerId);
  if (!partner || !seesPartner(scope, partner.id)) throw new AppError('PARTNER_ID_NOT_FOUND');
  const within = {
    partnerId: partner.id,
    range: reportPeriodInstants(input.period),
    today: todayInBrasilia(input.now),
  };
  const [
    { steps, sessionRows, planRows, savedRows, agreementRows, requestRows, contactRows, privacyRows },
    { eventRows, copyRows, payerRows, promisedRows, statusRows },
    reversedDays,
  ] = await Promise.all([
    loadDashboardCounts(db, within),
    loadDashboardMoney(db, { ...within, period: input.period }),
    // The payments list's reversals (decision 053), so the dashboard nets the same money.
    listReversedCardMoney(db, scope, { partnerId: partner.id, period: input.period }),
  ]);

  const [sessionCounts] = sessionRows;
  const observed: Record<ObservedStageKey, number> = {
    identified: Number(sessionCounts?.identified ?? 0),
    viewedDebts: Number(sessionCounts?.viewedDebts ?? 0),
    viewedPlans: Number(planRows[0]?.people ?? 0),
    savedAgreement: Number(savedRows[0]?.people ?? 0),
    paid: Number(payerRows[0]?.people ?? 0),
  };

  const centsOf = (kind: string) => Number(eventRows.find((row) => row.kind === kind)?.cents ?? 0);
  const money: DashboardMoney = {
    recovered: {
      agreementPayments: centsOf('paid'),
      cardPayments: centsOf('settled'),
      secondCopyPayments: Number(copyRows[0]?.cents ?? 0),
      // An instalment's unapplied money, and a second copy's that paid nothing (decisions 049, 061).
      unapplied: centsOf('unapplied') + Number(copyRows[0]?.unappliedCents ?? 0),
    },
    reversedCents: reversedDays.reduce((sum, day) => sum + day.amountCents, 0),
    promisedCents: Number(promisedRows[0]?.cents ?? 0),
  };
  const agreementStatuses = zeros(DASHBOARD_AGREEMENT_STATUSES);
  for (const row of statusRows)
    agreementStatuses[row.status === 'cancelled' && row.broken ? 'broken' : row.status] += Number(row.count);

  const queues: DashboardQueueCounts = {
    contactMessages: zeros(DASHBOARD_QUEUES.contactMessages.statuses),
    callRequests: zeros(DASHBOARD_QUEUES.callRequests.statuses),
    proposals: zeros(DASHBOARD_QUEUES.proposals.statuses),
    disputes: zeros(DASHBOARD_QUEUES.disputes.statuses),
    privacyRequests: zeros(DASHBOARD_QUEUES.privacyRequests.statuses),
  };
  for (const row of contactRows) {
    // The forwarding e-mail's delivery: 'sending' (claimed by the worker) is still waiting.
    const status = row.delivery === 'sent' || row.delivery === 'failed' ? row.delivery : 'pending';
    queues.contactMessages[status] += Number(row.count);
  }
  const requestQueue = {
    cannot_pay: 'callRequests',
    call: 'callRequests',
    whatsapp: 'callRequests',
    proposal: 'proposals',
    dispute: 'disputes',
  } as const;
  for (const row of requestRows) {
    queues[requestQueue[row.kind]][row.status] += Number(row.count);
    // The calls asked for in the period, whatever their status: what the Ligações queue lists.
    if (row.kind === 'call') queues.callRequests.scheduledCalls += Number(row.count);
  }
  for (const row of privacyRows) {
    queues.privacyRequests[row.status] += Number(row.count);
    if (row.status !== 'answered') queues.privacyRequests.overdue += Number(row.overdue);
  }

  return {
    partner: { id: partner.id, nome: partner.name },
    period: input.period,
    funnel: FUNNEL_STAGES.map((stage) => ({
      key: stage.key,
      count: stage.source === 'server' ? observed[stage.key] : steps[stage.key]!,
    })),
    money,
    agreementStatuses,
    agreements: agreementRows.map((row) => ({
      paymentMethod: row.paymentMethod as AgreementPaymentMethod,
      count: Number(row.count),
      totalCents: Number(row.totalCents ?? 0),
      entryCents: Number(row.entryCents ?? 0),
    })),
    queues,
  };
}

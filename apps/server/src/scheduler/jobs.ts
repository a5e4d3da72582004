import { COBV_PROVIDERS } from '../integrations/payments/pix-api/pix-services';
import { confirmPendingCardPayments } from '../services/card/confirm-pending-card-payments';
import { recordMissedCardReversals } from '../services/card/record-missed-card-reversals';
import { JOB_APPLICATION_RETENTION } from '../services/jobs/erase-expired-job-applications';
import { removeOrphanCvs } from '../services/jobs/remove-orphan-cvs';
import { breakUnpaidAgreements } from '../services/lifecycle/break-unpaid-agreements';
import { markOverdueInstalments } from '../services/lifecycle/mark-overdue-instalments';
import { settlePaidAgreements } from '../services/lifecycle/settle-paid-agreements';
import { generateRemessa } from '../services/payments/generate-remessa';
import { reconcileCursorOf, reconcilePixCharges } from '../services/payments/reconcile-pix-charges';
import { reissueRefusedBoletos } from '../services/payments/reissue-refused-boletos';
import { ACCESS_RECORD_RETENTIONS } from '../services/retention/access-record-retentions';
import { eraseExpired, type Retention } from '../services/retention/erase-expired';
import { KEPT_RECORD_RETENTIONS } from '../services/retention/kept-record-retentions';
import { endShortPaidCopies } from '../services/second-copy/end-short-paid-copies';
import type { ScheduledJob } from './scheduled-job';

/** How often open PIX charges are asked about at their PSP: a lost webhook is caught within this. */
const PIX_RECONCILE_EVERY_MS = 5 * 60_000;
/** How often boletos a retorno ended are looked for: the person sees the new one within this of the import. */
const REISSUE_BOLETOS_EVERY_MS = 5 * 60_000;
/** The job that replaces the boletos a retorno ended; a fresh retorno's import runs it at once too (decision 065). */
export const REISSUE_BOLETOS_JOB = 'reissue-boletos';
/** How often card payments the gateway has not decided are asked about: a lost answer or webhook is caught within this. */
const CARD_RECONCILE_EVERY_MS = 5 * 60_000;
/** How often the gateway's reversed charges are listed: once a day, however many days a stopped portal missed. */
const CARD_REVERSALS_EVERY_MS = 24 * 60 * 60_000;

// The jobs every server process schedules (and `npm run payments -- run-jobs` runs), in this order: one line each.
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  // The payments the PSPs and the card gateway hold are learnt first: a round that settles or breaks agreements judges
  // them on every payment made, not on a webhook lost while the server was down (a paid entry broken, decision 022).
  {
    name: 'reconcile-pix',
    schedule: { everyMs: PIX_RECONCILE_EVERY_MS },
    // A run stopped at its time limit keeps where (scheduled_job_runs): the next, on any process, goes on there.
    run: async ({ db, now, pix, log, resumeAt, stopAt }) => {
      const report = await reconcilePixCharges(
        db,
        { providers: COBV_PROVIDERS, ...pix, now, startAfter: reconcileCursorOf(resumeAt) },
        log,
      );
      if (report.resumeAfter) stopAt(report.resumeAfter);
    },
  },
  // Card charges left pending (no answer, no webhook) settle or end here, not only when their payer opens Meus Acordos.
  {
    name: 'reconcile-card',
    schedule: { everyMs: CARD_RECONCILE_EVERY_MS },
    run: async ({ db, now, cardGateway, log }) => {
      if (cardGateway) await confirmPendingCardPayments(db, cardGateway, 'everyone', log, now);
    },
  },
  // Paid cards given back (refund, chargeback) whose webhook never came end their agreement here (decision 056).
  {
    name: 'card-reversals',
    schedule: { everyMs: CARD_REVERSALS_EVERY_MS },
    run: async ({ db, now, cardGateway, log }) => {
      if (!cardGateway) return;
      const recorded = await recordMissedCardReversals(db, cardGateway, now, log);
      if (recorded > 0)
        log.info(
          { reversals: recorded },
          'reversed card charges of the portal listed by the gateway (each recorded once)',
        );
    },
  },
  { name: 'overdue', schedule: 'daily', run: markOverdueInstalments },
  { name: 'settle', schedule: 'daily', run: settlePaidAgreements },
  { name: 'broken', schedule: 'daily', run: breakUnpaidAgreements },
  // Boletos a retorno refused, wrote off (decision 021) or liquidated short (decision 049) get a new one, before a
  // remessa would register it; second copies liquidated short end, so the next request issues the next copy.
  {
    name: REISSUE_BOLETOS_JOB,
    schedule: { everyMs: REISSUE_BOLETOS_EVERY_MS },
    run: async ({ db, providers, now, log }) => {
      await reissueRefusedBoletos(db, providers, now, log);
      await endShortPaidCopies(db, providers, log);
    },
  },
  // The day's CNAB 240 remessa per store and convênio, for staff to send to the bank (issue 17 item 2).
  {
    name: 'remessa',
    schedule: 'daily',
    run: async ({ db, now }) => {
      await generateRemessa(db, { createdBy: 'job:remessa', now });
    },
  },
  // Personal data past its retention is erased, daily per kind: job applications as staff erase one (decision
  // 055); leads, contact messages, debtor and privacy requests (decisions 057, 072); sessions and steps (072).
  ...[JOB_APPLICATION_RETENTION, ...KEPT_RECORD_RETENTIONS, ...ACCESS_RECORD_RETENTIONS].map(retentionJob),
  // CV files no application names, an hour old, left by a send that died before its row (decision 055).
  {
    name: 'orphan-cvs',
    schedule: 'daily',
    run: async ({ db, now, cvDir, log }) => {
      const removed = await removeOrphanCvs({ db, cvDir }, now);
      if (removed > 0) log.info({ removed }, 'orphan CV files removed');
    },
  },
];

/** A retention's daily job: erases what the date's run reaches, and logs how many. */
function retentionJob(retention: Retention): ScheduledJob {
  return {
    name: retention.job,
    schedule: 'daily',
    run: async ({ db, date, cvDir, log }) => {
      const { erased, more } = await eraseExpired({ db, cvDir }, retention, date);
      if (erased > 0 || more)
        log.info({ kind: retention.kind, erased, more }, 'records past their retention erased');
    },
  };
}

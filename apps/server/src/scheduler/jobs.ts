import { COBV_PROVIDERS } from '../integrations/payments/pix-api/pix-services';
import { confirmPendingCardPayments } from '../services/card/confirm-pending-card-payments';
import { breakUnpaidAgreements } from '../services/lifecycle/break-unpaid-agreements';
import { markOverdueInstalments } from '../services/lifecycle/mark-overdue-instalments';
import { settlePaidAgreements } from '../services/lifecycle/settle-paid-agreements';
import { generateRemessa } from '../services/payments/generate-remessa';
import { reconcilePixCharges } from '../services/payments/reconcile-pix-charges';
import type { ScheduledJob } from './scheduled-job';

/** How often open PIX charges are asked about at their PSP: a lost webhook is caught within this. */
const PIX_RECONCILE_EVERY_MS = 5 * 60_000;
/** How often card payments the gateway has not decided are asked about: a lost answer or webhook is caught within this. */
const CARD_RECONCILE_EVERY_MS = 5 * 60_000;

/** Where this process's last PIX reconciliation stopped at its time limit: the next one goes on from there. */
let pixResumeAfter = 0;

// The jobs every server process schedules (and `npm run payments -- run-jobs` runs), in this order: one line each.
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  { name: 'overdue', schedule: 'daily', run: markOverdueInstalments },
  { name: 'settle', schedule: 'daily', run: settlePaidAgreements },
  { name: 'broken', schedule: 'daily', run: breakUnpaidAgreements },
  // The day's CNAB 240 remessa per store and convênio, for staff to send to the bank (issue 17 item 2).
  {
    name: 'remessa',
    schedule: 'daily',
    run: async ({ db, now }) => {
      await generateRemessa(db, { createdBy: 'job:remessa', now });
    },
  },
  {
    name: 'reconcile-pix',
    schedule: { everyMs: PIX_RECONCILE_EVERY_MS },
    run: async ({ db, now, pix, log }) => {
      const report = await reconcilePixCharges(
        db,
        { providers: COBV_PROVIDERS, ...pix, now, startAfter: pixResumeAfter },
        log,
      );
      pixResumeAfter = report.resumeAfter ?? 0;
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
];

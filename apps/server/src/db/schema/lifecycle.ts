import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { type AgreementStatus, agreements } from './negotiation';

/**
 * Every change of an agreement's status, with its cause (GUIDE: money records change only by events): settled when
 * the last instalment is paid, cancelled when its entry stays unpaid past the store's tolerance. Append-only;
 * agreements.status is a cache of the last row, written in the same transaction.
 */
export const agreementStatusEvents = pgTable(
  'agreement_status_events',
  {
    id: serial('id').primaryKey(),
    agreementId: integer('aco_codigo')
      .notNull()
      .references(() => agreements.id, { onDelete: 'restrict' }),
    from: text('de').$type<AgreementStatus>().notNull(),
    to: text('para').$type<AgreementStatus>().notNull(),
    /**
     * Who or what says so: 'payment:<cause of the payment>', 'job:broken:<date>', 'job:settle:<date>',
     * 'staff:<staff user id>' (a cancellation in the back office).
     */
    cause: text('causa').notNull(),
    /** Why, in the words of the staff member who cancelled it; null for the events the system records. */
    reason: text('motivo'),
    at: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agreement_status_events_agreement').on(t.agreementId)],
);

/**
 * One row per scheduled job (apps/server/src/scheduler): when it last ran and, for a daily job, the last Brasília
 * business date it finished, so a job that missed days runs each missing date once; and where a job that stopped at
 * its time limit goes on (its own cursor), so the next run on any process resumes there.
 */
export const scheduledJobRuns = pgTable('scheduled_job_runs', {
  name: text('nome').primaryKey(),
  lastRunAt: timestamp('ultima_execucao', { withTimezone: true }),
  lastDateDone: date('ultima_data', { mode: 'string' }),
  resumeAt: jsonb('retomar_em'),
});

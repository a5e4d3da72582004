import { index, integer, jsonb, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { partners } from './partners';

/** running → done (written), rejected (a line had a problem: nothing written) or failed (an error, or the process ended). */
export type ImportRunStatus = 'running' | 'done' | 'rejected' | 'failed';

/** A problem of the file as the run lists it: line 1 is the header (docs/import.md). */
export interface ImportRunIssue {
  line: number;
  column?: string;
  message: string;
}

/** Rows the file names and how many of them were inserted and updated, per table (docs/import.md "Output"). */
export interface ImportRunCounts {
  persons: { total: number; inserted: number; updated: number };
  stores: { total: number; inserted: number; updated: number };
  contracts: { total: number; inserted: number; updated: number };
  instalments: { total: number; inserted: number; updated: number };
  storesLinked: number;
}

/**
 * A portfolio import started from the back office or through the server by `npm run import` (issue 18 item 2,
 * decision 028): who started it, for which partner, and how it ended. Progress while it runs is kept by the process
 * that runs it; the row holds what is left once it ends. Who started it is copied (as in the audit trail), so the
 * row still says who after the user is renamed.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    fileName: text('file_name').notNull(),
    fileBytes: integer('file_bytes').notNull(),
    /** Data lines of the file (its lines less the header), counted while it was stored. */
    totalRows: integer('total_rows').notNull(),
    status: text('status').$type<ImportRunStatus>().notNull().default('running'),
    /** Data lines read (blank lines do not count). */
    rows: integer('rows').notNull().default(0),
    counts: jsonb('counts').$type<ImportRunCounts>(),
    /** The first problems of a rejected file; `issueCount` counts them all. */
    issues: jsonb('issues').$type<ImportRunIssue[]>(),
    issueCount: integer('issue_count').notNull().default(0),
    /** What went wrong in a failed run (never a line of the file). */
    error: text('error'),
    seconds: real('seconds'),
    staffUserId: integer('staff_user_id').notNull(),
    username: text('username').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_runs_started').on(t.startedAt)],
);

import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { outboundMessages } from './messaging';
import { staffUsers } from './staff';

// The back office's work queues (issue 18 item 4; decision 030): debtor requests, contact messages and privacy
// requests each keep their own status, and share these columns for who works on them and what was answered.

/** Who answered and when; set once, with the status 'answered'. */
export function answeredColumns() {
  return {
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  };
}

/**
 * When the retention minimised the item (decision 081): it keeps only what the dashboard counts, and no queue, list
 * or person's data shows it; null while it is whole.
 */
export function minimisedColumns() {
  return { minimisedAt: timestamp('minimised_at', { withTimezone: true }) };
}

/** A row read by a query that leaves minimised ones out (decision 081): the columns the retention clears are set. */
export type Whole<Row, Cleared extends keyof Row> = Omit<Row, Cleared> & {
  [K in Cleared]: NonNullable<Row[K]>;
};

/** The staff member working on an item, and the answer e-mailed to the person (the outbox message). */
export function workItemColumns() {
  return {
    assignedTo: integer('responsavel_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    answerText: text('resposta'),
    answerMessageId: integer('resposta_mensagem_id').references(() => outboundMessages.id),
  };
}

/** The table a queue item lives in. */
export type WorkItemSource = 'debtor_request' | 'contact_message' | 'privacy_request';

/**
 * Every change of a queue item (assigned, started, answered): who and when, never updated nor deleted. The user name
 * is copied, like the audit trail's, so the history still says who after a rename.
 */
export const workItemEvents = pgTable(
  'work_item_events',
  {
    id: serial('id').primaryKey(),
    source: text('origem').$type<WorkItemSource>().notNull(),
    itemId: integer('item_id').notNull(),
    action: text('acao').$type<'assign' | 'start' | 'answer'>().notNull(),
    /** The item's status after the change. */
    status: text('status').notNull(),
    assigneeId: integer('responsavel_id'),
    staffUserId: integer('staff_user_id').notNull(),
    username: text('username').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('work_item_events_item').on(t.source, t.itemId, t.at)],
);

import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { persons } from './debts';
import { outboundMessages } from './messaging';
import { partners } from './partners';
import { answeredColumns, minimisedColumns, type Whole, workItemColumns } from './work-items';

export type PrivacyRequestStatus = 'open' | 'in_progress' | 'answered';

/**
 * Data-subject requests (LGPD art. 18) from the privacy portal's rights form (spec 000 §3 "Rights request form":
 * nome, telefone, email, tipoRequisicao, solicitacao) and from an identified person's erasure request. The protocol
 * is shown to the person; `due_on` is the legal answer deadline (15 days, LGPD art. 19 II), a Brasília date. Once
 * the retention minimised a request (decision 081) only its partner, status and dates are left.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    protocol: text('protocolo').unique(),
    name: text('nome'),
    phone: text('telefone'),
    email: text('email'),
    requestType: text('tipo_requisicao'),
    message: text('solicitacao'),
    /** Set when the request came from an identified debtor session (export or erasure). */
    personId: integer('person_id').references(() => persons.id, { onDelete: 'set null' }),
    status: text('status').$type<PrivacyRequestStatus>().notNull().default('open'),
    dueOn: date('prazo', { mode: 'string' }).notNull(),
    ...answeredColumns(),
    ...workItemColumns(),
    partnerMessageId: integer('partner_message_id').references(() => outboundMessages.id),
    personMessageId: integer('person_message_id').references(() => outboundMessages.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...minimisedColumns(),
  },
  (t) => [
    check('privacy_requests_status_check', sql`${t.status} in ('open', 'in_progress', 'answered')`),
    index('privacy_requests_partner_created').on(t.partnerId, t.createdAt),
  ],
);

/** A request not minimised: its protocol and what the person typed are there. */
export type WholePrivacyRequest = Whole<
  typeof privacyRequests.$inferSelect,
  'protocol' | 'name' | 'phone' | 'email' | 'requestType' | 'message'
>;

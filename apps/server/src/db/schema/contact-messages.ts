import type { WorkItemStatus } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { persons } from './debts';
import { outboundMessages } from './messaging';
import { partners } from './partners';
import { answeredColumns, minimisedColumns, type Whole, workItemColumns } from './work-items';

/**
 * Landing-page contact messages (spec 000 §3), forwarded to the partner and worked as a queue (decision 030). The
 * CPF/CNPJ is what the sender typed, anyone's; `person_id` names the sender only when they sent it logged in as that
 * debtor on the partner: "Meus dados" finds a person's messages by it (docs/decisions/054). The sender's fields are
 * empty once the retention minimised the message (decision 081).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    name: text('nome'),
    email: text('email'),
    cpfCnpj: text('cpf_cnpj'),
    personId: integer('person_id').references(() => persons.id, { onDelete: 'set null' }),
    text: text('texto'),
    outboundMessageId: integer('outbound_message_id').references(() => outboundMessages.id),
    status: text('status').$type<WorkItemStatus>().notNull().default('open'),
    ...workItemColumns(),
    ...answeredColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...minimisedColumns(),
  },
  (t) => [
    check('contact_messages_status_check', sql`${t.status} in ('open', 'in_progress', 'answered')`),
    index('contact_messages_person').on(t.personId, t.partnerId),
  ],
);

/** A message not minimised: what the sender typed is there. */
export type WholeContactMessage = Whole<
  typeof contactMessages.$inferSelect,
  'name' | 'email' | 'cpfCnpj' | 'text'
>;

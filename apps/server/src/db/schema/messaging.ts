import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns';
import { persons } from './debts';
import { partners } from './partners';

/** What an error step keeps of the failed call (salvarEtapaErro): named fields, bounded, card numbers masked. */
export interface StepErrorDetails {
  /** The failed answer's retorno and mensagem; null when the client sent no envelope. */
  resposta: { retorno: boolean | null; mensagem: string } | null;
  mensagem: string;
}

/**
 * Visitor events the browser posts (step log, spec 000 §3; salvarEtapa / salvarEtapaErro): what a client says it did,
 * anonymous or not. The dashboard never counts them as a stage the server observes (identified, debts listed, plans
 * quoted, agreement saved): those come from the server's own rows (services/reporting/get-dashboard.ts).
 */
export const stepLogs = pgTable(
  'step_logs',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'restrict' }),
    companyCode: integer('emp_codigo'),
    /**
     * The person whose open session on the partner posted or performed the step; null for an anonymous visitor. The
     * CPF/CNPJ below is what was typed, anyone's: "Meus dados" finds a person's steps by this (decision 069).
     */
    personId: integer('person_id').references(() => persons.id, { onDelete: 'set null' }),
    cpfCnpj: text('cpf_cnpj'),
    stepCode: integer('esn_fk_ets_codigo').notNull(),
    scheduledDate: date('data_agendamento', { mode: 'string' }),
    scheduledTime: text('hora_agendamento'),
    reason: text('motivo_agendamento'),
    isError: boolean('erro').notNull().default(false),
    errorDetails: jsonb('detalhes_erro').$type<StepErrorDetails>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('step_logs_partner_created').on(t.partnerId, t.createdAt),
    index('step_logs_person').on(t.personId, t.partnerId),
    // The retention job's batch (decision 072): steps not yet anonymous, oldest first (decision 077).
    index('step_logs_to_anonymise')
      .on(t.createdAt, t.id)
      .where(
        sql`${t.personId} is not null or ${t.cpfCnpj} is not null or ${t.errorDetails} is not null or ${t.reason} is not null`,
      ),
  ],
);

export type OutboundChannel = 'email' | 'sms';
export type OutboundStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * Durable outbox: every e-mail and SMS is written here first and delivered by the outbox worker. A message for a known
 * person (their login code, boletos, answers) names them: the privacy portal's export and erasure find the person's
 * messages by it, never by an address someone else may have typed (docs/decisions/052). Messages to partners, staff
 * and leads name nobody.
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    personId: integer('person_id').references(() => persons.id, { onDelete: 'set null' }),
    channel: text('channel').$type<OutboundChannel>().notNull(),
    template: text('template').notNull(),
    recipient: text('recipient').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject'),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    status: text('status').$type<OutboundStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbound_messages_due').on(t.status, t.nextAttemptAt),
    index('outbound_messages_person').on(t.personId, t.partnerId),
  ],
);

/**
 * Files an outbox e-mail carries (a boleto PDF, a confession term), kept with the message: a retry after an SMTP
 * outage sends the very bytes the person asked for, whatever changed since.
 */
export const outboundAttachments = pgTable(
  'outbound_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => outboundMessages.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('outbound_attachments_message').on(t.messageId)],
);

import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { outboundMessages } from './messaging';
import { partners } from './partners';

/**
 * Job applications from WorkWithUs (spec 002 §2 "Job form", §3 option lists). The optional CV PDF is stored under
 * DATA_DIR, outside the web root, by a random key; staff download it as an attachment.
 */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    name: text('nome').notNull(),
    phone: text('telefone').notNull(),
    email: text('email').notNull(),
    vacancyLevel: text('tipo_de_atuacao').notNull(),
    interestArea: text('interesse').notNull(),
    message: text('mensagem').notNull().default(''),
    cvFileKey: text('curriculo_chave'),
    cvBytes: integer('curriculo_bytes'),
    consentedAt: timestamp('consentido_em', { withTimezone: true }).notNull(),
    outboundMessageId: integer('outbound_message_id').references(() => outboundMessages.id),
    /** The form's Idempotency-Key: a repeated send answers this application instead of storing another. */
    idempotencyKey: text('chave_idempotencia'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('job_applications_partner_created').on(t.partnerId, t.createdAt),
    uniqueIndex('job_applications_partner_idempotency').on(t.partnerId, t.idempotencyKey),
  ],
);

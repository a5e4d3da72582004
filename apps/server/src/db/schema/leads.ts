import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { persons } from './debts';
import { outboundMessages } from './messaging';
import { partners } from './partners';

/**
 * Creditor leads (spec 002 §3 "Lead": led_codigo ... led_valor_pode_pagar), sent by cadastrarLead on a partner's
 * portal and listed by the back office (ListLeads, by date). CPF/CNPJ and phones unmasked (a CNPJ may have letters);
 * money in centavos; payment form A boleto, P card. The CPF/CNPJ is what the sender typed, anyone's; `person_id` names
 * the sender only when they sent it logged in as that debtor on the partner (docs/decisions/054).
 */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    name: text('nome').notNull(),
    email: text('email').notNull(),
    phone: text('fone').notNull().default(''),
    mobile: text('celular').notNull(),
    store: text('loja').notNull(),
    city: text('cidade').notNull(),
    cpfCnpj: text('cpf_cnpj').notNull(),
    personId: integer('person_id').references(() => persons.id, { onDelete: 'set null' }),
    notes: text('obs').notNull().default(''),
    amountCents: integer('valor_centavos').notNull(),
    paymentForm: char('forma_pagamento', { length: 1 }).notNull(),
    affordableCents: integer('valor_pode_pagar_centavos').notNull(),
    /** The partner's notification in the outbox; null when the partner has no contact e-mail. */
    outboundMessageId: integer('outbound_message_id').references(() => outboundMessages.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('leads_forma_pagamento_check', sql`${table.paymentForm} in ('A', 'P')`),
    index('leads_created_at_idx').on(table.createdAt),
    index('leads_person').on(table.personId, table.partnerId),
  ],
);

import { sql } from 'drizzle-orm';
import {
  char,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { outboundMessages } from './messaging';
import { partners } from './partners';

/**
 * Creditor leads from the simple public registration (cadastrarEmpresaCredora, spec 002 §3 "Register creditor
 * (simple)"), read back by getEmpresasCredoras to prefill the sign-up wizard at /cadastre-sua-empresa/{id}.
 * CNPJ and phones unmasked (a CNPJ may have letters). The wizard link carries a random code, not the row id, so the
 * prefill cannot be walked through by counting; only the code's SHA-256 is kept (`codigo`), so whoever reads the table
 * cannot open a lead's wizard or sign its company up (decision 100). Five years after the send (decision 084) a lead
 * never signed up is deleted, a signed-up one minimised (`minimised_at`, its nullable columns cleared) to its CNPJ and
 * code.
 */
export const creditorLeads = pgTable(
  'creditor_leads',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 (hex) of the code the e-mailed link carries. */
    codeHash: text('codigo').notNull().unique(),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    companyName: text('razao_social'),
    cnpj: text('cnpj').notNull(),
    contactName: text('nome_contato'),
    mobile: text('telefone_cel'),
    landline: text('telefone_fixo').default(''),
    email: text('email'),
    website: text('website').default(''),
    /** The link e-mailed to the creditor. */
    outboundMessageId: integer('outbound_message_id').references(() => outboundMessages.id),
    /** The partner's notification, with the contact's data (none when the partner has no contact address). */
    partnerMessageId: integer('partner_message_id').references(() => outboundMessages.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    minimisedAt: timestamp('minimised_at', { withTimezone: true }),
  },
  (t) => [index('creditor_leads_created').on(t.createdAt)],
);

/**
 * Creditor companies signed up through the wizard (cadastrarCliente, spec 002 §3 "Creditor registration payload"),
 * each with its first user. Only the password's hash is kept (the payload's emp_senha_banco and usu_senha carry the
 * same password). A lead's link signs up one company: a second sign-up with it loses to the unique index.
 */
export const creditorCompanies = pgTable(
  'creditor_companies',
  {
    id: serial('id').primaryKey(),
    creditorLeadId: integer('creditor_lead_id').references(() => creditorLeads.id, { onDelete: 'set null' }),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    databaseName: text('emp_nome_banco').notNull().unique(),
    companyName: text('emp_nome').notNull(),
    userName: text('usu_nome').notNull(),
    userEmail: text('usu_email').notNull(),
    login: text('usu_login').notNull().unique(),
    passwordHash: text('senha_hash').notNull(),
    planCode: integer('plano_codigo').notNull(),
    usesPortal: char('emp_usa_site', { length: 1 }).notNull(),
    userCount: integer('emp_numero_usuarios').notNull(),
    businessKind: text('emp_cobranca_prospeccao').notNull(),
    outboundMessageId: integer('outbound_message_id').references(() => outboundMessages.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('creditor_companies_usa_site_check', sql`${t.usesPortal} in ('S', 'N')`),
    uniqueIndex('creditor_companies_one_per_lead').on(t.creditorLeadId),
  ],
);

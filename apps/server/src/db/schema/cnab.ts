import type { RetornoOutcome } from '@portal/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stores } from './partners';
import { paymentCharges } from './payments';

export type CnabFileKind = 'remessa' | 'retorno';

/**
 * CNAB 240 files exchanged with the bank (issue 17 item 2), kept as sent or received: the remessa that registers a
 * store's new boletos under a convênio, and the bank's retorno. Never changed once written.
 */
export const cnabFiles = pgTable(
  'cnab_files',
  {
    id: serial('id').primaryKey(),
    /** The store a remessa registers boletos for; a retorno may hold several stores' boletos of one convênio. */
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'restrict' }),
    bankCode: text('banco').notNull(),
    agreement: text('convenio').notNull(),
    kind: text('tipo').$type<CnabFileKind>().notNull(),
    /** FEBRABAN G018 NSA: a remessa's is ours (increasing per bank and convênio); a retorno's is the bank's. */
    sequence: integer('nsa').notNull(),
    /** The Brasília business day the file was written (remessa) or imported (retorno). */
    businessDate: date('data', { mode: 'string' }).notNull(),
    fileName: text('nome_arquivo').notNull(),
    content: text('conteudo').notNull(),
    contentSha256: text('conteudo_sha256').notNull(),
    /** Who wrote or loaded it: 'staff:<user>', 'cli' or 'demo'. */
    createdBy: text('criado_por').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cnab_files_remessa_nsa')
      .on(t.bankCode, t.agreement, t.sequence)
      .where(sql`${t.kind} = 'remessa'`),
    // The same retorno loaded twice is one file: the second load finds the first and applies nothing.
    uniqueIndex('cnab_files_content').on(t.kind, t.contentSha256),
  ],
);

/** The remessa that registered each boleto charge: a charge is sent to the bank in exactly one remessa. */
export const remessaCharges = pgTable(
  'remessa_charges',
  {
    chargeId: integer('charge_id')
      .primaryKey()
      .references(() => paymentCharges.id, { onDelete: 'restrict' }),
    fileId: integer('cnab_file_id')
      .notNull()
      .references(() => cnabFiles.id, { onDelete: 'restrict' }),
    /** The line of the charge's segment P. */
    line: integer('linha').notNull(),
  },
  (t) => [index('remessa_charges_file').on(t.fileId)],
);

/**
 * The remessa that asked the bank to write off (FEBRABAN C004 02 "Pedido de baixa") a boleto registered before
 * whose instalment no longer collects through it (agreement cancelled or settled, instalment paid another way):
 * asked once per charge.
 */
export const remessaWriteOffs = pgTable(
  'remessa_write_offs',
  {
    chargeId: integer('charge_id')
      .primaryKey()
      .references(() => remessaCharges.chargeId, { onDelete: 'restrict' }),
    fileId: integer('cnab_file_id')
      .notNull()
      .references(() => cnabFiles.id, { onDelete: 'restrict' }),
    /** The line of the request's segment P. */
    line: integer('linha').notNull(),
  },
  (t) => [index('remessa_write_offs_file').on(t.fileId)],
);

/** What each title of a retorno did (packages/domain RetornoOutcome), with the bank's data of the title. */
export const retornoResults = pgTable(
  'retorno_results',
  {
    fileId: integer('cnab_file_id')
      .notNull()
      .references(() => cnabFiles.id, { onDelete: 'restrict' }),
    line: integer('linha').notNull(),
    movement: text('movimento').notNull(),
    ourNumber: text('nosso_numero').notNull(),
    chargeId: integer('charge_id').references(() => paymentCharges.id, { onDelete: 'restrict' }),
    outcome: text('resultado').$type<RetornoOutcome>().notNull(),
    /** FEBRABAN C047 reason codes of the movement, comma-separated ('' when none). */
    reasons: text('motivos').notNull().default(''),
    amountCents: bigint('valor', { mode: 'number' }).notNull(),
    paidCents: bigint('valor_pago', { mode: 'number' }).notNull(),
    /** FEBRABAN G076 the bank's fee (tarifa) for the title's movement, charged to the beneficiary. */
    feeCents: bigint('valor_tarifa', { mode: 'number' }).notNull().default(0),
    occurredOn: date('data_ocorrencia', { mode: 'string' }),
    creditOn: date('data_credito', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.line] }), index('retorno_results_charge').on(t.chargeId)],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instalments } from './debts';
import { stores } from './partners';
import { partnerRef, personRef } from './references';

/**
 * Second-copy boletos of open instalments (spec 001 §2 and §7): one per instalment, due date and value, so asking
 * again the same day gives the same boleto, and a later day a new one with that day's updated value; a cancelled one
 * is followed by the next issue of the same key.
 */
export const secondCopies = pgTable(
  'second_copies',
  {
    id: serial('id').primaryKey(),
    partnerId: partnerRef(),
    personId: personRef(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    instalmentId: integer('instalment_id')
      .notNull()
      .references(() => instalments.id, { onDelete: 'cascade' }),
    dueDate: date('vencimento', { mode: 'string' }).notNull(),
    amountCents: bigint('valor', { mode: 'number' }).notNull(),
    /** Banco do Brasil 17-digit nosso número: the store's convênio and this row's id. */
    ourNumber: text('nosso_numero').notNull(),
    barcode: text('codigo_barras').notNull(),
    digitableLine: text('linha_digitavel').notNull(),
    pixCode: text('pix_copia_cola').notNull(),
    /** The txid of the boleto's PIX (a cobv at the store's PSP); null on copies issued before it was kept. */
    txid: text('txid'),
    /** 1, then the next for a copy of the same key issued because the previous one was cancelled (decision 025). */
    issue: integer('emissao').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('second_copies_instalment_due_value_issue').on(
      t.instalmentId,
      t.dueDate,
      t.amountCents,
      t.issue,
    ),
    // A PSP's notification names the charge by txid, a bank's retorno by our-number.
    uniqueIndex('second_copies_txid').on(t.txid),
    index('second_copies_our_number').on(t.ourNumber),
    // The debt listing reads the person's paid copies with its session (session-repository.ts).
    index('second_copies_person').on(t.personId),
  ],
);

/**
 * Money received for a second copy (its PIX at the PSP, or the boleto in a bank's retorno), decision 025. The
 * portfolio's instalment is the creditor's record, so this is what tells the person the instalment was paid here.
 * Append-only; the cause (`pix:{endToEndId}`, `cnab:{file}:{line}`) is unique, so a notification told again records
 * nothing; a second PIX of a paid copy is money received all the same, another row.
 */
export const secondCopyPayments = pgTable(
  'second_copy_payments',
  {
    id: serial('id').primaryKey(),
    secondCopyId: integer('second_copy_id')
      .notNull()
      .references(() => secondCopies.id, { onDelete: 'restrict' }),
    amountCents: bigint('valor', { mode: 'number' }).notNull(),
    occurredOn: date('data', { mode: 'string' }).notNull(),
    cause: text('causa').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('second_copy_payments_cause').on(t.cause),
    index('second_copy_payments_copy').on(t.secondCopyId),
    // A bank liquidates a boleto once: the same liquidation in another retorno file records nothing more.
    uniqueIndex('second_copy_payments_one_boleto').on(t.secondCopyId).where(sql`${t.cause} like 'cnab:%'`),
  ],
);

/**
 * A second copy whose PIX no longer takes payment, with why (decision 025): superseded by a newer copy of the same
 * instalment (its cobv removed at the PSP), or found removed or unknown there by reconciliation. Its boleto is not
 * refused: a bank's liquidation of it is still that copy's payment. Append-only, one row per copy.
 */
export const secondCopyCancellations = pgTable('second_copy_cancellations', {
  secondCopyId: integer('second_copy_id')
    .primaryKey()
    .references(() => secondCopies.id, { onDelete: 'restrict' }),
  /** 'superseded:<newer copy id>', 'reconcile:psp:<status or 404>'. */
  cause: text('causa').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

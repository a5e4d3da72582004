import { bigint, date, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { instalments } from './debts';
import { stores } from './partners';
import { partnerRef, personRef } from './references';

/**
 * Second-copy boletos of open instalments (spec 001 §2 and §7): one per instalment, due date and value, so asking
 * again the same day gives the same boleto, and a later day a new one with that day's updated value.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('second_copies_instalment_due_value').on(t.instalmentId, t.dueDate, t.amountCents)],
);

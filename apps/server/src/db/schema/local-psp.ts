import { jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The books of the local PSP (integrations/payments/pix-api/local-psp.ts, decision 020): what a PSP keeps of the
// charges its API Pix registered, apart from the portal's own tables, which learn of payments only through the API.

export type LocalPspCobvStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR';

/** A cobv as the PSP answers it (API Pix schema CobVCompleta), with its payment location id. */
export const localPspCharges = pgTable(
  'psp_local_cobv',
  {
    txid: text('txid').primaryKey(),
    /** Random location id: the public payload URL names this, never the txid. */
    locationId: text('loc_id').notNull(),
    status: text('status').$type<LocalPspCobvStatus>().notNull(),
    charge: jsonb('cobranca').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('psp_local_cobv_loc').on(t.locationId)],
);

/** Webhook URL per PIX key (API Pix PUT /webhook/{chave}). */
export const localPspWebhooks = pgTable('psp_local_webhooks', {
  key: text('chave').primaryKey(),
  url: text('webhook_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

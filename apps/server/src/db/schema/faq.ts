import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { partners } from './partners';

/**
 * Frequently asked questions (spec 002 §3 "FAQ entry": codigo, titulo, descricao). An entry is shared (no partner:
 * the default list every portal shows) or one partner's own (issue 18 item 8; decision 031): a portal with entries
 * of its own shows those instead of the shared list. Partners that show other texts have the fixedFaqTexts
 * capability.
 */
export const faqItems = pgTable(
  'faq_items',
  {
    id: serial('id').primaryKey(),
    /** Null: the shared default list. A partner is archived, never deleted (decision 014). */
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('faq_items_partner').on(t.partnerId)],
);

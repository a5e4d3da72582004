import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Frequently asked questions (spec 002 §3 "FAQ entry": codigo, titulo, descricao). One list for every portal: the
 * spec ties an entry to no partner (partners that show other texts have the fixedFaqTexts capability).
 */
export const faqItems = pgTable('faq_items', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

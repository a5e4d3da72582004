import { integer } from 'drizzle-orm/pg-core';
import { persons } from './debts';
import { partners } from './partners';

// Rows that belong to one partner and one person go away with either.
export const partnerRef = () =>
  integer('partner_id')
    .notNull()
    .references(() => partners.id, { onDelete: 'cascade' });
export const personRef = () =>
  integer('person_id')
    .notNull()
    .references(() => persons.id, { onDelete: 'cascade' });

/**
 * A partner or store column of a short-lived debtor row (a session, a plan quote) without a foreign key: inserting
 * a row with one locks the referenced row (FOR KEY SHARE), so every login and plan search of a partner would queue
 * on its single row (decision 012). deletePartnerRow deletes these rows itself.
 */
export const unlockedRef = (column: 'partner_id' | 'store_id') => integer(column).notNull();

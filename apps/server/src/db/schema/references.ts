import { integer } from 'drizzle-orm/pg-core';
import { persons } from './debts';
import { partners } from './partners';

// Rows that belong to one partner and one person. A partner is archived, never deleted (decision 014): its rows
// (agreements, requests, second copies) hold a delete of its row back. A person's rows go with the person.
export const partnerRef = () =>
  integer('partner_id')
    .notNull()
    .references(() => partners.id, { onDelete: 'restrict' });
export const personRef = () =>
  integer('person_id')
    .notNull()
    .references(() => persons.id, { onDelete: 'cascade' });

/**
 * A partner or store column of a short-lived debtor row (a session, a plan quote) without a foreign key: inserting
 * a row with one locks the referenced row (FOR KEY SHARE), so every login and plan search of a partner would queue
 * on its single row (decision 012). Archiving a partner ends its sessions (archive-partner.ts); quotes expire.
 */
export const unlockedRef = (column: 'partner_id' | 'store_id') => integer(column).notNull();

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

import {
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { partners } from './partners';
import { staffUsers } from './staff';

/** The partners an operator works for (decision 024): every query of theirs is limited to these. */
export const staffPartners = pgTable(
  'staff_partners',
  {
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.staffUserId, t.partnerId] }),
    index('staff_partners_partner').on(t.partnerId),
  ],
);

/**
 * The audit trail (GUIDE security principles; decision 024): one row per staff write and per staff read of a
 * person's data. Append-only: a trigger refuses UPDATE and DELETE. The user name is copied, so a row still says
 * who after the user is renamed; no foreign key, so nothing can cascade into it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffUserId: integer('staff_user_id').notNull(),
    username: text('username').notNull(),
    /** The client address as Fastify sees it (X-Forwarded-For only under TRUST_PROXY). */
    ip: inet('ip'),
    /** Method and route pattern, e.g. `PUT /api/parceiro/:id`. */
    route: text('route').notNull(),
    /** create, update, delete, read or the use case's own verb (disable, reset-password...). */
    action: text('action').notNull(),
    entity: text('entity'),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at').on(t.at), index('audit_log_user_at').on(t.staffUserId, t.at)],
);

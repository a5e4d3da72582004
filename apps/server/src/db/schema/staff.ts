import type { StaffRoleName } from '@portal/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Back-office staff (spec 002 §1): a user name and an argon2id hash of the password, never the password. */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    /** Kept lower-case: 'Admin' and 'admin' are one user. */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the user may do (decision 024); users made before roles existed are administrators. */
    role: text('role').$type<StaffRoleName>().notNull().default('administrator'),
    /** Set when an administrator disables the user: no login, every token refused. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** A password set by an administrator (reset): the user must choose their own at the next login. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
  },
  (t) => [
    uniqueIndex('staff_users_username').on(t.username),
    check('staff_users_role', sql`${t.role} in ('administrator', 'operator', 'auditor')`),
  ],
);

/**
 * Staff access tokens (spec 002 §7 bearer token; GUIDE security principles): the client holds 256 random bits, the
 * table only their SHA-256, with an expiry and a revocation time (logout, password change).
 */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_tokens_user').on(t.staffUserId)],
);

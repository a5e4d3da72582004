import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { partnerRef, personRef, unlockedRef } from './references';

/**
 * Debtor sessions (GUIDE security principles): the cookie holds a random token, the table only its SHA-256. Rows stay
 * after a session ends: the dashboard counts them as people identified and debts listed (decision 015). Six months
 * after its expiry a row keeps only that: its key becomes 'apagada:' and a random UUID (decision 072).
 */
export const debtorSessions = pgTable(
  'debtor_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    partnerId: unlockedRef('partner_id'),
    personId: personRef(),
    /** pending: identified, SMS token still to be checked; open: fully identified. */
    status: text('status').$type<'pending' | 'open'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** enumCanalOrigem and codAssessoriaSenff of the link the person came from (spec 001 §2), for reporting. */
    originChannel: text('canal_origem'),
    advisoryCode: text('cod_assessoria'),
    /**
     * When passo_2_novo first listed the person's debts in this session: the dashboard's 'Viu as dívidas', observed by
     * the server (a client's step post cannot add to it). Written once per session.
     */
    debtsListedAt: timestamp('debts_listed_at', { withTimezone: true }),
  },
  (t) => [
    index('debtor_sessions_person').on(t.personId),
    // The retention job's batch (decision 072): sessions not yet minimised, oldest expiry first (decision 077).
    index('debtor_sessions_to_minimise')
      .on(t.expiresAt, t.tokenHash)
      .where(sql`${t.tokenHash} not like 'apagada:%'`),
  ],
);

/** SMS login tokens: hashed, single use, short lived, few tries. */
export const smsTokens = pgTable(
  'sms_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionHash: text('session_hash')
      .notNull()
      .references(() => debtorSessions.tokenHash, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    phone: text('phone').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_tokens_session').on(t.sessionHash)],
);

/** Links e-mailed to change the phone on file: hashed, single use, one hour. */
export const phoneChangeLinks = pgTable('phone_change_links', {
  tokenHash: text('token_hash').primaryKey(),
  partnerId: partnerRef(),
  personId: personRef(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Robot-check answers already accepted, so one solved challenge cannot be replayed. */
export const captchaUses = pgTable('captcha_uses', {
  challengeId: text('challenge_id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** People who registered through a partner's first access (they may have no debts there yet). */
export const personRegistrations = pgTable(
  'person_registrations',
  {
    partnerId: partnerRef(),
    personId: personRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.personId] })],
);

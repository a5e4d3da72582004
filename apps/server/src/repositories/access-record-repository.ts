import { and, asc, inArray, isNotNull, lt, notLike, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { debtorSessions, smsTokens, stepLogs } from '../db/schema';
import { ANONYMOUS_STEP } from './step-log-repository';

// The portal's access records past their retention (docs/decisions/072), a batch at a time in the caller's
// transaction: many a day, so one statement per batch, oldest first.

/**
 * Makes anonymous up to `limit` steps logged before `before` that still say whose they were (decision 010's
 * anonymisation: the step, its date and partner stay for the statistics); how many.
 */
export async function anonymiseStepsBefore(db: Db, before: Date, limit: number): Promise<number> {
  const batch = db
    .select({ id: stepLogs.id })
    .from(stepLogs)
    .where(
      and(
        lt(stepLogs.createdAt, before),
        or(
          isNotNull(stepLogs.personId),
          isNotNull(stepLogs.cpfCnpj),
          isNotNull(stepLogs.errorDetails),
          isNotNull(stepLogs.reason),
        ),
      ),
    )
    .orderBy(asc(stepLogs.createdAt), asc(stepLogs.id))
    .limit(limit);
  const rows = await db
    .update(stepLogs)
    .set(ANONYMOUS_STEP)
    .where(inArray(stepLogs.id, batch))
    .returning({ id: stepLogs.id });
  return rows.length;
}

/**
 * A minimised session's token hash: "apagada:" and a random UUID, which no SHA-256 of a cookie (64 hex digits) can
 * equal, so the row keeps its key and authenticates nothing.
 */
const ERASED_TOKEN = sql`'apagada:' || gen_random_uuid()`;
const ERASED_TOKEN_PATTERN = 'apagada:%';

/**
 * Minimises up to `limit` debtor sessions that expired before `before` and still carry their token (decision 072):
 * their SMS codes (phone, code hash) are deleted, the token hash gives way to an unusable key, the link it came from
 * and its last use go, and it is ended at its expiry; what the dashboard counts stays (person, partner, status, when
 * it began and listed the debts: decision 015). How many.
 */
export async function minimiseSessionsExpiredBefore(db: Db, before: Date, limit: number): Promise<number> {
  const batch = await db
    .select({ tokenHash: debtorSessions.tokenHash })
    .from(debtorSessions)
    .where(and(lt(debtorSessions.expiresAt, before), notLike(debtorSessions.tokenHash, ERASED_TOKEN_PATTERN)))
    .orderBy(asc(debtorSessions.expiresAt), asc(debtorSessions.tokenHash))
    .limit(limit);
  if (batch.length === 0) return 0;
  const hashes = batch.map((row) => row.tokenHash);
  // First the codes: their key names the session's token hash, which the update below replaces.
  await db.delete(smsTokens).where(inArray(smsTokens.sessionHash, hashes));
  const rows = await db
    .update(debtorSessions)
    .set({
      tokenHash: ERASED_TOKEN,
      originChannel: null,
      advisoryCode: null,
      lastSeenAt: debtorSessions.createdAt,
      revokedAt: sql`coalesce(${debtorSessions.revokedAt}, ${debtorSessions.expiresAt})`,
    })
    .where(
      and(inArray(debtorSessions.tokenHash, hashes), notLike(debtorSessions.tokenHash, ERASED_TOKEN_PATTERN)),
    )
    .returning({ one: sql`1` });
  return rows.length;
}

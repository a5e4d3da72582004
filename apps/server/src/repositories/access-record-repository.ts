import { and, asc, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { debtorSessions, stepLogs } from '../db/schema';
import { ANONYMOUS_STEP } from './step-log-repository';

// The portal's access records past their retention (docs/decisions/067), a batch at a time in the caller's
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

/** Deletes up to `limit` debtor sessions that expired before `before` (their SMS codes go by cascade); how many. */
export async function deleteSessionsExpiredBefore(db: Db, before: Date, limit: number): Promise<number> {
  const batch = db
    .select({ tokenHash: debtorSessions.tokenHash })
    .from(debtorSessions)
    .where(lt(debtorSessions.expiresAt, before))
    .orderBy(asc(debtorSessions.expiresAt), asc(debtorSessions.tokenHash))
    .limit(limit);
  const rows = await db
    .delete(debtorSessions)
    .where(inArray(debtorSessions.tokenHash, batch))
    .returning({ one: sql`1` });
  return rows.length;
}

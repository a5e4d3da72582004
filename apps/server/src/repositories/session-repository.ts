import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { debtorSessions } from '../db/schema';

export type SessionRow = typeof debtorSessions.$inferSelect;

export async function insertSession(db: Db, session: typeof debtorSessions.$inferInsert): Promise<void> {
  await db.insert(debtorSessions).values(session);
}

/** A live session of this partner: not revoked, not past its absolute expiry, used within the idle time. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  partnerId: number,
  idleMs: number,
): Promise<SessionRow | undefined> {
  const now = new Date();
  const [row] = await db
    .select()
    .from(debtorSessions)
    .where(
      and(
        eq(debtorSessions.tokenHash, tokenHash),
        eq(debtorSessions.partnerId, partnerId),
        isNull(debtorSessions.revokedAt),
        gt(debtorSessions.expiresAt, now),
        gt(debtorSessions.lastSeenAt, new Date(now.getTime() - idleMs)),
      ),
    )
    .limit(1);
  return row;
}

export async function touchSession(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(debtorSessions)
    .set({ lastSeenAt: new Date() })
    .where(eq(debtorSessions.tokenHash, tokenHash));
}

export async function openSession(db: Db, tokenHash: string): Promise<void> {
  await db.update(debtorSessions).set({ status: 'open' }).where(eq(debtorSessions.tokenHash, tokenHash));
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(debtorSessions)
    .set({ revokedAt: new Date() })
    .where(eq(debtorSessions.tokenHash, tokenHash));
}

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '../db/client';
import { debtorSessions, debtViewEpoch, persons } from '../db/schema';
import type { PersonRow } from './person-repository';

export type SessionRow = typeof debtorSessions.$inferSelect;

export interface LiveSession {
  session: SessionRow;
  /** The session's person, read in the same query. */
  person: PersonRow;
  /** debt_view_epoch, read in the same query: with person.debtsVersion, says whether a debt snapshot is current. */
  debtEpoch: number;
}

// Every authenticated call runs this lookup.
const liveSessionQuery = preparedOnce((db) =>
  db
    .select({
      session: debtorSessions,
      person: persons,
      debtEpoch:
        sql<number>`(select ${debtViewEpoch.epoch} from ${debtViewEpoch} where ${debtViewEpoch.id} = 1)`.mapWith(
          Number,
        ),
    })
    .from(debtorSessions)
    .innerJoin(persons, eq(persons.id, debtorSessions.personId))
    .where(
      and(
        eq(debtorSessions.tokenHash, sql.placeholder('tokenHash')),
        eq(debtorSessions.partnerId, sql.placeholder('partnerId')),
        isNull(debtorSessions.revokedAt),
        gt(debtorSessions.expiresAt, sql.placeholder('now')),
        gt(debtorSessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('debtor_live_session'),
);

/**
 * A live session of this partner: not revoked, not past its absolute expiry, used within the idle time; with its
 * person, in one query.
 */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  partnerId: number,
  idleMs: number,
): Promise<LiveSession | undefined> {
  const now = Date.now();
  const [row] = await liveSessionQuery(db).execute({
    tokenHash,
    partnerId,
    now: new Date(now).toISOString(),
    idleSince: new Date(now - idleMs).toISOString(),
  });
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

/**
 * Records that the server listed the session person's debts (the dashboard's 'Viu as dívidas'): once per session, so
 * the debts call writes nothing after its first answer.
 */
export async function markDebtsListed(db: Db, session: SessionRow): Promise<void> {
  if (session.debtsListedAt) return;
  await db
    .update(debtorSessions)
    .set({ debtsListedAt: new Date() })
    .where(and(eq(debtorSessions.tokenHash, session.tokenHash), isNull(debtorSessions.debtsListedAt)));
}

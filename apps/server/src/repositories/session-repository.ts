import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '../db/client';
import { debtorRequests, debtorSessions, persons } from '../db/schema';
import { currentDebtEpoch } from './debt-repository';
import type { PersonRow } from './person-repository';

export type SessionRow = typeof debtorSessions.$inferSelect;

/** A debtor session ends after 30 minutes without the person's activity (issue 3; plugins/debtor-session.ts). */
export const SESSION_IDLE_MS = 30 * 60_000;

// Only the columns the debtor calls read of the session and of its person (every user of DebtorSession and DebtScope):
// each column more is parsed and mapped on every authenticated call, the timestamps into Dates.
const liveSessionColumns = {
  tokenHash: debtorSessions.tokenHash,
  status: debtorSessions.status,
  lastSeenAt: debtorSessions.lastSeenAt,
  debtsListedAt: debtorSessions.debtsListedAt,
};
const sessionPersonColumns = {
  id: persons.id,
  cpfCnpj: persons.cpfCnpj,
  name: persons.name,
  phone: persons.phone,
  email: persons.email,
  cep: persons.cep,
  street: persons.street,
  streetNumber: persons.streetNumber,
  district: persons.district,
  city: persons.city,
  state: persons.state,
  debtsVersion: persons.debtsVersion,
};

/** What an authenticated call knows of its session. */
export type LiveSessionRow = Pick<SessionRow, keyof typeof liveSessionColumns>;
/** What an authenticated call knows of its session's person: no birth date, gender or timestamps. */
export type SessionPerson = Pick<PersonRow, keyof typeof sessionPersonColumns>;

export interface LiveSession {
  session: LiveSessionRow;
  /** The session's person, read in the same query. */
  person: SessionPerson;
  /** debt_view_epoch, read in the same query: with person.debtsVersion, says whether a debt snapshot is current. */
  debtEpoch: number;
}

// The session, its person and the debt epoch: what every authenticated call reads first.
const liveSessionFields = {
  session: liveSessionColumns,
  person: sessionPersonColumns,
  debtEpoch: currentDebtEpoch,
};

const liveSessionCondition = and(
  eq(debtorSessions.tokenHash, sql.placeholder('tokenHash')),
  eq(debtorSessions.partnerId, sql.placeholder('partnerId')),
  isNull(debtorSessions.revokedAt),
  gt(debtorSessions.expiresAt, sql.placeholder('now')),
  gt(debtorSessions.lastSeenAt, sql.placeholder('idleSince')),
);

// Every authenticated debtor call runs this lookup, but the debt listing, which runs it with its own reads (below).
const liveSessionQuery = preparedOnce((db) =>
  db
    .select(liveSessionFields)
    .from(debtorSessions)
    .innerJoin(persons, eq(persons.id, debtorSessions.personId))
    .where(liveSessionCondition)
    .limit(1)
    .prepare('debtor_live_session'),
);

/** The latest counter-offer the partner answered to one of the person's proposals in a store. */
export interface CounterOffer {
  storeId: number;
  entryCents: number | null;
  instalmentCount: number | null;
  instalmentCents: number | null;
  answerText: string | null;
  answeredAt: Date | null;
}

type CounterOfferTuple = [number, number | null, number | null, number | null, string | null, string | null];

/** What the debt listing (passo_2_novo) reads besides its session, read in the session's statement. */
export interface DebtListingNotes {
  /** The latest answered counter-offer of the person's proposals through this partner, by store. */
  counterOffers: CounterOffer[];
}

// The session lookup with the debt listing's other reads as subqueries of the session's person and partner: the
// listing is one statement (docs/performance.md, "API statements per call"). The instalments paid by a second copy are
// read with the debt snapshot (instalmentOwed), whose version a copy's payment raises (migration 0034).
const debtListingSessionQuery = preparedOnce((db) =>
  db
    .select({
      ...liveSessionFields,
      counterOffers: sql<CounterOfferTuple[]>`(select coalesce(json_agg(json_build_array(latest.store_id,
          latest.contra_entrada, latest.contra_quantidade_parcelas, latest.contra_valor_parcela, latest.answer_text,
          latest.answered_at)), '[]'::json)
        from (select distinct on (${debtorRequests.storeId}) ${debtorRequests.storeId} as store_id,
            ${debtorRequests.counterEntryCents} as contra_entrada,
            ${debtorRequests.counterInstalmentCount} as contra_quantidade_parcelas,
            ${debtorRequests.counterInstalmentCents} as contra_valor_parcela,
            ${debtorRequests.answerText} as answer_text, ${debtorRequests.answeredAt} as answered_at
          from ${debtorRequests}
          where ${debtorRequests.partnerId} = ${debtorSessions.partnerId}
            and ${debtorRequests.personId} = ${debtorSessions.personId}
            and ${debtorRequests.kind} = 'proposal' and ${debtorRequests.counterInstalmentCount} is not null
          order by ${debtorRequests.storeId}, ${debtorRequests.answeredAt} desc) latest)`,
    })
    .from(debtorSessions)
    .innerJoin(persons, eq(persons.id, debtorSessions.personId))
    .where(liveSessionCondition)
    .limit(1)
    .prepare('debtor_live_session_debt_listing'),
);

/**
 * What a debtor call's write checks in its own statement when it was computed from a session read by an earlier
 * request (plugins/debtor-session.ts `recent`, decision 083): the session is still live and open on its partner, of
 * the same person, whose debts are at the version and epoch that were read. Its parameters: sessionCheckParameters.
 */
export const sessionStillAsRead = and(
  liveSessionCondition,
  eq(debtorSessions.status, 'open'),
  eq(debtorSessions.personId, sql.placeholder('personId')),
  eq(persons.debtsVersion, sql.placeholder('debtsVersion')),
  sql`${currentDebtEpoch} = ${sql.placeholder('debtEpoch')}`,
);

const sessionParameters = (tokenHash: string, partnerId: number) => {
  const now = Date.now();
  return {
    tokenHash,
    partnerId,
    now: new Date(now).toISOString(),
    idleSince: new Date(now - SESSION_IDLE_MS).toISOString(),
  };
};

/**
 * A live session of this partner: not revoked, not past its absolute expiry, used within the idle time; with its
 * person, in one query.
 */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  partnerId: number,
): Promise<LiveSession | undefined> {
  const [row] = await liveSessionQuery(db).execute(sessionParameters(tokenHash, partnerId));
  return row;
}

/** findLiveSession with what the debt listing reads besides it, in the same statement. */
export async function findLiveSessionListingDebts(
  db: Db,
  tokenHash: string,
  partnerId: number,
): Promise<(LiveSession & DebtListingNotes) | undefined> {
  const [row] = await debtListingSessionQuery(db).execute(sessionParameters(tokenHash, partnerId));
  if (!row) return undefined;
  const { counterOffers, ...live } = row;
  return {
    ...live,
    counterOffers: counterOffers.map(
      ([storeId, entryCents, instalmentCount, instalmentCents, answerText, answeredAt]) => ({
        storeId,
        entryCents,
        instalmentCount,
        instalmentCents,
        answerText,
        answeredAt: answeredAt === null ? null : new Date(answeredAt),
      }),
    ),
  };
}

/** sessionStillAsRead's parameters for a session of `scope`'s person as it was read. */
export function sessionCheckParameters(
  tokenHash: string,
  scope: { partnerId: number; personId: number; version: { person: number; epoch: number } },
) {
  return Object.assign(sessionParameters(tokenHash, scope.partnerId), {
    personId: scope.personId,
    debtsVersion: scope.version.person,
    debtEpoch: scope.version.epoch,
  });
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
export async function markDebtsListed(db: Db, session: LiveSessionRow): Promise<void> {
  if (session.debtsListedAt) return;
  await db
    .update(debtorSessions)
    .set({ debtsListedAt: new Date() })
    .where(and(eq(debtorSessions.tokenHash, session.tokenHash), isNull(debtorSessions.debtsListedAt)));
}

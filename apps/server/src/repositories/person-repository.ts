import { and, eq, exists, inArray, type Placeholder, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '../db/client';
import {
  contracts,
  debtorSessions,
  instalments,
  partnerStores,
  personRegistrations,
  persons,
} from '../db/schema';
import { currentDebtEpoch, instalmentOwed, notDischarged } from './debt-repository';
import type { DebtorScope } from './debtor-scope';

export type PersonRow = typeof persons.$inferSelect;

// Every debtor query is scoped by partner: a person is known to a partner through contracts in its stores or a
// first access made on its portal.

/** The stores a partner serves, as a subquery of their ids. */
export const partnerStoreIds = (db: Db, partnerId: number | Placeholder) =>
  db.select({ id: partnerStores.storeId }).from(partnerStores).where(eq(partnerStores.partnerId, partnerId));

export async function findPersonByDocument(db: Db, cpfCnpj: string): Promise<PersonRow | undefined> {
  const [row] = await db.select().from(persons).where(eq(persons.cpfCnpj, cpfCnpj)).limit(1);
  return row;
}

/** The person is known to the partner (by contracts in its stores or a first access on its portal). */
const knownToPartner = (db: Db, partnerId: Placeholder) =>
  sql`(${exists(
    db
      .select({ one: sql`1` })
      .from(contracts)
      .where(
        and(eq(contracts.personId, persons.id), inArray(contracts.storeId, partnerStoreIds(db, partnerId))),
      ),
  )} or ${exists(
    db
      .select({ one: sql`1` })
      .from(personRegistrations)
      .where(and(eq(personRegistrations.personId, persons.id), eq(personRegistrations.partnerId, partnerId))),
  )})`;

const personKnownToPartnerQuery = preparedOnce((db) =>
  db
    .select()
    .from(persons)
    .where(
      and(eq(persons.cpfCnpj, sql.placeholder('cpfCnpj')), knownToPartner(db, sql.placeholder('partnerId'))),
    )
    .limit(1)
    .prepare('person_known_to_partner'),
);

export async function findPersonKnownToPartner(
  db: Db,
  partnerId: number,
  cpfCnpj: string,
): Promise<PersonRow | undefined> {
  const [row] = await personKnownToPartnerQuery(db).execute({ partnerId, cpfCnpj });
  return row;
}

/** Contracts of the person in the partner's stores that still have an unpaid instalment. */
const pendingDebtCount = (db: Db, partnerId: Placeholder, personId: Placeholder | typeof persons.id) =>
  db
    .select({ n: sql<number>`count(distinct ${contracts.id})` })
    .from(contracts)
    .innerJoin(instalments, eq(instalments.contractId, contracts.id))
    .where(
      and(
        eq(contracts.personId, personId),
        inArray(contracts.storeId, partnerStoreIds(db, partnerId)),
        instalmentOwed,
        notDischarged,
      ),
    );

// passo_1 in one round trip, as every identification attempt runs it (decision 012): the person known to the
// partner with the outcome of the birth-date and phone checks, the new session stored only when both pass, and
// (for an open session) the count of pending debts the answer carries. Two statements, with and without the count,
// so that PostgreSQL keeps one generic plan for each instead of planning the statement again on every call.
const identificationQuery = (openSession: boolean) =>
  preparedOnce((db) => {
    const partnerId = sql.placeholder('partnerId');
    const birthDate = sql.placeholder('birthDate');
    const phone = sql.placeholder('phone');
    const known = db.$with('known').as(
      db
        .select({
          id: persons.id,
          birthMatches:
            sql<boolean>`(${birthDate}::date is null or ${persons.birthDate} = ${birthDate}::date)`.as(
              'birth_matches',
            ),
          phoneMatches: sql<boolean>`(${phone}::text is null
          or regexp_replace(coalesce(${persons.phone}, ''), '\\D', '', 'g') = ${phone}::text)`.as(
            'phone_matches',
          ),
        })
        .from(persons)
        .where(and(eq(persons.cpfCnpj, sql.placeholder('cpfCnpj')), knownToPartner(db, partnerId)))
        .limit(1),
    );
    // Column names as in debtorSessions (schema/identification.ts). PostgreSQL runs a data-modifying WITH whether or
    // not the main query reads it.
    const started = db.$with('started', { personId: sql<number>`person_id` }).as(
      sql`insert into ${debtorSessions} (token_hash, partner_id, person_id, status, expires_at, canal_origem, cod_assessoria)
      select ${sql.placeholder('tokenHash')}, ${partnerId}, ${known.id}, ${sql.placeholder('status')},
        ${sql.placeholder('expiresAt')}::timestamptz, ${sql.placeholder('originChannel')}, ${sql.placeholder('advisoryCode')}
      from ${known} where ${known.birthMatches} and ${known.phoneMatches}
      returning person_id`,
    );
    return db
      .with(known, started)
      .select({
        // Only what the answer shows: every column more is parsed and mapped on each login attempt.
        person: { name: persons.name, cpfCnpj: persons.cpfCnpj, phone: persons.phone },
        birthMatches: known.birthMatches,
        phoneMatches: known.phoneMatches,
        pendingDebts: openSession
          ? sql<number>`(${pendingDebtCount(db, partnerId, persons.id)})`
          : sql<number>`0`,
      })
      .from(persons)
      .innerJoin(known, eq(known.id, persons.id))
      .prepare(openSession ? 'identify_person_open' : 'identify_person_pending');
  });
const identifyForOpenSession = identificationQuery(true);
const identifyForPendingSession = identificationQuery(false);

export interface IdentificationAttempt {
  partnerId: number;
  cpfCnpj: string;
  /** The birth date to check (ISO), or null when the partner does not ask for it. */
  birthDate: string | null;
  /** The phone to check (digits), or null when the partner does not ask for it. */
  phone: string | null;
  /** The session to store when the checks pass. */
  session: Omit<typeof debtorSessions.$inferInsert, 'partnerId' | 'personId'> & { expiresAt: Date };
}

/** What an identification answer shows of the person (identified-answer.ts). */
export type IdentifiedPerson = Pick<PersonRow, 'name' | 'cpfCnpj' | 'phone'>;

export interface Identification {
  person: IdentifiedPerson;
  birthMatches: boolean;
  phoneMatches: boolean;
  /** Pending debts on the partner, counted for an open session only (0 otherwise). */
  pendingDebts: number;
}

/** The person known to the partner, and their new session when the checks pass; undefined for an unknown document. */
export async function identifyPerson(
  db: Db,
  attempt: IdentificationAttempt,
): Promise<Identification | undefined> {
  const { session } = attempt;
  const query = session.status === 'open' ? identifyForOpenSession : identifyForPendingSession;
  const [row] = await query(db).execute({
    partnerId: attempt.partnerId,
    cpfCnpj: attempt.cpfCnpj,
    birthDate: attempt.birthDate,
    phone: attempt.phone,
    tokenHash: session.tokenHash,
    status: session.status,
    expiresAt: session.expiresAt.toISOString(),
    originChannel: session.originChannel ?? null,
    advisoryCode: session.advisoryCode ?? null,
  });
  return row && { ...row, pendingDebts: Number(row.pendingDebts) };
}

const pendingDebtsQuery = preparedOnce((db) =>
  pendingDebtCount(db, sql.placeholder('partnerId'), sql.placeholder('personId')).prepare(
    'pending_debt_count',
  ),
);

/**
 * The person's debts version this instant, read under a lock on the person's row held for the rest of the
 * transaction: a write that changes it (a copy's payment, an agreement: migrations 0008, 0034) waits for the
 * transaction, or was committed before and is counted. With it, the debt epoch a portfolio import raises (unlocked).
 */
export async function lockDebtsVersion(db: Db, personId: number): Promise<{ person: number; epoch: number }> {
  const [row] = await db
    .select({ person: persons.debtsVersion, epoch: currentDebtEpoch })
    .from(persons)
    .where(eq(persons.id, personId))
    .for('no key update', { of: persons });
  return row!;
}

export async function countPendingDebts(db: Db, scope: DebtorScope): Promise<number> {
  const [row] = await pendingDebtsQuery(db).execute({ partnerId: scope.partnerId, personId: scope.personId });
  return Number(row?.n ?? 0);
}

/**
 * The person with this document: a new one from the first-access form, or the one on file (left as it is). A first
 * access made at the same time for the same document waits for the other's insert and gets its person, so the
 * document is never on file twice and nobody meets a unique violation.
 */
export async function insertOrFindPerson(
  db: Db,
  person: Pick<
    typeof persons.$inferInsert,
    'cpfCnpj' | 'name' | 'birthDate' | 'phone' | 'email' | 'gender' | 'selfDeclared'
  >,
): Promise<number> {
  const [inserted] = await db
    .insert(persons)
    .values(person)
    .onConflictDoNothing({ target: persons.cpfCnpj })
    .returning({ id: persons.id });
  if (inserted) return inserted.id;
  const [existing] = await db
    .select({ id: persons.id })
    .from(persons)
    .where(eq(persons.cpfCnpj, person.cpfCnpj))
    .limit(1);
  return existing!.id;
}

/** The person made a first access on the partner's portal; false when they had (kept once). */
export async function registerPersonWithPartner(
  db: Db,
  partnerId: number,
  personId: number,
): Promise<boolean> {
  const registered = await db
    .insert(personRegistrations)
    .values({ partnerId, personId })
    .onConflictDoNothing()
    .returning({ personId: personRegistrations.personId });
  return registered.length > 0;
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, exists, inArray, type Placeholder, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '../db/client';
import { contracts, instalments, partnerStores, personRegistrations, persons } from '../db/schema';

export type PersonRow = typeof persons.$inferSelect;

// Every debtor query is scoped by partner: a person is known to a partner through contracts in its stores or a
// first access made on its portal.

const partnerStoreIds = (db: Db, partnerId: number | Placeholder) =>
  db.select({ id: partnerStores.storeId }).from(partnerStores).where(eq(partnerStores.partnerId, partnerId));

export async function findPersonByDocument(db: Db, cpfCnpj: string): Promise<PersonRow | undefined> {
  const [row] = await db.select().from(persons).where(eq(persons.cpfCnpj, cpfCnpj)).limit(1);
  return row;
}

// The identification (passo_1) runs this on every attempt: prepared once per database.
const personKnownToPartnerQuery = preparedOnce((db) => {
  const partnerId = sql.placeholder('partnerId');
  return db
    .select()
    .from(persons)
    .where(
      and(
        eq(persons.cpfCnpj, sql.placeholder('cpfCnpj')),
        sql`(${exists(
          db
            .select({ one: sql`1` })
            .from(contracts)
            .where(
              and(
                eq(contracts.personId, persons.id),
                inArray(contracts.storeId, partnerStoreIds(db, partnerId)),
              ),
            ),
        )} or ${exists(
          db
            .select({ one: sql`1` })
            .from(personRegistrations)
            .where(
              and(eq(personRegistrations.personId, persons.id), eq(personRegistrations.partnerId, partnerId)),
            ),
        )})`,
      ),
    )
    .limit(1)
    .prepare('person_known_to_partner');
});

export async function findPersonKnownToPartner(
  db: Db,
  partnerId: number,
  cpfCnpj: string,
): Promise<PersonRow | undefined> {
  const [row] = await personKnownToPartnerQuery(db).execute({ partnerId, cpfCnpj });
  return row;
}

// The person rows a request has already read (with its session, in the same query), so that the services that look
// the session's person up again by id do not query for it a second time. One memo per request: the debtor-session
// plugin runs each handler inside withRequestPersons.
const requestPersons = new AsyncLocalStorage<Map<number, PersonRow>>();

/** Runs `fn` (a request's handler) with its own memo of person rows. */
export const withRequestPersons = <T>(fn: () => T): T => requestPersons.run(new Map(), fn);

/** Keeps a person row read by this request (outside withRequestPersons: nothing is kept). */
export function rememberRequestPerson(person: PersonRow): void {
  requestPersons.getStore()?.set(person.id, person);
}

const personByIdQuery = preparedOnce((db) =>
  db
    .select()
    .from(persons)
    .where(eq(persons.id, sql.placeholder('personId')))
    .limit(1)
    .prepare('person_by_id'),
);

/** The person by id: the row this request already read with its session, or from the database. */
export async function findPersonById(db: Db, personId: number): Promise<PersonRow | undefined> {
  const known = requestPersons.getStore()?.get(personId);
  if (known) return known;
  const [row] = await personByIdQuery(db).execute({ personId });
  return row;
}

const pendingDebtsQuery = preparedOnce((db) =>
  db
    .select({ n: sql<number>`count(distinct ${contracts.id})` })
    .from(contracts)
    .innerJoin(instalments, eq(instalments.contractId, contracts.id))
    .where(
      and(
        eq(contracts.personId, sql.placeholder('personId')),
        inArray(contracts.storeId, partnerStoreIds(db, sql.placeholder('partnerId'))),
        eq(instalments.paid, false),
      ),
    )
    .prepare('pending_debt_count'),
);

/** Contracts of the person in the partner's stores that still have an unpaid instalment. */
export async function countPendingDebts(db: Db, partnerId: number, personId: number): Promise<number> {
  const [row] = await pendingDebtsQuery(db).execute({ partnerId, personId });
  return Number(row?.n ?? 0);
}

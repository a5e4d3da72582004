import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contracts, instalments, persons, secondCopies, stores } from '../db/schema';
import type { StoreRow } from './debt-repository';
import type { DebtorScope } from './debtor-scope';
import type { PersonRow } from './person-repository';

export type SecondCopyRow = typeof secondCopies.$inferSelect;

/** What identifies a second copy: the same instalment, due date and value give the same boleto. */
export interface SecondCopyKey {
  instalmentId: number;
  dueDate: string;
  amountCents: number;
}

/** One second copy of the scope person on the scope partner; undefined when there is none. */
export async function findSecondCopyInScope(
  db: Db,
  scope: DebtorScope,
  id: number,
): Promise<SecondCopyRow | undefined> {
  const [copy] = await db
    .select()
    .from(secondCopies)
    .where(
      and(
        eq(secondCopies.id, id),
        eq(secondCopies.partnerId, scope.partnerId),
        eq(secondCopies.personId, scope.personId),
      ),
    )
    .limit(1);
  return copy;
}

/**
 * The second copy already issued for this instalment, due date and value. The caller found the instalment among the
 * scope person's debts; the copy is shared whichever of the person's partners issued it.
 */
export async function findSameSecondCopy(db: Db, key: SecondCopyKey): Promise<SecondCopyRow | undefined> {
  const [copy] = await db
    .select()
    .from(secondCopies)
    .where(
      and(
        eq(secondCopies.instalmentId, key.instalmentId),
        eq(secondCopies.dueDate, key.dueDate),
        eq(secondCopies.amountCents, key.amountCents),
      ),
    )
    .limit(1);
  return copy;
}

/** Stores a second copy of the scope person; undefined when another request issued the same one in between. */
export async function insertSecondCopy(
  db: Db,
  scope: DebtorScope,
  copy: Omit<typeof secondCopies.$inferInsert, 'partnerId' | 'personId' | 'createdAt'> & SecondCopyKey,
): Promise<SecondCopyRow | undefined> {
  const [created] = await db
    .insert(secondCopies)
    .values({ ...copy, partnerId: scope.partnerId, personId: scope.personId })
    .onConflictDoNothing()
    .returning();
  return created;
}

/** What the printed boleto of a second copy (found by findSecondCopyInScope, so in scope) shows of its debt. */
export async function findSecondCopyDebt(
  db: Db,
  copy: SecondCopyRow,
): Promise<
  { store: StoreRow; person: PersonRow; contractNumber: string; instalmentNumber: number } | undefined
> {
  const [row] = await db
    .select({
      store: stores,
      person: persons,
      contractNumber: contracts.number,
      instalmentNumber: instalments.number,
    })
    .from(instalments)
    .innerJoin(contracts, eq(contracts.id, instalments.contractId))
    .innerJoin(stores, eq(stores.id, contracts.storeId))
    .innerJoin(persons, eq(persons.id, contracts.personId))
    .where(eq(instalments.id, copy.instalmentId))
    .limit(1);
  return row;
}

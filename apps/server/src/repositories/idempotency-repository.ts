import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { DebtorScope } from './debtor-scope';

export type IdempotencyClaim = { fresh: true } | { fresh: false; requestHash: string; answer: unknown };

/**
 * Takes an Idempotency-Key for the scope person, in the caller's transaction: fresh when this request is the first
 * with the key. A concurrent request with the same key waits here until the first commits (then reads its answer)
 * or rolls back (then takes the key itself).
 */
export async function claimIdempotencyKey(
  db: Db,
  scope: DebtorScope,
  input: { key: string; action: string; requestHash: string },
): Promise<IdempotencyClaim> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ partnerId: scope.partnerId, personId: scope.personId, ...input })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { fresh: true };
  const [first] = await db
    .select({
      action: idempotencyKeys.action,
      requestHash: idempotencyKeys.requestHash,
      answer: idempotencyKeys.answer,
    })
    .from(idempotencyKeys)
    .where(keyOf(scope, input.key));
  // Another action's key is another request: same refusal as a changed body.
  return {
    fresh: false,
    requestHash: first!.action === input.action ? first!.requestHash : '',
    answer: first!.answer === null ? null : JSON.parse(first!.answer),
  };
}

/** The answer a retry with the key gets; written in the transaction that took the key. */
export async function saveIdempotentAnswer(
  db: Db,
  scope: DebtorScope,
  key: string,
  answer: unknown,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ answer: JSON.stringify(answer) })
    .where(keyOf(scope, key));
}

const keyOf = (scope: DebtorScope, key: string) =>
  and(
    eq(idempotencyKeys.partnerId, scope.partnerId),
    eq(idempotencyKeys.personId, scope.personId),
    eq(idempotencyKeys.key, key),
  );

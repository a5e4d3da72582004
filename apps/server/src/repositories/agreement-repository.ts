import type { PlanQuote } from '@portal/domain';
import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  agreementContracts,
  agreementCoveredInstalments,
  agreements,
  instalments,
  ONE_ACTIVE_AGREEMENT_PER_CONTRACT,
  preAgreements,
} from '../db/schema';
import { violatedUniqueConstraint } from '../db/unique-violation';
import { AppError } from '../errors';
import { instalmentOwed, notDischarged } from './debt-repository';
import type { DebtorScope } from './debtor-scope';
import { planOfCode } from './plan-repository';

/** One plan of a search (pre_agreements), with what its search says of it: what passo_4_novo records. */
export type IssuedPlanRow = Omit<typeof preAgreements.$inferSelect, 'plans'> &
  Omit<PlanQuote, 'discountCents' | 'discountPercent'>;

/**
 * Marks as used the search of a plan issued to this session of the scope's partner, unexpired and not used before,
 * and returns the plan; undefined when there is none. Run in the transaction that records the agreement: a search's
 * plans are accepted at most once.
 */
export async function claimIssuedPlan(
  db: Db,
  scope: DebtorScope,
  sessionHash: string,
  code: number,
): Promise<IssuedPlanRow | undefined> {
  const { searchId, place } = planOfCode(code);
  const [search] = await db
    .update(preAgreements)
    .set({ usedAt: new Date(), usedPlan: place })
    .where(
      and(
        eq(preAgreements.id, searchId),
        eq(preAgreements.sessionHash, sessionHash),
        eq(preAgreements.partnerId, scope.partnerId),
        gt(preAgreements.expiresAt, new Date()),
        isNull(preAgreements.usedAt),
        sql`jsonb_array_length(${preAgreements.plans}) > ${place}`,
      ),
    )
    .returning();
  if (!search) return undefined;
  const { plans, ...rest } = search;
  const [instalmentCount, entryCents, instalmentCents, totalCents, futureIncluded, futureTotalCents] =
    plans[place]!;
  return {
    ...rest,
    instalmentCount,
    entryCents,
    instalmentCents,
    totalCents,
    futureIncluded,
    futureTotalCents,
  };
}

/**
 * The contracts of the search a plan code belongs to when that search, issued to this session of the scope's
 * partner, was already claimed (one of its plans became an agreement); undefined otherwise.
 */
export async function usedSearchContracts(
  db: Db,
  scope: DebtorScope,
  sessionHash: string,
  code: number,
): Promise<number[] | undefined> {
  const [search] = await db
    .select({ contractIds: preAgreements.contractIds })
    .from(preAgreements)
    .where(
      and(
        eq(preAgreements.id, planOfCode(code).searchId),
        eq(preAgreements.sessionHash, sessionHash),
        eq(preAgreements.partnerId, scope.partnerId),
        isNotNull(preAgreements.usedAt),
      ),
    );
  return search?.contractIds;
}

/**
 * Records the scope person's agreement on the plan's terms over the plan's contracts. A contract already under an
 * active agreement, through any partner, is refused by the database's unique index (ACTIVE_AGREEMENT): no
 * interleaving of requests makes a second one.
 */
export async function insertAgreement(
  db: Db,
  scope: DebtorScope,
  plan: IssuedPlanRow,
  contact: { phone: string | null; email: string | null },
): Promise<number> {
  try {
    const [row] = await db
      .insert(agreements)
      .values({
        partnerId: scope.partnerId,
        personId: scope.personId,
        storeId: plan.storeId,
        preAgreementId: plan.id,
        paymentMethod: plan.paymentMethod,
        instalmentCount: plan.instalmentCount,
        entryCents: plan.entryCents,
        instalmentCents: plan.instalmentCents,
        totalCents: plan.totalCents,
        firstDueDate: plan.firstDueDate,
        ...contact,
      })
      .returning({ id: agreements.id });
    await db
      .insert(agreementContracts)
      .values(plan.contractIds.map((contractId) => ({ agreementId: row!.id, contractId })));
    await recordCoveredInstalments(db, row!.id, plan.contractIds, plan.futureIncluded);
    return row!.id;
  } catch (error) {
    // Another agreement over one of these contracts was recorded first, or meanwhile (this insert waited for it).
    if (violatedUniqueConstraint(error) === ONE_ACTIVE_AGREEMENT_PER_CONTRACT)
      throw new AppError('ACTIVE_AGREEMENT');
    throw error;
  }
}

/**
 * The instalments the agreement settles, kept as they are now: the contracts' owed ones (instalmentOwed: what the
 * plan was quoted on) that no settled agreement discharged (notDischarged: the debts list leaves those out, so the plan
 * did not price them), with their future entries only when the plan included them.
 */
export async function recordCoveredInstalments(
  db: Db,
  agreementId: number,
  contractIds: readonly number[],
  futureIncluded: boolean,
): Promise<void> {
  await db.insert(agreementCoveredInstalments).select(
    db
      .select({
        agreementId: sql<number>`${agreementId}::integer`.as('aco_codigo'),
        instalmentId: instalments.id,
      })
      .from(instalments)
      .where(
        and(
          inArray(instalments.contractId, [...contractIds]),
          instalmentOwed,
          notDischarged,
          futureIncluded ? undefined : eq(instalments.futureEntry, false),
        ),
      ),
  );
}

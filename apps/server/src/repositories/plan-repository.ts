import type { PlanQuote } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '../db/client';
import { type IssuedPlanTuple, preAgreements } from '../db/schema';
import type { DebtorScope } from './debtor-scope';

/** What the plans of one search share besides their scope: the session, the debts and how they are paid. */
export interface PlanIssue {
  sessionHash: string;
  storeId: number;
  contractIds: number[];
  paymentMode: 'A' | 'P';
  paymentMethod: 'boleto' | 'pix' | 'cartao';
  cardBrand: string | null;
  cardForm: string | null;
  /** YYYY-MM-DD. */
  firstDueDate: string;
  source: 'local' | 'stage';
  /** The person's debts_version the debts were read at (the session's): passo_4_novo compares it. */
  debtsVersion: number;
  /** debt_view_epoch the debts were read at (the session's), and what the plans priced (debtsFingerprint). */
  debtEpoch: number;
  debtsFingerprint: string;
  expiresAt: Date;
}

/**
 * A plan's code on the wire: its search's code and its place among the search's plans (decision 076). A search has
 * at most PLANS_PER_SEARCH plans (a store offers at most 120 instalments, and one mode is searched at a time).
 */
export const PLANS_PER_SEARCH = 128;
export const planCode = (searchId: number, place: number): number => searchId * PLANS_PER_SEARCH + place;
export const planOfCode = (code: number): { searchId: number; place: number } => ({
  searchId: Math.floor(code / PLANS_PER_SEARCH),
  place: code % PLANS_PER_SEARCH,
});

// One row per search, its plans one JSON parameter: a statement of fixed text that PostgreSQL prepares once per
// connection and that writes one row, whatever the number of plans (decision 076). Built once (preparedOnce).
const issuePlansQuery = preparedOnce((db) =>
  db
    .insert(preAgreements)
    .values({
      sessionHash: sql.placeholder('sessionHash'),
      partnerId: sql.placeholder('partnerId'),
      personId: sql.placeholder('personId'),
      storeId: sql.placeholder('storeId'),
      contractIds: sql.placeholder('contractIds'),
      paymentMode: sql.placeholder('paymentMode'),
      paymentMethod: sql.placeholder('paymentMethod'),
      cardBrand: sql.placeholder('cardBrand'),
      cardForm: sql.placeholder('cardForm'),
      plans: sql.placeholder('plans'),
      firstDueDate: sql.placeholder('firstDueDate'),
      source: sql.placeholder('source'),
      debtsVersion: sql.placeholder('debtsVersion'),
      debtEpoch: sql.placeholder('debtEpoch'),
      debtsFingerprint: sql.placeholder('debtsFingerprint'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .returning({ id: preAgreements.id })
    .prepare('issue_plans'),
);

/** Stores the plans of one search (passo_3_novo) and returns their codes, in the order of `quotes`. */
export async function issuePlans(
  db: Db,
  scope: DebtorScope,
  issue: PlanIssue,
  quotes: readonly PlanQuote[],
): Promise<number[]> {
  if (quotes.length === 0) return [];
  const plans = quotes.map(
    (q): IssuedPlanTuple => [
      q.instalmentCount,
      q.entryCents,
      q.instalmentCents,
      q.totalCents,
      q.futureIncluded,
      q.futureTotalCents,
    ],
  );
  const [row] = await issuePlansQuery(db).execute({
    sessionHash: issue.sessionHash,
    partnerId: scope.partnerId,
    personId: scope.personId,
    storeId: issue.storeId,
    contractIds: issue.contractIds,
    paymentMode: issue.paymentMode,
    paymentMethod: issue.paymentMethod,
    cardBrand: issue.cardBrand,
    cardForm: issue.cardForm,
    plans,
    firstDueDate: issue.firstDueDate,
    source: issue.source,
    debtsVersion: issue.debtsVersion,
    debtEpoch: issue.debtEpoch,
    debtsFingerprint: issue.debtsFingerprint,
    expiresAt: issue.expiresAt,
  });
  return plans.map((_, place) => planCode(row!.id, place));
}

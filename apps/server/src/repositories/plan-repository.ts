import type { PlanQuote } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '../db/client';
import { debtorSessions, type IssuedPlanTuple, persons, preAgreements } from '../db/schema';
import type { DebtScope } from './debt-snapshot';
import { sessionCheckParameters, sessionStillAsRead } from './session-repository';

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
  /** A digest of the instalments the plans priced; the debts' version and epoch are the scope's (the session's). */
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
// connection and that writes one row, whatever the number of plans (decision 076). The row is written only while the
// session it is for is still as it was read (sessionStillAsRead): the quotes may come from a session an earlier request
// read (decision 083), and this statement is then the call's only one. An insert from a select names every column, so
// the key, the creation time and the unused claim are written as their defaults would be; the select's fields go to
// the table's columns by position, so they follow preAgreements' order. Built once (preparedOnce).
const parameterAs = (name: string, column: string) => sql`${sql.placeholder(name)}`.as(column);
const issuePlansQuery = preparedOnce((db) =>
  db
    .insert(preAgreements)
    .select(
      db
        .select({
          id: sql`nextval('pre_agreements_pra_codigo_seq')`.as('pra_codigo'),
          sessionHash: debtorSessions.tokenHash,
          partnerId: debtorSessions.partnerId,
          personId: debtorSessions.personId,
          storeId: parameterAs('storeId', 'store_id'),
          contractIds: parameterAs('contractIds', 'contract_ids'),
          paymentMode: parameterAs('paymentMode', 'pagamento_avista_prazo'),
          paymentMethod: parameterAs('paymentMethod', 'metodo_pagamento'),
          cardBrand: parameterAs('cardBrand', 'bandeira_cartao'),
          cardForm: parameterAs('cardForm', 'forma_cartao'),
          plans: parameterAs('plans', 'planos'),
          firstDueDate: parameterAs('firstDueDate', 'pra_primeiro_vcto'),
          source: parameterAs('source', 'origem'),
          debtsVersion: parameterAs('debtsVersion', 'debts_version'),
          debtEpoch: parameterAs('debtEpoch', 'debt_epoch'),
          debtsFingerprint: parameterAs('debtsFingerprint', 'debts_fingerprint'),
          expiresAt: parameterAs('expiresAt', 'expires_at'),
          usedAt: sql`null`.as('used_at'),
          usedPlan: sql`null`.as('plano_usado'),
          createdAt: sql`now()`.as('created_at'),
        })
        .from(debtorSessions)
        .innerJoin(persons, eq(persons.id, debtorSessions.personId))
        .where(sessionStillAsRead),
    )
    .returning({ id: preAgreements.id })
    .prepare('issue_plans'),
);

/**
 * Stores the plans of one search (passo_3_novo) for the session of `issue.sessionHash` and returns their codes, in
 * the order of `quotes`; undefined, storing nothing, when that session is no longer live and open or its person's
 * debts are no longer at `scope.version` (sessionStillAsRead).
 */
export async function issuePlans(
  db: Db,
  scope: DebtScope,
  issue: PlanIssue,
  quotes: readonly PlanQuote[],
): Promise<number[] | undefined> {
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
  // Added to the session's parameters rather than spread with them: on Node.js 20 a spread followed by more
  // properties costs about a microsecond (docs/performance.md).
  const [row] = await issuePlansQuery(db).execute(
    Object.assign(sessionCheckParameters(issue.sessionHash, scope), {
      storeId: issue.storeId,
      // Values of the select list have no column to encode them: the JSON columns get their text.
      contractIds: JSON.stringify(issue.contractIds),
      paymentMode: issue.paymentMode,
      paymentMethod: issue.paymentMethod,
      cardBrand: issue.cardBrand,
      cardForm: issue.cardForm,
      plans: JSON.stringify(plans),
      firstDueDate: issue.firstDueDate,
      source: issue.source,
      debtsFingerprint: issue.debtsFingerprint,
      expiresAt: issue.expiresAt,
    }),
  );
  return row && plans.map((_, place) => planCode(row.id, place));
}

import type { PlanQuote } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '../db/client';
import { preAgreements } from '../db/schema';
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

// One statement of fixed text whatever the number of plans (they travel as one JSON parameter), so PostgreSQL
// prepares it once per connection; a multi-row insert had a different text per plan count and as many parameters as
// values. Built once (preparedOnce): passo_3_novo built it with Drizzle on every call.
const issuePlansQuery = preparedOnce((db) => {
  const issued = db.$with('issued', { id: sql<number>`id`.as('id') }).as(sql`
    insert into ${preAgreements} (session_hash, partner_id, person_id, store_id, contract_ids,
      pagamento_avista_prazo, metodo_pagamento, bandeira_cartao, forma_cartao, pra_quantidade, pra_valor_entrada,
      pra_valor_parcela, valor_total_acordo, pra_primeiro_vcto, valor_futuro_incluso, valor_futuro_total, origem,
      debts_version, debt_epoch, debts_fingerprint, expires_at)
    select ${sql.placeholder('sessionHash')}::text, ${sql.placeholder('partnerId')}::int,
      ${sql.placeholder('personId')}::int, ${sql.placeholder('storeId')}::int,
      ${sql.placeholder('contractIds')}::jsonb, ${sql.placeholder('paymentMode')}::text,
      ${sql.placeholder('paymentMethod')}::text, ${sql.placeholder('cardBrand')}::text,
      ${sql.placeholder('cardForm')}::text, (p->>0)::int, (p->>1)::bigint, (p->>2)::bigint, (p->>3)::bigint,
      ${sql.placeholder('firstDueDate')}::date, (p->>4)::boolean, (p->>5)::bigint, ${sql.placeholder('source')}::text,
      ${sql.placeholder('debtsVersion')}::bigint, ${sql.placeholder('debtEpoch')}::bigint,
      ${sql.placeholder('debtsFingerprint')}::text, ${sql.placeholder('expiresAt')}::timestamptz
    from jsonb_array_elements(${sql.placeholder('plans')}::jsonb) with ordinality as plan(p, n)
    order by n
    returning pra_codigo as id`);
  // Codes are drawn in insertion order, which follows the plans' order.
  return db.with(issued).select({ id: issued.id }).from(issued).orderBy(issued.id).prepare('issue_plans');
});

/** Stores the plans of one search (passo_3_novo) and returns their codes, in the order of `quotes`. */
export async function issuePlans(
  db: Db,
  scope: DebtorScope,
  issue: PlanIssue,
  quotes: readonly PlanQuote[],
): Promise<number[]> {
  if (quotes.length === 0) return [];
  const plans = quotes.map((q) => [
    q.instalmentCount,
    q.entryCents,
    q.instalmentCents,
    q.totalCents,
    q.futureIncluded,
    q.futureTotalCents,
  ]);
  const rows = await issuePlansQuery(db).execute({
    sessionHash: issue.sessionHash,
    partnerId: scope.partnerId,
    personId: scope.personId,
    storeId: issue.storeId,
    contractIds: JSON.stringify(issue.contractIds),
    paymentMode: issue.paymentMode,
    paymentMethod: issue.paymentMethod,
    cardBrand: issue.cardBrand,
    cardForm: issue.cardForm,
    firstDueDate: issue.firstDueDate,
    source: issue.source,
    debtsVersion: issue.debtsVersion,
    debtEpoch: issue.debtEpoch,
    debtsFingerprint: issue.debtsFingerprint,
    expiresAt: issue.expiresAt.toISOString(),
    plans: JSON.stringify(plans),
  });
  return rows.map((row) => Number(row.id));
}

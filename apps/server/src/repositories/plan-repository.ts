import type { PlanQuote } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
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
  expiresAt: Date;
}

/**
 * Stores the plans of one search (passo_3_novo) and returns their codes, in the order of `quotes`. One statement of
 * fixed text whatever the number of plans (they travel as one JSON parameter), so PostgreSQL prepares it once per
 * connection; a multi-row insert had a different text per plan count and as many parameters as values.
 */
export async function issuePlans(
  db: Db,
  scope: DebtorScope,
  issue: PlanIssue,
  quotes: PlanQuote[],
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
  const result = await db.execute<{ id: number }>(sql`
    insert into ${preAgreements} (session_hash, partner_id, person_id, store_id, contract_ids,
      pagamento_avista_prazo, metodo_pagamento, bandeira_cartao, forma_cartao, pra_quantidade, pra_valor_entrada,
      pra_valor_parcela, valor_total_acordo, pra_primeiro_vcto, valor_futuro_incluso, valor_futuro_total, origem,
      expires_at)
    select ${issue.sessionHash}, ${scope.partnerId}::int, ${scope.personId}::int, ${issue.storeId}::int,
      ${JSON.stringify(issue.contractIds)}::jsonb, ${issue.paymentMode}, ${issue.paymentMethod},
      ${issue.cardBrand}::text, ${issue.cardForm}::text, (p->>0)::int, (p->>1)::bigint, (p->>2)::bigint,
      (p->>3)::bigint, ${issue.firstDueDate}::date, (p->>4)::boolean, (p->>5)::bigint, ${issue.source},
      ${issue.expiresAt.toISOString()}::timestamptz
    from jsonb_array_elements(${JSON.stringify(plans)}::jsonb) with ordinality as plan(p, n)
    order by n
    returning pra_codigo as id`);
  // Codes are drawn in insertion order, which follows the plans' order.
  return result.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

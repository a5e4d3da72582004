import {
  brasiliaTimestamp,
  instalmentLabel,
  type UnappliedMoneyItem,
  type UnappliedMoneyPage,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { listStoreOptions } from '../../repositories/agreement-admin-repository';
import type { StaffScope } from '../../repositories/staff-scope';
import {
  listUnappliedMoneyRows,
  type UnappliedMoneyFilters,
  type UnappliedMoneyRow,
} from '../../repositories/unapplied-money-repository';
import { pageMeta } from '../reporting/page-meta';

/** Unapplied amounts per page of GET /api/gestao/nao-aplicados. */
export const UNAPPLIED_MONEY_PER_PAGE = 20;

export function toUnappliedMoneyItem(row: UnappliedMoneyRow): UnappliedMoneyItem {
  const { resolution } = row;
  return {
    id: row.id,
    data: row.occurredOn,
    valor: Number(row.amountCents),
    causa: row.cause,
    motivo: row.reason,
    aco_codigo: row.agreementId,
    parcela: instalmentLabel(row.instalmentNumber, row.instalmentCount),
    parceiro: { id: row.partnerId, nome: row.partnerName },
    loja: { id: row.storeId, nome: row.storeName },
    resolucao: resolution
      ? {
          tipo: resolution.resolution,
          motivo: resolution.reason,
          usuario: resolution.username,
          em: brasiliaTimestamp(resolution.createdAt),
        }
      : null,
  };
}

/**
 * GET /api/gestao/nao-aplicados (decision 063): the scope's money that paid no instalment (decision 049) on the
 * period's Brasília days, newest first, a page at a time, pending or resolved, with the stores the filter offers.
 */
export async function listUnappliedMoney(
  db: Db,
  scope: StaffScope,
  filters: UnappliedMoneyFilters,
  page: number,
): Promise<UnappliedMoneyPage> {
  const [{ rows, total }, lojas] = await Promise.all([
    listUnappliedMoneyRows(db, scope, filters, {
      limit: UNAPPLIED_MONEY_PER_PAGE,
      offset: (page - 1) * UNAPPLIED_MONEY_PER_PAGE,
    }),
    listStoreOptions(db, scope),
  ]);
  return {
    data: rows.map(toUnappliedMoneyItem),
    meta: pageMeta(page, UNAPPLIED_MONEY_PER_PAGE, total),
    lojas,
  };
}

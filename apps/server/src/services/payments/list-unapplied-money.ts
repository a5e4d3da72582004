import {
  brasiliaTimestamp,
  instalmentLabel,
  type UnappliedMoneyItem,
  type UnappliedMoneyPage,
  type UnappliedOrigin,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { listStoreOptions } from '../../repositories/agreement-admin-repository';
import type { StaffScope } from '../../repositories/staff-scope';
import {
  listUnappliedMoneyRows,
  type UnappliedMoneyFilters,
  type UnappliedMoneyOrigin,
  type UnappliedMoneyRow,
} from '../../repositories/unapplied-money-repository';
import { pageMeta } from '../reporting/page-meta';

/** Unapplied amounts per page of GET /api/gestao/nao-aplicados. */
export const UNAPPLIED_MONEY_PER_PAGE = 20;

const ORIGIN: Record<UnappliedMoneyOrigin, UnappliedOrigin> = {
  agreement: 'acordo',
  second_copy: 'segunda_via',
};

export function toUnappliedMoneyItem(row: UnappliedMoneyRow): UnappliedMoneyItem {
  return {
    id: row.id,
    origem: ORIGIN[row.origin],
    data: row.occurredOn,
    valor: Number(row.amountCents),
    causa: row.cause,
    motivo: row.unappliedReason,
    aco_codigo: row.agreementId,
    parcela:
      row.contractNumber === null
        ? instalmentLabel(row.instalmentNumber, row.instalmentCount ?? 0)
        : `Contrato ${row.contractNumber} - parcela ${row.instalmentNumber}`,
    parceiro: { id: row.partnerId, nome: row.partnerName },
    loja: { id: row.storeId, nome: row.storeName },
    resolucao:
      row.resolution === null
        ? null
        : {
            tipo: row.resolution,
            motivo: row.reason,
            usuario: row.username,
            em: brasiliaTimestamp(row.resolvedAt),
          },
  };
}

/**
 * GET /api/gestao/nao-aplicados (decision 063): the scope's money that paid nothing (decisions 049, 061) on the
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

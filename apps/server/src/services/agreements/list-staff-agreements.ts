import {
  type AgreementAdminItem,
  type AgreementAdminPage,
  brasiliaTimestamp,
  maskCpfCnpj,
} from '@portal/domain';
import type { Db } from '../../db/client';
import {
  type AgreementAdminFilters,
  type AgreementAdminRow,
  listAgreementRows,
  listStoreOptions,
} from '../../repositories/agreement-admin-repository';
import type { StaffScope } from '../../repositories/staff-scope';
import { pageMeta } from '../reporting/page-meta';

/** Agreements per page of GET /api/gestao/acordos. */
export const STAFF_AGREEMENTS_PER_PAGE = 20;
/** The spreadsheet's cap: a wider export is narrowed by its filters. */
export const AGREEMENTS_SHEET_MAX_ROWS = 50_000;

export function toAgreementAdminItem(row: AgreementAdminRow): AgreementAdminItem {
  const { agreement } = row;
  return {
    aco_codigo: agreement.id,
    data_acordo: brasiliaTimestamp(agreement.createdAt),
    parceiro: { id: agreement.partnerId, nome: row.partnerName },
    loja: { id: agreement.storeId, nome: row.storeName },
    devedor: { nome: row.personName, cpf_cnpj: maskCpfCnpj(row.personCpfCnpj) },
    forma_pagamento: agreement.paymentMethod,
    quantidade_parcelas: agreement.instalmentCount,
    valor_negociado: agreement.totalCents,
    valor_entrada: agreement.entryCents,
    valor_pago: row.paidCents,
    status: agreement.status,
  };
}

/**
 * The back office's agreements (issue 18 item 3): the scope's agreements by the filters, newest first, a page at a
 * time like the other lists, with the stores the filter offers; `page` 0 is the spreadsheet's read, every matching
 * agreement up to AGREEMENTS_SHEET_MAX_ROWS.
 */
export async function listStaffAgreements(
  db: Db,
  scope: StaffScope,
  filters: AgreementAdminFilters,
  page: number,
): Promise<AgreementAdminPage> {
  const perPage = page === 0 ? AGREEMENTS_SHEET_MAX_ROWS : STAFF_AGREEMENTS_PER_PAGE;
  const [{ rows, total }, lojas] = await Promise.all([
    listAgreementRows(db, scope, filters, { limit: perPage, offset: Math.max(0, page - 1) * perPage }),
    listStoreOptions(db, scope),
  ]);
  return {
    data: rows.map(toAgreementAdminItem),
    meta: pageMeta(page, perPage, total),
    lojas,
  };
}

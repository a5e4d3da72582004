import {
  type AuditItem,
  brasiliaTimestamp,
  type PageMeta,
  type ReportPeriod,
  reportPeriodInstants,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { type AuditRow, listAuditRows } from '../../repositories/audit-repository';
import { pageMeta } from '../reporting/page-meta';

/** Rows per page of GET /api/auditoria. */
export const AUDIT_PER_PAGE = 50;
/** The spreadsheet's cap: a wider export is narrowed by its filters (the sheet says how many were left out). */
export const AUDIT_SHEET_MAX_ROWS = 50_000;

export interface AuditQuery {
  staffUserId?: number | undefined;
  entity?: string | undefined;
  period?: ReportPeriod | undefined;
}

function toAuditItem(row: AuditRow): AuditItem {
  return {
    id: row.id,
    em: brasiliaTimestamp(row.at),
    usuario_id: row.staffUserId,
    usuario: row.username,
    ip: row.ip,
    rota: row.route,
    acao: row.action,
    entidade: row.entity,
    entidade_id: row.entityId,
    antes: row.before,
    depois: row.after,
  };
}

/**
 * GET /api/auditoria (administrators; decision 024): the audit trail newest first, filtered by staff user, entity
 * and Brasília days; `page` 0 is the spreadsheet's read, every matching row up to AUDIT_SHEET_MAX_ROWS.
 */
export async function listAudit(
  db: Db,
  query: AuditQuery,
  page: number,
): Promise<{ data: AuditItem[]; meta: PageMeta }> {
  const perPage = page === 0 ? AUDIT_SHEET_MAX_ROWS : AUDIT_PER_PAGE;
  const { rows, total } = await listAuditRows(
    db,
    {
      staffUserId: query.staffUserId,
      entity: query.entity,
      range: query.period && reportPeriodInstants(query.period),
    },
    { limit: perPage, offset: Math.max(0, page - 1) * perPage },
  );
  return {
    data: rows.map(toAuditItem),
    meta: pageMeta(page, perPage, total),
  };
}

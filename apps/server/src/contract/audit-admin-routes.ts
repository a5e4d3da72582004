import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { buildAuditSheet } from '../services/audit/build-audit-sheet';
import { type AuditQuery, listAudit } from '../services/audit/list-audit';
import { formCode, lineText, pageNumber, queryFilter } from './body-fields';
import { privateFile, XLSX_TYPE } from './private-file';
import { optionalReportPeriodOf } from './report-query';

// The audit trail of the admin API (issue 18 item 6; decision 024; docs/api.md "Audit"), registered inside
// `staffOnly`, administrators only: the list with its filters and the same rows as XLSX. Nothing changes a row.

const filtersQuery = z.object({
  page: pageNumber,
  usuario: queryFilter(formCode),
  entidade: queryFilter(lineText(60)),
});

function auditQueryOf(query: unknown): { filters: AuditQuery; page: number } {
  const parsed = filtersQuery.parse(query ?? {});
  // The period is optional; given, it follows the reports' rules (both days, in order).
  const period = optionalReportPeriodOf(query);
  return { filters: { staffUserId: parsed.usuario, entity: parsed.entidade, period }, page: parsed.page };
}

export function registerAuditAdminRoutes(admin: FastifyInstance, db: Db): void {
  const config = { staffAccess: 'administration' } as const;

  admin.get('/api/auditoria', { config }, async (request) => {
    const { filters, page } = auditQueryOf(request.query);
    return listAudit(db, filters, page);
  });

  admin.get('/api/auditoria/planilha', { config }, async (request, reply) => {
    const { filters } = auditQueryOf(request.query);
    const { data } = await listAudit(db, filters, 0);
    return privateFile(reply, { type: XLSX_TYPE, name: 'auditoria.xlsx', disposition: 'attachment' }).send(
      await buildAuditSheet(data),
    );
  });
}

import { leadsSheetFileName } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { buildLeadsSheet } from '../services/leads/build-leads-sheet';
import { listLeads } from '../services/leads/list-leads';
import { privateFile, XLSX_TYPE } from './private-file';
import { reportPeriodOf, reportPeriodQuery } from './report-query';
import { scopeOf } from './staff-auth';

// ListLeads of the admin API (spec 002 §2, §7 "Leads list": reads dados.leads and dados.planilha; docs/api.md
// "Reports"), registered inside `staffOnly`. The spreadsheet link needs the bearer token like every admin call: the
// back office downloads it with fetch and hands the file to the browser (docs/api.md says why).

export function registerLeadAdminRoutes(admin: FastifyInstance, db: Db): void {
  // Leads carry people's names, documents and phones: every read is audited.
  const config = { staffAccess: 'read', personalData: 'lead' } as const;

  admin.get('/api/leads', { config }, async (request) => {
    const period = reportPeriodOf(request.query);
    return {
      data: {
        leads: await listLeads(db, scopeOf(request), period),
        planilha: `/api/leads/planilha?${reportPeriodQuery(period)}`,
      },
    };
  });

  admin.get('/api/leads/planilha', { config }, async (request, reply) => {
    const period = reportPeriodOf(request.query);
    const file = await buildLeadsSheet(await listLeads(db, scopeOf(request), period));
    return privateFile(reply, {
      type: XLSX_TYPE,
      name: leadsSheetFileName(period),
      disposition: 'attachment',
    }).send(file);
  });
}

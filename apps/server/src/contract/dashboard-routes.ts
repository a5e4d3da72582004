import { DASHBOARD_PARTNER_REQUIRED } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { getDashboard } from '../services/reporting/get-dashboard';
import { formCode } from './body-fields';
import { reportPeriodOf } from './report-query';
import { scopeOf } from './staff-auth';

// The operations dashboard of the admin API (issue 5 item 6; docs/api.md "Reports"), registered inside `staffOnly`.

const partnerParam = z.object({ parceiro: formCode });

export function registerDashboardRoutes(admin: FastifyInstance, db: Db): void {
  admin.get('/api/painel', { config: { staffAccess: 'read' } }, async (request) => {
    const partner = partnerParam.safeParse(request.query ?? {});
    if (!partner.success) throw new AppError('INVALID_INPUT', { parceiro: DASHBOARD_PARTNER_REQUIRED });
    const period = reportPeriodOf(request.query);
    return { data: await getDashboard(db, scopeOf(request), { partnerId: partner.data.parceiro, period }) };
  });
}

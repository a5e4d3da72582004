import type { Db } from '../db/client';
import { listCompanies } from '../services/partners/list-companies';
import type { ActionDefinition } from './action';
import { ok } from './envelope';
import { requireStaff } from './staff-auth';

// getEmpresas of spec 002 §7 (reads data.dados.empresas): the partner form's company list, for staff only.

export function companyActions(db: Db): Record<string, ActionDefinition> {
  return {
    'portal/getEmpresas': {
      perMinute: 60,
      handler: async (request, _body, reply) => {
        const staff = await requireStaff(db, request, reply, 'read');
        return ok({ empresas: await listCompanies(db, staff.scope) });
      },
    },
  };
}

import { PRIVACY_REQUEST_STATUSES, REPORT_PERIOD_MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { listRightsRequests } from '../services/privacy/list-rights-requests';
import { updateRightsRequestStatus } from '../services/privacy/update-rights-request-status';
import { formCode, isoDate, pageNumber } from './body-fields';
import { auditTrailOf, scopeOf } from './staff-auth';

// The back office's privacy queue (issue 6 item 1; docs/api.md "Privacy requests"), registered inside `staffOnly`.

// Query strings send empty filters as ''; both mean "any".
const blank = (value: unknown) => (value === '' ? undefined : value);
const optionalDate = z.preprocess(blank, isoDate.optional());

const listQuery = z
  .object({
    page: pageNumber,
    parceiro: z.preprocess(blank, formCode.optional()),
    status: z.preprocess(blank, z.enum(PRIVACY_REQUEST_STATUSES).optional()),
    de: optionalDate,
    ate: optionalDate,
  })
  // Days the wrong way round would find nothing, silently: said as the reports say it.
  .refine((query) => !query.de || !query.ate || query.de <= query.ate, {
    path: ['ate'],
    message: REPORT_PERIOD_MESSAGES.finalBeforeInitial,
  });

const idParam = z.object({ id: formCode });
const statusBody = z.object({ status: z.enum(PRIVACY_REQUEST_STATUSES, { message: 'Status inválido.' }) });

export function registerPrivacyAdminRoutes(admin: FastifyInstance, db: Db): void {
  admin.get(
    '/api/solicitacoes-privacidade',
    { config: { staffAccess: 'read', personalData: 'privacy_request' } },
    async (request) => {
      const query = listQuery.parse(request.query ?? {});
      return listRightsRequests(
        db,
        scopeOf(request),
        { partnerId: query.parceiro, status: query.status, from: query.de, to: query.ate },
        query.page,
      );
    },
  );

  admin.put(
    '/api/solicitacoes-privacidade/:id/status',
    { config: { staffAccess: 'write' } },
    async (request) => {
      const { id } = idParam.parse(request.params);
      const { status } = statusBody.parse(request.body ?? {});
      const data = await updateRightsRequestStatus(db, auditTrailOf(request), id, status);
      return { message: 'Status da solicitação atualizado.', data };
    },
  );
}

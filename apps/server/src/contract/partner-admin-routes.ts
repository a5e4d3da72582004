import { PARTNER_LIST_FILTERS, PARTNER_SAVED_MESSAGES, partnerPayloadSchema } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { archivePartner } from '../services/partners/archive-partner';
import { createPartner } from '../services/partners/create-partner';
import { listPartners } from '../services/partners/list-partners';
import { updatePartner } from '../services/partners/update-partner';
import { formCode, pageNumber } from './body-fields';
import { auditChange, auditTrailOf, scopeOf, staffOf } from './staff-auth';

// The partner calls of the admin API (spec 002 §7; docs/api.md "Back office"), registered inside `staffOnly`.
// GET /api/parceiro/{id}/info is in partner-routes.ts: the same path answers the public start-up call.
// The payload's shape (types, lengths, known fields) is the settings declaration of packages/domain
// partner-settings.ts; the form's rules, in the spec's order and with its messages, are partner-form.ts (run by the
// service on the form as it will be stored).

const idParam = z.object({ id: formCode });
const listQuery = z.object({
  page: pageNumber,
  situacao: z.enum(PARTNER_LIST_FILTERS).catch('ativos').default('ativos'),
});

// Images travel as base64 in the JSON body (spec 002 §3 "arquivo base64"): a form with every image fits here.
const FORM_BODY_LIMIT = 24 * 1024 * 1024;
const bodyTooLarge = new AppError('PARTNER_FORM_TOO_LARGE');

export function registerPartnerAdminRoutes(
  admin: FastifyInstance,
  db: Db,
  fixedHosts: Readonly<Record<string, string>>,
): void {
  admin.get('/api/parceiro', { config: { staffAccess: 'read' } }, async (request) => {
    const { page, situacao } = listQuery.parse(request.query ?? {});
    return listPartners(db, scopeOf(request), situacao, page);
  });

  admin.post(
    '/api/parceiro',
    { bodyLimit: FORM_BODY_LIMIT, config: { staffAccess: 'administration', bodyTooLarge } },
    async (request, reply) => {
      const data = await createPartner(
        db,
        auditTrailOf(request),
        scopeOf(request),
        partnerPayloadSchema.parse(request.body ?? {}),
      );
      return reply.code(201).send({ message: PARTNER_SAVED_MESSAGES.created, data });
    },
  );

  admin.put(
    '/api/parceiro/:id',
    { bodyLimit: FORM_BODY_LIMIT, config: { staffAccess: 'write', bodyTooLarge } },
    async (request) => {
      const { id } = idParam.parse(request.params);
      const data = await updatePartner(
        db,
        auditTrailOf(request),
        scopeOf(request),
        id,
        partnerPayloadSchema.parse(request.body ?? {}),
        fixedHosts,
      );
      return { message: PARTNER_SAVED_MESSAGES.updated, data };
    },
  );

  // The spec's delete archives (decision 014); the route and the answer's shape stay for the client.
  admin.delete('/api/parceiro/:id', { config: { staffAccess: 'administration' } }, async (request) => {
    const { id } = idParam.parse(request.params);
    await archivePartner(db, id, staffOf(request).userId);
    auditChange(request, { entity: 'partner', entityId: id, action: 'archive' });
    return { message: PARTNER_SAVED_MESSAGES.archived };
  });
}

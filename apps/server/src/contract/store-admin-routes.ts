import { STORE_MESSAGES, storeFormSchema, storePreviewSchema, storeSwitchSchema } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { createStore } from '../services/stores/create-store';
import { getStore } from '../services/stores/get-store';
import { listStores } from '../services/stores/list-stores';
import { previewStorePlans } from '../services/stores/preview-store-plans';
import { switchStore } from '../services/stores/switch-store';
import { updateStore } from '../services/stores/update-store';
import { formCode } from './body-fields';
import { auditTrailOf, scopeOf } from './staff-auth';

// The stores of the admin API (issue 18 item 1; docs/api.md "Stores"), registered inside `staffOnly`. Every call is
// scoped: an operator reaches only the stores their partners serve (another is 404). Each write's use case records
// its audit row in its own transaction.

const idParam = z.object({ id: formCode });
// A logo travels as base64 in the JSON body (2 MB decoded at most, check-image.ts).
const FORM_BODY_LIMIT = 4 * 1024 * 1024;
// Past it, the logo is what is too large: said as the image check says it, under the same field.
const bodyTooLarge = new AppError('STORE_LOGO_TOO_LARGE', { campo: 'logo' });

export function registerStoreAdminRoutes(admin: FastifyInstance, db: Db): void {
  admin.get('/api/lojas', { config: { staffAccess: 'read' } }, async (request) => ({
    data: await listStores(db, scopeOf(request)),
  }));

  admin.get('/api/lojas/:id', { config: { staffAccess: 'read' } }, async (request) => {
    const { id } = idParam.parse(request.params);
    return { data: await getStore(db, scopeOf(request), id) };
  });

  // A computation over the body: nothing is read or written, so every role may preview.
  admin.post('/api/lojas/simulacao', { config: { staffAccess: 'read' } }, async (request) => ({
    data: previewStorePlans(storePreviewSchema.parse(request.body ?? {})),
  }));

  admin.post(
    '/api/lojas',
    { bodyLimit: FORM_BODY_LIMIT, config: { staffAccess: 'administration', bodyTooLarge } },
    async (request, reply) => {
      const form = storeFormSchema.parse(request.body ?? {});
      const data = await createStore(db, scopeOf(request), auditTrailOf(request), form);
      return reply.code(201).send({ message: STORE_MESSAGES.created, data });
    },
  );

  admin.put(
    '/api/lojas/:id',
    { bodyLimit: FORM_BODY_LIMIT, config: { staffAccess: 'write', bodyTooLarge } },
    async (request) => {
      const { id } = idParam.parse(request.params);
      const form = storeFormSchema.parse(request.body ?? {});
      const data = await updateStore(db, scopeOf(request), auditTrailOf(request), id, form);
      return { message: STORE_MESSAGES.updated, data };
    },
  );

  admin.put('/api/lojas/:id/situacao', { config: { staffAccess: 'write' } }, async (request) => {
    const { id } = idParam.parse(request.params);
    const { ativa } = storeSwitchSchema.parse(request.body ?? {});
    const data = await switchStore(db, scopeOf(request), auditTrailOf(request), id, ativa);
    return { message: ativa ? STORE_MESSAGES.switchedOn : STORE_MESSAGES.switchedOff, data };
  });
}

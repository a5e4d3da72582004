import { isWorkQueueKey, WORK_ITEM_STATUSES, WORK_QUEUE_MESSAGES, type WorkQueueKey } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { answerWorkItem } from '../services/work-queues/answer-work-item';
import { assignWorkItem } from '../services/work-queues/assign-work-item';
import { getWorkItem, listWorkItems } from '../services/work-queues/list-work-items';
import { startWorkItem } from '../services/work-queues/start-work-item';
import { formCode, pageNumber } from './body-fields';
import { auditTrailOf, scopeOf } from './staff-auth';

// The back office's work queues (issue 18 item 4; decision 030; docs/api.md "Work queues"), inside `staffOnly`.

// Query strings send empty filters as ''; both mean "any".
const blank = (value: unknown) => (value === '' ? undefined : value);
const queueKey = z.string().refine(isWorkQueueKey, 'Fila desconhecida.');

const queueParam = z.object({ fila: queueKey });
const itemParams = z.object({ fila: queueKey, id: formCode });
const listQuery = z.object({
  page: pageNumber,
  parceiro: z.preprocess(blank, formCode.optional()),
  status: z.preprocess(blank, z.enum(WORK_ITEM_STATUSES).optional()),
  responsavel: z.preprocess(blank, formCode.optional()),
});
// responsavel_atual: the assignee the caller's screen showed (null: nobody), so a change meanwhile is refused.
const assignBody = z.object({ usuario: formCode, responsavel_atual: formCode.nullable().optional() });

export function registerWorkQueueRoutes(admin: FastifyInstance, db: Db): void {
  admin.get(
    '/api/filas/:fila',
    { config: { staffAccess: 'read', personalData: 'work_item' } },
    async (request) => {
      const { fila } = queueParam.parse(request.params);
      const query = listQuery.parse(request.query ?? {});
      return listWorkItems(
        db,
        scopeOf(request),
        fila as WorkQueueKey,
        { partnerId: query.parceiro, status: query.status, assigneeId: query.responsavel },
        query.page,
      );
    },
  );

  admin.get(
    '/api/filas/:fila/:id',
    { config: { staffAccess: 'read', personalData: 'work_item' } },
    async (request) => {
      const { fila, id } = itemParams.parse(request.params);
      return { data: await getWorkItem(db, scopeOf(request), fila as WorkQueueKey, id) };
    },
  );

  admin.put('/api/filas/:fila/:id/responsavel', { config: { staffAccess: 'write' } }, async (request) => {
    const { fila, id } = itemParams.parse(request.params);
    const { usuario, responsavel_atual } = assignBody.parse(request.body ?? {});
    const data = await assignWorkItem(
      db,
      auditTrailOf(request),
      fila as WorkQueueKey,
      id,
      usuario,
      responsavel_atual,
    );
    return { message: WORK_QUEUE_MESSAGES.assigned, data };
  });

  admin.put('/api/filas/:fila/:id/andamento', { config: { staffAccess: 'write' } }, async (request) => {
    const { fila, id } = itemParams.parse(request.params);
    const data = await startWorkItem(db, auditTrailOf(request), fila as WorkQueueKey, id);
    return { message: WORK_QUEUE_MESSAGES.started, data };
  });

  admin.post('/api/filas/:fila/:id/resposta', { config: { staffAccess: 'write' } }, async (request) => {
    const { fila, id } = itemParams.parse(request.params);
    return answerWorkItem(db, auditTrailOf(request), fila as WorkQueueKey, id, request.body ?? {});
  });
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { PixReceived } from '../integrations/payments/pix-api/client';
import { isLocalRequest } from '../plugins/local-request';
import { storeOfPixWebhookToken } from '../services/payments/pix-webhook-token';
import { recordPixPayments } from '../services/payments/record-pix-payments';
import { refuse } from './refusal';

// The PSPs' side of the portal: the API Pix webhook (a PSP appends /pix to the registered URL), and the local PSP
// the server hosts for the default provider (decision 020): its public payload location, and outside production its
// sandbox payment, to local requests only.

const PIX_ITEM_LIMIT = 1000;

export function registerPixRoutes(
  app: FastifyInstance,
  options: { db: Db; webhookSecret: string; localPsp: FastifyInstance; sandbox: boolean },
): void {
  const { db, localPsp } = options;

  app.post<{ Params: { token: string } }>(
    '/webhooks/pix/:token/pix',
    { bodyLimit: 262_144 },
    async (request, reply) => {
      const storeId = storeOfPixWebhookToken(options.webhookSecret, request.params.token);
      if (storeId === null) return refuse(reply, 401, 'Não autorizado.');
      const pix = (request.body as { pix?: unknown } | null)?.pix;
      if (!Array.isArray(pix) || pix.length > PIX_ITEM_LIMIT || !pix.every((p) => p && typeof p === 'object'))
        return refuse(reply, 400, 'Notificação inválida.');
      await recordPixPayments(db, storeId, pix as PixReceived[], request.log);
      // Unknown txids included: a PSP retries anything but 2xx, and retrying cannot make them known.
      return reply.code(200).send();
    },
  );

  const forward = (method: 'GET' | 'POST', path: string, body: unknown) =>
    localPsp.inject({
      method,
      url: path,
      ...(body == null
        ? {}
        : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
    });

  app.get<{ Params: { id: string } }>('/psp-local/qr/v2/cobv/:id', async (request, reply) => {
    const answer = await forward('GET', `/qr/v2/cobv/${encodeURIComponent(request.params.id)}`, null);
    reply.header('cache-control', 'no-store');
    if (answer.statusCode !== 200) return refuse(reply, 404, 'Cobrança não encontrada.');
    return reply.type('application/jose').send(answer.body);
  });

  if (!options.sandbox) return;
  app.post<{ Params: { txid: string } }>('/psp-local/sandbox/pay/:txid', async (request, reply) => {
    if (!isLocalRequest(request)) return refuse(reply, 404, 'Recurso não encontrado.');
    const body = request.body as { valor?: unknown } | null;
    // Only the PSP's own field goes on; the PSP's problem (RFC 7807) comes back in the envelope.
    const valor = typeof body?.valor === 'string' ? { valor: body.valor } : null;
    const answer = await forward('POST', `/sandbox/pay/${encodeURIComponent(request.params.txid)}`, valor);
    if (answer.statusCode !== 200) {
      const problem = answer.json() as { detail?: string };
      return refuse(reply, answer.statusCode, problem.detail ?? 'Cobrança não encontrada.');
    }
    return reply.type('application/json').send(answer.body);
  });
}

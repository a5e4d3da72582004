import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { CardGateway } from '../integrations/card-gateway/card-gateway';
import { cardReceiptPdf } from '../services/card/card-receipt';
import { receiveCardWebhook } from '../services/card/receive-card-webhook';
import { codeDigits } from './body-fields';
import { requireDebtor } from './debtor-scope';
import { privateFile } from './private-file';
import { refuse } from './refusal';

// Card payments (issue 17 item 3; docs/api.md "Cartão"): where the browser tokenises, the gateway's webhook and the
// card receipt PDF.

const receiptParams = z.object({
  file: z
    .string()
    .regex(/^comp_cartao_\d+\.pdf$/, 'Arquivo inválido.')
    .transform((file) => file.slice('comp_cartao_'.length, -'.pdf'.length))
    .pipe(codeDigits),
});
const receiptQuery = z.object({ download: z.enum(['0', '1']).default('0') });
// Pagar.me v5 webhook: { id: 'hook_...', type: 'charge.paid', data: { id: 'ch_...', ... } }.
const webhookBody = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  data: z.object({ id: z.string().min(1).max(100) }).passthrough(),
});

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerCardRoutes(
  app: FastifyInstance,
  deps: { db: Db; gateway: CardGateway | null; webhookAuth: { user: string; password: string } | null },
): void {
  const { db, gateway, webhookAuth } = deps;

  // The card form asks where to tokenise; without a gateway card payments are not offered.
  app.get('/api/cartao/gateway', async () => ({ tokenUrl: gateway?.tokenisation.tokenUrl ?? null }));

  app.get('/api/acordos/comprovante-cartao/:file', async (request, reply) => {
    const { file } = receiptParams.parse(request.params);
    const { download } = receiptQuery.parse(request.query);
    const { scope } = await requireDebtor(app, request);
    const { name, pdf } = await cardReceiptPdf(db, scope, file);
    return privateFile(reply, {
      type: 'application/pdf',
      name,
      disposition: download === '1' ? 'attachment' : 'inline',
    }).send(pdf);
  });

  if (!gateway || !webhookAuth) return;
  const expected = `Basic ${Buffer.from(`${webhookAuth.user}:${webhookAuth.password}`).toString('base64')}`;
  // Pagar.me sends its webhooks to a URL configured with HTTP Basic credentials (decision 023).
  app.post('/api/cartao/webhook', async (request, reply) => {
    if (!sameText(request.headers.authorization ?? '', expected))
      return refuse(reply.header('www-authenticate', 'Basic realm="card-webhook"'), 401, 'Não autorizado.');
    const event = webhookBody.parse(request.body);
    const status = await receiveCardWebhook(
      db,
      gateway,
      { id: event.id, type: event.type, chargeId: event.data.id },
      request.log,
    );
    return { status };
  });
}

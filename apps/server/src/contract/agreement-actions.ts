import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { CardGateway } from '../integrations/card-gateway/card-gateway';
import type { PaymentProviders } from '../integrations/payments/payment-provider';
import type { DebtScope } from '../repositories/debt-snapshot';
import { agreementBoletosPdf, MAX_BOLETOS_PER_PDF } from '../services/agreements/agreement-boletos-pdf';
import { agreementPixQr } from '../services/agreements/agreement-pix-qr';
import { listAgreements } from '../services/agreements/list-agreements';
import { confirmPendingCardPayments } from '../services/card/confirm-pending-card-payments';
import { secondCopiesPdf } from '../services/second-copy/second-copy-pdf';
import { saveDebtorStep } from '../services/steps/save-step';
import type { ActionDefinition } from './action';
import { codeDigits, codeList, formCode } from './body-fields';
import { requireDebtor } from './debtor-scope';
import { ok } from './envelope';
import { privateFile } from './private-file';

// Meus Acordos (spec 001 §2 "My agreements", §7 step 5; docs/api.md "Meus Acordos"): the session person's
// agreements, their boletos as one PDF and their PIX QR codes, served to that session only.

/**
 * Spec 001 "Step codes" the server observes here. Step 3 (agreements) is the page's, logged once per visit: passo_5
 * is read again every 30 s (5 s while a PIX is watched) and on every page turn, which is no new visit.
 */
const STEP = { boletoViewed: 4 } as const;

const agreementsBody = z.object({
  lojCodigo: formCode.optional(),
  paginaAtual: z.coerce.number().int().min(1).max(100_000).catch(1).optional(),
  pagina: z.enum(['PRI', 'ANT', 'PRO', 'ULT']).optional(),
});
/** The ticked instalments (aci_codigo) or Meus Boletos' second copies whose boletos are shown or sent together. */
export const tickedInstalments = codeList.pipe(
  z.array(z.number()).max(MAX_BOLETOS_PER_PDF, `No máximo ${MAX_BOLETOS_PER_PDF} boletos por vez.`),
);
/** `download=1`: a PDF comes as an attachment, otherwise inline. */
export const downloadFlag = z.enum(['0', '1']).default('0');
// Agreement instalments (`parcelas`) or, on Meus Boletos, second copies (`segundas_vias`): one of the two.
const pdfQuery = z
  .object({
    parcelas: tickedInstalments.optional(),
    segundas_vias: tickedInstalments.optional(),
    download: downloadFlag,
  })
  .refine((query) => (query.parcelas === undefined) !== (query.segundas_vias === undefined), {
    message: 'Selecione pelo menos uma parcela!',
  });
const qrParams = z.object({
  file: z
    .string()
    .regex(/^\d+\.svg$/, 'Arquivo inválido.')
    .transform((file) => file.slice(0, -'.svg'.length))
    .pipe(codeDigits),
});

export function agreementActions(
  app: FastifyInstance,
  { db, providers, cardGateway }: { db: Db; providers: PaymentProviders; cardGateway: CardGateway | null },
): Record<string, ActionDefinition> {
  const scopeOf = async (request: FastifyRequest): Promise<DebtScope> =>
    (await requireDebtor(app, request)).scope;

  // The ticked instalments' boletos as one PDF, private to the session that owns them.
  app.get('/api/acordos/boletos.pdf', async (request, reply) => {
    const query = pdfQuery.parse(request.query);
    const scope = await scopeOf(request);
    const { name, pdf } =
      query.parcelas !== undefined
        ? await agreementBoletosPdf(db, scope, query.parcelas)
        : await secondCopiesPdf(db, scope, query.segundas_vias!);
    await saveDebtorStep(
      db,
      scope,
      STEP.boletoViewed,
      query.download === '1' ? 'Baixou os boletos' : 'Visualizou os boletos',
    );
    return privateFile(reply, {
      type: 'application/pdf',
      name,
      disposition: query.download === '1' ? 'attachment' : 'inline',
    }).send(pdf);
  });

  // The PIX QR code of one instalment, for the PIX modal.
  app.get('/api/acordos/pix/:file', async (request, reply) => {
    const { file } = qrParams.parse(request.params);
    const svg = await agreementPixQr(db, await scopeOf(request), file);
    return privateFile(reply, { type: 'image/svg+xml', name: `pix_${file}.svg`, disposition: 'inline' }).send(
      svg,
    );
  });

  return {
    // Spec 001 §7 step 5.
    'negociacao_robo/passo_5': {
      perMinute: 60,
      handler: async (request, body) => {
        const input = agreementsBody.parse(body);
        const scope = await scopeOf(request);
        // A card charge the gateway had not answered is asked about again, so its outcome shows now.
        if (cardGateway) await confirmPendingCardPayments(db, cardGateway, scope, request.log);
        const answer = await listAgreements(
          db,
          providers,
          scope,
          { storeId: input.lojCodigo, currentPage: input.paginaAtual, move: input.pagina },
          request.log,
        );
        return ok(answer);
      },
    },
  };
}

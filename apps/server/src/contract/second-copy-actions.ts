import { formatBrDate, todayInBrasilia } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { PaymentProviders } from '../integrations/payments/payment-provider';
import type { DebtScope } from '../repositories/debt-snapshot';
import {
  type IssuedSecondCopy,
  issueSecondCopies,
  secondCopyStatus,
} from '../services/second-copy/issue-second-copies';
import { secondCopyPdf } from '../services/second-copy/second-copy-pdf';
import { sendSecondCopy } from '../services/second-copy/send-second-copy';
import { saveDebtorStep } from '../services/steps/save-step';
import type { ActionDefinition } from './action';
import { codeDigits, codeList, formCode, lineText } from './body-fields';
import { requireDebtor } from './debtor-scope';
import { ok } from './envelope';
import { privateFile } from './private-file';

// Second copies of spec 001 §2/§7 (docs/api.md "Second copies"): issued for the session person only; the PDF is
// served to that same session, never by a bare link.

// Built once: a zod schema compiles itself on its first parse, so one made per call costs more than the call.
// The file is '<code>.pdf', the path secondCopyItem gives.
const pdfParams = z.object({
  file: z
    .string()
    .regex(/^\d+\.pdf$/, 'Arquivo inválido.')
    .transform((file) => file.slice(0, -'.pdf'.length))
    .pipe(codeDigits),
});
const instalmentBody = z.object({ par_codigo: formCode, loj_codigo: formCode });
const contractsBody = z.object({ loj_codigo: formCode, con_codigos: codeList });
// Spec 001 §4 step codes 'SMS second copy' and 'e-mail second copy', logged once the copy is sent.
const SENT_STEP = {
  sms: { code: 100, reason: 'Enviou a 2ª via por SMS' },
  email: { code: 101, reason: 'Enviou a 2ª via por e-mail' },
} as const;
const sendBody = z.object({
  codigo: formCode,
  tipoEnvio: z.enum(['sms', 'email']),
  enderecoEnvio: lineText(254).trim(),
});

const pdfPath = (id: number) => `/api/segunda-via/${id}.pdf`;

/**
 * Spec 001 §3 "Second-copy item", with the code the send call takes and the PDF's path; a paid one (status P) offers
 * nothing to pay again, like Meus Acordos.
 */
function secondCopyItem(issued: IssuedSecondCopy, today: string) {
  const { copy, contractNumber, instalmentNumber, paid } = issued;
  return {
    codigo: copy.id,
    par_codigo: copy.instalmentId,
    par_prestacao: instalmentNumber,
    par_vencimento: copy.dueDate,
    par_vencimento_formatado: formatBrDate(copy.dueDate),
    par_valor: copy.amountCents,
    contrato: contractNumber,
    status: secondCopyStatus(issued, today),
    linha_digitavel_segunda_via: paid ? null : copy.digitableLine,
    pix_copia_cola_segunda_via: paid ? null : copy.pixCode,
    caminho_completo_boleto: paid ? null : pdfPath(copy.id),
  };
}

export function secondCopyActions(
  app: FastifyInstance,
  { db, providers }: { db: Db; providers: PaymentProviders },
): Record<string, ActionDefinition> {
  const scopeOf = async (request: FastifyRequest): Promise<DebtScope> =>
    (await requireDebtor(app, request)).scope;

  // The PDF of a second copy, for the session that owns it; private, never cached by shared caches.
  app.get('/api/segunda-via/:file', async (request, reply) => {
    const { file } = pdfParams.parse(request.params);
    const { name, pdf } = await secondCopyPdf(db, await scopeOf(request), file);
    return privateFile(reply, { type: 'application/pdf', name, disposition: 'inline' }).send(pdf);
  });

  return {
    // Spec 001 §7 "Second-copy boleto by par_codigo, pes_codigo, loj_codigo": the details table's PDF icon.
    'negociacao_robo/emitir_segunda_via_boleto': {
      perMinute: 30,
      handler: async (request, body) => {
        const input = instalmentBody.parse(body);
        const [issued] = await issueSecondCopies(
          db,
          providers,
          await scopeOf(request),
          {
            storeId: input.loj_codigo,
            instalmentIds: [input.par_codigo],
          },
          request.log,
        );
        return ok(secondCopyItem(issued!, todayInBrasilia()));
      },
    },
    // Spec 001 §7 "A second-copy fetch from a recovery system": every open instalment of a card's contracts.
    'negociacao_robo/emitir_segunda_via_boleto_recupera_sysopen': {
      perMinute: 30,
      handler: async (request, body) => {
        const input = contractsBody.parse(body);
        const issued = await issueSecondCopies(
          db,
          providers,
          await scopeOf(request),
          {
            storeId: input.loj_codigo,
            contractIds: input.con_codigos,
          },
          request.log,
        ).catch((error: unknown) => {
          // A store that issues none simply has none to list ('Você não possui 2ª via de fatura...').
          if (error instanceof AppError && error.code === 'SECOND_COPY_UNAVAILABLE') return [];
          throw error;
        });
        const today = todayInBrasilia();
        return ok({ segundas_vias: issued.map((item) => secondCopyItem(item, today)) });
      },
    },
    // Spec 001 §7 "Send second copy by SMS or e-mail".
    'negociacao_robo/enviar_email_sms': {
      perMinute: 5,
      handler: async (request, body) => {
        const input = sendBody.parse(body);
        const scope = await scopeOf(request);
        const message = await sendSecondCopy(db, scope, {
          secondCopyId: input.codigo,
          channel: input.tipoEnvio,
          address: input.enderecoEnvio,
        });
        await saveDebtorStep(db, scope, SENT_STEP[input.tipoEnvio].code, SENT_STEP[input.tipoEnvio].reason);
        return ok(null, message);
      },
    },
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DebtScope } from '../repositories/debt-snapshot';
import type { SendingDeps } from '../services/agreements/agreement-sending';
import { confessionTermPdf } from '../services/agreements/confession-term-pdf';
import { emailAgreementBoletos } from '../services/agreements/email-agreement-boletos';
import { emailConfessionTerm } from '../services/agreements/email-confession-term';
import { smsAgreementBoletos } from '../services/agreements/sms-agreement-boletos';
import { saveDebtorStep } from '../services/steps/save-step';
import type { ActionDefinition } from './action';
import { downloadFlag, tickedInstalments } from './agreement-actions';
import { codeDigits, formBoolean, formCode, formText } from './body-fields';
import { requireDebtor } from './debtor-scope';
import { ok } from './envelope';

// Sending an agreement's boletos and confession term (spec 001 §7 "Send boletos by SMS", "Send e-mail"; docs/api.md
// "Meus Acordos"): always to the session person's own e-mail or phone, with texts the server composes. The legacy
// body's address, subject, text and attachment fields are not read.

/** Spec 001 "Step codes" the server observes here: e-mail boleto, SMS, term e-mailed. */
const STEP = { boletoEmailed: 24, sms: 38, termEmailed: 26 } as const;

const NONE_TICKED = 'Selecione pelo menos uma parcela!';

const emailBody = z
  .object({
    termo: formBoolean.default(false),
    aco_codigo: formCode.optional(),
    aci_codigo: tickedInstalments.optional(),
  })
  .superRefine((body, context) => {
    if (body.termo && body.aco_codigo === undefined)
      context.addIssue({ code: 'custom', path: ['aco_codigo'], message: 'Informe o acordo.' });
    if (!body.termo && body.aci_codigo === undefined)
      context.addIssue({ code: 'custom', path: ['aci_codigo'], message: NONE_TICKED });
  });
const smsBody = z
  .object({ aci_codigo: tickedInstalments.optional(), fone: formText(30) })
  .superRefine((body, context) => {
    if (body.aci_codigo === undefined)
      context.addIssue({ code: 'custom', path: ['aci_codigo'], message: NONE_TICKED });
  });
const termParams = z.object({ aco: codeDigits });
const termQuery = z.object({ download: downloadFlag });

export function agreementSendingActions(
  app: FastifyInstance,
  deps: SendingDeps,
): Record<string, ActionDefinition> {
  const { db } = deps;
  const scopeOf = async (request: FastifyRequest): Promise<DebtScope> =>
    (await requireDebtor(app, request)).scope;

  // The agreement's confession term, to its owner only, where the partner offers it (aco_termo_anexo).
  app.get('/api/acordos/:aco/termo.pdf', async (request, reply) => {
    const { aco } = termParams.parse(request.params);
    const { download } = termQuery.parse(request.query);
    const { name, pdf } = await confessionTermPdf(db, await scopeOf(request), aco);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `${download === '1' ? 'attachment' : 'inline'}; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  return {
    // Spec 001 §7 "Send e-mail" (termo S, the confession term) and its boleto variant (aci_codigo).
    'mail/envioPortal': {
      perMinute: 5,
      handler: async (request, body) => {
        const input = emailBody.parse(body);
        const scope = await scopeOf(request);
        if (input.termo) {
          const message = await emailConfessionTerm(deps, scope, input.aco_codigo!);
          await saveDebtorStep(
            db,
            scope,
            STEP.termEmailed,
            `Enviou por e-mail o termo do acordo ${input.aco_codigo}`,
          );
          return ok(null, message);
        }
        const message = await emailAgreementBoletos(deps, scope, input.aci_codigo!);
        await saveDebtorStep(db, scope, STEP.boletoEmailed, 'Enviou os boletos por e-mail');
        return ok(null, message);
      },
    },
    // Spec 001 §7 "Send boletos by SMS".
    'negociacao_robo/enviar_boletos_sms': {
      perMinute: 5,
      handler: async (request, body) => {
        const input = smsBody.parse(body);
        const scope = await scopeOf(request);
        const message = await smsAgreementBoletos(deps, scope, {
          instalmentIds: input.aci_codigo!,
          phone: input.fone,
        });
        await saveDebtorStep(db, scope, STEP.sms, 'Enviou os boletos por SMS');
        return ok(null, message);
      },
    },
  };
}

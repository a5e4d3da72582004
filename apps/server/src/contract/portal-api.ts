import { clientKey, isKnownStepCode } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { sendContactMessage } from '../services/contact/send-contact-message';
import { getCompanyToken } from '../services/partners/get-company-token';
import { saveStep } from '../services/steps/save-step';
import type { ActionDefinition } from './action';
import { clientText, formBoolean, formCode, isoDate, lineText } from './body-fields';
import { formSender } from './debtor-scope';
import { ok } from './envelope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 'area/action' pairs api.php serves, for whoever must cover each of them (the fuzz test). */
    apiActions?: string[];
  }
}

// POST /api.php?a=<area>&b=<action> (GUIDE "The wire contract"): form-encoded or JSON bodies, envelope answers.
// Each action parses its body and calls one use case; nothing here decides business rules.

const stepBody = z.object({
  cpfCnpj: lineText(20).trim().optional(),
  pes_cpf_cnpj: lineText(20).trim().optional(),
  esn_fk_ets_codigo: formCode.refine(isKnownStepCode, 'Etapa desconhecida.'),
  data_agendamento: isoDate.optional().or(z.literal('')),
  hora_agendamento: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Hora inválida: use HH:MM.')
    .optional()
    .or(z.literal('')),
  motivo_agendamento: clientText(500),
});

const jsonText = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
};
/**
 * The failed answer an error step carries (the envelope, or its JSON text): only its retorno and mensagem are kept,
 * never its dados or anything else posted; what is not an envelope keeps nothing. The step is still recorded.
 */
const failedAnswer = z
  .preprocess(
    jsonText,
    z
      .object({ retorno: z.boolean().nullable().catch(null), mensagem: clientText(1000).catch('') })
      .nullable(),
  )
  .catch(null);
const stepErrorBody = stepBody.extend({ resposta: failedAnswer, mensagem: clientText(1000) });
const companyTokenBody = z.object({ emp_codigo: formCode });
const contactBody = z.object({
  name: lineText(200).default(''),
  email: lineText(300).default(''),
  identification: lineText(40).default(''),
  text: clientText(5000),
  agreement: formBoolean.default(false),
});

export function registerPortalApi(
  app: FastifyInstance,
  db: Db,
  moreActions: Record<string, ActionDefinition> = {},
): void {
  const actions: Record<string, ActionDefinition> = {
    ...moreActions,
    'portal/retornarTokenEmpresa': {
      perMinute: 60,
      handler: async (_request, body) => {
        const { emp_codigo } = companyTokenBody.parse(body);
        return ok(await getCompanyToken(db, emp_codigo));
      },
    },
    'portal/salvarEtapa': {
      perMinute: 120,
      handler: async (request, body) => {
        const step = stepBody.parse(body);
        const partner = await app.requirePartner(request);
        await saveStep(db, partner, await formSender(app, request, partner), {
          cpfCnpj: step.cpfCnpj || step.pes_cpf_cnpj,
          stepCode: step.esn_fk_ets_codigo,
          scheduledDate: step.data_agendamento || undefined,
          scheduledTime: step.hora_agendamento || undefined,
          reason: step.motivo_agendamento,
        });
        return ok(null, 'Etapa registrada.');
      },
    },
    'portal/salvarEtapaErro': {
      perMinute: 60,
      handler: async (request, body) => {
        const step = stepErrorBody.parse(body);
        const partner = await app.requirePartner(request);
        await saveStep(db, partner, await formSender(app, request, partner), {
          cpfCnpj: step.cpfCnpj || step.pes_cpf_cnpj,
          stepCode: step.esn_fk_ets_codigo,
          reason: step.motivo_agendamento,
          error: { resposta: step.resposta, mensagem: step.mensagem },
        });
        return ok(null, 'Etapa registrada.');
      },
    },
    'portal/enviarContato': {
      perMinute: 5,
      handler: async (request, body) => {
        const input = contactBody.parse(body);
        const partner = await app.requirePartner(request);
        const message = await sendContactMessage(db, partner, await formSender(app, request, partner), input);
        return ok(null, message);
      },
    },
  };

  const actionKey = (request: FastifyRequest): string => {
    const query = request.query as Record<string, unknown>;
    return `${String(query.a ?? '')}/${String(query.b ?? '')}`;
  };

  app.post(
    '/api.php',
    {
      config: {
        apiActions: Object.keys(actions),
        rateLimit: {
          max: (request: FastifyRequest) => actions[actionKey(request)]?.perMinute ?? 30,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `${clientKey(request.ip)}:${actionKey(request)}`,
        },
      },
    },
    async (request, reply) => {
      const action = actions[actionKey(request)];
      if (!action) throw new AppError('UNKNOWN_ACTION');
      return action.handler(request, request.body ?? {}, reply);
    },
  );
}

import { loginTokenSchema, STEP_CODES } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { changePhone } from '../services/identification/change-phone';
import { checkLoginToken } from '../services/identification/check-login-token';
import { consultPerson } from '../services/identification/consult-person';
import { describeSession } from '../services/identification/describe-session';
import type { IdentificationDeps } from '../services/identification/identification-deps';
import { registerFirstAccess } from '../services/identification/register-first-access';
import { requestPhoneChange } from '../services/identification/request-phone-change';
import { sendLoginToken } from '../services/identification/send-login-token';
import { saveStep } from '../services/steps/save-step';
import type { ActionDefinition } from './action';
import { formBoolean, lineText as text } from './body-fields';
import { formSender } from './debtor-scope';
import { ok } from './envelope';

// Identification calls of spec 000 §7 (docs/api.md "Identification"). Bodies are parsed here; every check that
// matters is made by the use case on the server.

const captcha = text(20_000).optional();

// Built once: a zod schema compiles itself on its first parse, so one made per call costs more than the call.
const lookupBody = z.object({
  pesCpfCnpj: text(40).default(''),
  dataNascimento: text(20).optional(),
  telefone: text(30).optional(),
  captcha,
  aceite: formBoolean.default(false),
  enumCanalOrigem: text(40).optional(),
  codAssessoriaSenff: text(40).optional(),
});
const firstAccessBody = z.object({
  cpfCnpj: text(40).default(''),
  dataNascimento: text(20).default(''),
  telefone: text(30).default(''),
  email: text(254).default(''),
  sexo: z.enum(['M', 'F', 'O', '']).default(''),
  nome: text(120).default(''),
  captcha,
});
const phoneChangeRequestBody = z.object({ pesCpfCnpj: text(40).default(''), captcha });
const phoneChangeBody = z.object({
  token: text(200).default(''),
  pef_fone: text(30).default(''),
  confirmacao: text(30).default(''),
});

export function identificationActions(
  app: FastifyInstance,
  deps: IdentificationDeps & { altchaSecret: string },
): Record<string, ActionDefinition> {
  const context = (request: FastifyRequest, reply: FastifyReply) => ({
    ip: request.ip,
    reply,
    sessions: app.debtorSessions,
  });
  return {
    'negociacao_robo/passo_1': {
      perMinute: 30,
      handler: async (request, body, reply) => {
        const input = lookupBody.parse(body);
        const partner = await app.requirePartner(request);
        const origin = { channel: input.enumCanalOrigem, advisory: input.codAssessoriaSenff };
        return ok(await consultPerson(deps, context(request, reply), partner, { ...input, origin }));
      },
    },
    'negociacao_robo/enviar_token': {
      perMinute: 10,
      handler: async (request) => {
        const partner = await app.requirePartner(request);
        const session = await app.debtorSessions.require(request, partner, 'pending');
        const answer = await sendLoginToken(deps, partner, session);
        return ok(answer.dados, answer.mensagem);
      },
    },
    'negociacao_robo/validar_token': {
      perMinute: 20,
      handler: async (request, body) => {
        const { token_cliente } = loginTokenSchema.parse(body);
        const partner = await app.requirePartner(request);
        const session = await app.debtorSessions.require(request, partner, 'pending');
        return ok(await checkLoginToken(deps, app.debtorSessions, partner, session, token_cliente));
      },
    },
    'portal/atualizarCadastro': {
      perMinute: 10,
      handler: async (request, body) => {
        const input = firstAccessBody.parse(body);
        return ok(
          null,
          await registerFirstAccess(deps, request.ip, await app.requirePartner(request), input),
        );
      },
    },
    'portal/solicitarTrocaTelefone': {
      perMinute: 10,
      handler: async (request, body) => {
        const input = phoneChangeRequestBody.parse(body);
        const partner = await app.requirePartner(request);
        const message = await requestPhoneChange(deps, request.ip, partner, input);
        await saveStep(deps.db, partner, await formSender(app, request, partner), {
          cpfCnpj: input.pesCpfCnpj,
          stepCode: STEP_CODES.sendPhoneChangeLink,
          reason: 'Enviou o link de troca de telefone',
        });
        return ok(null, message);
      },
    },
    'portal/atualizarTelefone': {
      perMinute: 10,
      handler: async (request, body) => {
        const input = phoneChangeBody.parse(body);
        return ok(null, await changePhone(deps, await app.requirePartner(request), input));
      },
    },
    'portal/sessao': {
      perMinute: 60,
      handler: async (request) => {
        const partner = await app.requirePartner(request);
        const session = await app.debtorSessions.require(request, partner, 'open');
        return ok(await describeSession(deps, partner, session));
      },
    },
    'portal/sair': {
      perMinute: 30,
      handler: async (request, _body, reply) => {
        await app.debtorSessions.end(request, reply);
        return ok(null, 'Sessão encerrada.');
      },
    },
  };
}

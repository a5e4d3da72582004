import {
  CARD_BRANDS,
  CARD_OUTCOME_MESSAGES,
  type CallRequestKind,
  cardDataFields,
  cardDataSchema,
  isValidIsoDate,
  parseBrDate,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { PlanCalculator } from '../integrations/calculation/stage-calculator';
import type { CardGateway } from '../integrations/card-gateway/card-gateway';
import type { PaymentProviders } from '../integrations/payments/payment-provider';
import type { DebtorSession } from '../plugins/debtor-session';
import { markDebtsListed } from '../repositories/session-repository';
import { chargeAgreementCard } from '../services/card/charge-agreement-card';
import { requestContactCall } from '../services/contact/request-contact-call';
import { listDebts } from '../services/debts/list-debts';
import { type PlanSearch, quoteDebtPlans } from '../services/debts/quote-debt-plans';
import { registerCannotPay } from '../services/debts/register-cannot-pay';
import { registerDispute } from '../services/debts/register-dispute';
import { registerProposal } from '../services/debts/register-proposal';
import { saveAgreement } from '../services/debts/save-agreement';
import { cancelCopiesUnderAgreement } from '../services/second-copy/cancel-copies-under-agreement';
import { saveDebtorStep } from '../services/steps/save-step';
import type { ActionDefinition } from './action';
import { codeList, formCode, formText, idempotencyKey, idempotencyKeyHeader, lineText } from './body-fields';
import { sendsDebtListing } from './debt-listing-schema';
import { debtorScope, requireDebtor, requireDebtorListingDebts } from './debtor-scope';
import { fail, ok } from './envelope';

// Debtor-area calls of spec 001 §7 (docs/api.md "Debtor area"). Every one needs an open session; the partner and
// the person come from it, never from codes in the body.

const yesNo = z.enum(['S', 'N']).default('N');
const method = z.enum(['boleto', 'pix', 'cartao']);
const dueDate = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const iso = isValidIsoDate(value) ? value : parseBrDate(value);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: 'Informe uma data válida (dd/mm/aaaa).' });
      return z.NEVER;
    }
    return iso;
  });

// Built once: a zod schema compiles itself on its first parse, so one made per call costs more than the call.
const debtsBody = z.object({ lojCodigo: formCode.optional(), lancamentoFuturo: yesNo });
const plansBody = z.object({
  lojCodigo: formCode,
  preCodigo: codeList,
  primeiroVencimento: dueDate,
  pagamentoAvistaPrazo: z.enum(['A', 'P']),
  metodoPagamento: method,
  bandeiraCartao: z
    .enum(CARD_BRANDS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  formaCartao: z
    .enum(['recorrente', 'avista', 'parcelado'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  lancamentoFuturo: yesNo,
});
const jsonObject = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};
const agreementBody = z.object({
  praCodigo: formCode,
  formaDePagamento: method,
  primeiroVencimento: dueDate,
  telefone: lineText(30).default(''),
  email: lineText(254).default(''),
  chave_idempotencia: idempotencyKey.optional(),
  // An object in JSON, or its JSON text in a form-encoded body.
  dadosDoCartao: z.preprocess(jsonObject, cardDataSchema).optional(),
});
const cannotPayBody = z.object({ lojCodigo: formCode, motivo: lineText(100).trim().default('') });
// Spec 001 §4 step code 'proposal', logged once the proposal is stored.
const PROPOSAL_STEP = 9;
const proposalMoney = formText(30);
const proposalBody = z.object({
  loj_codigo: formCode,
  entrada: proposalMoney,
  quantidade_parcelas: proposalMoney,
  valor_parcela: proposalMoney,
});
const storeBody = z.object({ lojCodigo: formCode });
// Spec 001 §7 also sends pes_codigo and emp_codigo: the session says who and which partner, so they are not read.
const contactCallBody = z.object({ loj_codigo: formCode, telefone: formText(30) });

export function debtActions(
  app: FastifyInstance,
  deps: {
    db: Db;
    stageCalculator: PlanCalculator;
    planTtlMinutes: number;
    cardGateway: CardGateway | null;
    providers: PaymentProviders;
  },
): Record<string, ActionDefinition> {
  const { db } = deps;
  const openSession = (request: FastifyRequest) => requireDebtor(app, request);
  const contactCall = (kind: CallRequestKind): ActionDefinition => ({
    perMinute: 10,
    handler: async (request, body) => {
      const input = contactCallBody.parse(body);
      const { scope } = await openSession(request);
      return ok(
        null,
        await requestContactCall(db, scope, { kind, storeId: input.loj_codigo, phone: input.telefone }),
      );
    },
  });
  return {
    'negociacao_robo/passo_2_novo': {
      perMinute: 60,
      handler: async (request, body, reply) => {
        const input = debtsBody.parse(body);
        const { scope, session } = await requireDebtorListingDebts(app, request);
        const answer = await listDebts(db, scope, session, {
          storeId: input.lojCodigo,
          includeFuture: input.lancamentoFuturo === 'S',
        });
        await markDebtsListed(db, session);
        sendsDebtListing(reply);
        // Spec 001 §4: asking for one store's debts where an agreement is active answers the 'Acordo Ativo' marker.
        if (input.lojCodigo !== undefined && answer.acordo_ativo) return fail('Acordo Ativo', answer);
        return ok(answer);
      },
    },
    'negociacao_robo/passo_3_novo': {
      perMinute: 120,
      handler: async (request, body) => {
        const input = plansBody.parse(body);
        const partner = await app.requirePartner(request);
        const search: PlanSearch = {
          storeId: input.lojCodigo,
          contractIds: input.preCodigo,
          firstDueDate: input.primeiroVencimento,
          mode: input.pagamentoAvistaPrazo,
          method: input.metodoPagamento,
          cardBrand: partner.capabilities.cardBrandAndForm ? input.bandeiraCartao : undefined,
          cardForm: partner.capabilities.cardBrandAndForm ? input.formaCartao : undefined,
          includeFuture: input.lancamentoFuturo === 'S',
        };
        const quote = (session: DebtorSession, sessionRead: 'now' | 'earlier') =>
          quoteDebtPlans(deps, debtorScope(partner, session).scope, session, search, sessionRead);
        // From the session this process read for an earlier request, the plans' insert is the call's one statement
        // and checks that the session is still as read: only plans so stored are answered (decision 083). Anything
        // else (a refusal, no plans, an error) is answered from a session read now, as every debtor call is.
        const recent = app.debtorSessions.recent(request, partner);
        const checked =
          recent &&
          (await quote(recent, 'earlier').catch((error: unknown) => {
            // A refusal is answered from the fresh read below; anything else would also fail there, but say so here.
            if (!(error instanceof AppError))
              request.log.warn({ err: error }, 'plan search from a recent session failed');
            return undefined;
          }));
        if (checked?.ok && checked.dados.pre_acordo.length > 0) return ok(checked.dados);
        for (let read = 1; ; read++) {
          const answer = await quote(await app.debtorSessions.require(request, partner, 'open'), 'now');
          if (answer) return answer.ok ? ok(answer.dados) : fail(answer.mensagem, answer.dados);
          // The session ended or its person's debts changed between its read and the insert: read it again.
          if (read === 3) throw new AppError('CALCULATION_FAILED');
        }
      },
    },
    'negociacao_robo/passo_4_novo': {
      perMinute: 20,
      handler: async (request, body) => {
        // Refused before anything else reads it: the card itself goes to the gateway, never here.
        if (cardDataFields(body).length > 0) throw new AppError('CARD_DATA_REFUSED');
        const input = agreementBody.parse(body);
        const header = idempotencyKeyHeader.parse(request.headers)['idempotency-key'];
        const { scope, session } = await openSession(request);
        const card = input.formaDePagamento === 'cartao' ? input.dadosDoCartao : undefined;
        const gateway = deps.cardGateway;
        if (card && !gateway) throw new AppError('CARD_GATEWAY_NOT_CONFIGURED');
        const saved = await saveAgreement(
          db,
          scope,
          session,
          {
            planId: input.praCodigo,
            method: input.formaDePagamento,
            firstDueDate: input.primeiroVencimento,
            phone: input.telefone,
            email: input.email,
            card:
              card && gateway
                ? {
                    gateway: gateway.name,
                    token: card.token,
                    brand: card.bandeira,
                    lastFour: card.ultimos_digitos,
                    form: card.forma,
                  }
                : undefined,
          },
          header ?? input.chave_idempotencia,
        );
        // After the commit: the agreement stands whatever the PSPs answer (a failure is retried by reconciliation).
        await cancelCopiesUnderAgreement(db, deps.providers, saved.aco_codigo, request.log);
        if (!card || !gateway) return ok(saved, 'Acordo realizado com sucesso!');
        // Spec 001 §7: the card's state in dados.parcelas[].estado_da_transacao; §8 its message.
        const state = await chargeAgreementCard(
          db,
          gateway,
          scope,
          saved.aco_codigo,
          card.token,
          request.log,
        );
        // A refused request is a rejected payment to the person: spec 001 §4 has no other failed state.
        const estado = state === 'REFUSED' ? 'REJECTED' : state;
        const answer = {
          ...saved,
          parcelas: saved.parcelas.map((parcela) => ({ ...parcela, estado_da_transacao: estado })),
        };
        const message = CARD_OUTCOME_MESSAGES[state];
        return state === 'PAID' || state === 'PENDING' ? ok(answer, message) : fail(message, answer);
      },
    },
    'portal/naoPossoPagar': {
      perMinute: 20,
      handler: async (request, body) => {
        const input = cannotPayBody.parse(body);
        const { scope } = await openSession(request);
        return ok(null, await registerCannotPay(db, scope, input.lojCodigo, input.motivo));
      },
    },
    'portal/cadastrarProposta': {
      perMinute: 10,
      handler: async (request, body) => {
        const input = proposalBody.parse(body);
        const { scope } = await openSession(request);
        const { message, isNew } = await registerProposal(db, scope, input.loj_codigo, input);
        if (isNew) await saveDebtorStep(db, scope, PROPOSAL_STEP, 'Enviou uma proposta');
        return ok(null, message);
      },
    },
    // Spec 001 §7 "Request call" and "WhatsApp contact" (decision 032).
    'portal/solicitarLigacao': contactCall('call'),
    'portal/contatoWhatsapp': contactCall('whatsapp'),
    'portal/naoReconhecoDivida': {
      perMinute: 10,
      handler: async (request, body) => {
        const input = storeBody.parse(body);
        const { scope } = await openSession(request);
        return ok(null, await registerDispute(db, scope, input.lojCodigo));
      },
    },
  };
}

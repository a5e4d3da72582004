import {
  AGREEMENT_ADMIN_MESSAGES,
  addDays,
  brasiliaTimestamp,
  CARD_MAX_INSTALMENTS,
  CARD_OUTCOME_MESSAGES,
  type DividasResposta,
  formatBrDate,
  type PlanosResposta,
  planPaymentCount,
  todayInBrasilia,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  agreementStatusEvents,
  agreements,
  cardPaymentOutcomes,
  cardPaymentReversals,
  cardPayments,
  paymentEvents,
  scheduledJobRuns,
  stores,
} from '../src/db/schema';
import { SANDBOX_KEYS } from '../src/integrations/card-gateway/configured-gateway';
import { pagarmeGateway } from '../src/integrations/card-gateway/pagarme-gateway';
import { SANDBOX_TEST_CARDS } from '../src/integrations/card-gateway/sandbox-gateway';
import { loadAgreementPayments } from '../src/repositories/lifecycle-repository';
import { SCHEDULED_JOBS } from '../src/scheduler/jobs';
import { runDueJobs, runJobNow } from '../src/scheduler/run-due-jobs';
import { confirmPendingCardPayments } from '../src/services/card/confirm-pending-card-payments';
import { createStaffUser } from '../src/services/staff/create-staff-user';
import {
  closeCardPortal,
  endTestAgreements,
  type GatewayProxy,
  SANDBOX_TEST_KEYS,
  type SandboxServer,
  startCardPortal,
  startSandboxGateway,
  tokenise,
} from './card-gateway-helpers';
import {
  type CardsUsed,
  cardDataInLog,
  cardDataStoredSince,
  type StoredTexts,
  storedTexts,
} from './card-scan';
import { quotePlans } from './debt-helpers';
import { api, call, hostOf, login, loginWithSmsToken, MARIA } from './identification-helpers';
import { clearOfMidnight } from './pinned-clock';
import { createTestApp, NO_CVS, type TestApp } from './test-app';

// Card agreements through the gateway (issue 17 item 3): passo_4_novo with a token, PAID / REJECTED / VOIDED, a
// gateway that does not answer, the webhook, the receipt; and no card number or CVV anywhere in the portal.

const CLIENT = '10.2.0.31';
const WEBHOOK = { user: 'pagarme', password: 'segredo-do-webhook-de-teste' };
// Security codes used below, looked for in every stored text and log line.
const CVVS = ['987', '654', '389'];
const USED: CardsUsed = { numbers: Object.values(SANDBOX_TEST_CARDS), cvvs: CVVS };

let sandbox: SandboxServer;
// The portal reaches the sandbox through it, so a test can make the gateway refuse a request (decision 092).
let gatewayProxy: GatewayProxy;
let t: TestApp;
let maria: string;
const logLines: string[] = [];

beforeAll(async () => {
  ({ sandbox, gatewayProxy, t, maria } = await startCardPortal({
    slowMs: 1_500,
    client: CLIENT,
    webhook: WEBHOOK,
    logLines,
    env: { CARD_FINGERPRINT_SCRIPT_HOSTS: 'https://fp.antifraude.example.com' },
  }));
});
afterAll(() => closeCardPortal({ t, gatewayProxy, sandbox }));
afterEach(() => endTestAgreements({ t, gatewayProxy }));

type Plan = PlanosResposta['pre_acordo'][number];
interface ListedInstalment {
  aci_codigo: number;
  status: string;
  comprovante_cartao: { pdf: string; data_de_pagamento: string } | null;
}

async function cardPlan(store = 'Bela Casa'): Promise<Plan> {
  const debts = await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf('demo'), cookie: maria });
  const debt = (debts.json().dados as DividasResposta).dividas.find((d) => d.loja.loj_fantasia === store)!;
  const res = await quotePlans(t, debt, { cookie: maria, partner: 'demo' }, { metodoPagamento: 'cartao' });
  expect(res.json().retorno).toBe(true);
  return (res.json().dados as PlanosResposta).pre_acordo.at(-1)!;
}

const tokenUrl = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/cartao/gateway',
    headers: { host: hostOf('demo') },
  });
  return res.json().tokenUrl as string;
};

function confirm(plan: Plan, extra: Record<string, unknown>, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: api('negociacao_robo/passo_4_novo'),
    payload: {
      praCodigo: plan.pra_codigo,
      formaDePagamento: 'cartao',
      primeiroVencimento: formatBrDate(plan.pra_primeiro_vcto),
      ...extra,
    },
    headers: { host: hostOf('demo'), cookie: maria, ...(key ? { 'idempotency-key': key } : {}) },
    remoteAddress: CLIENT,
  });
}

/** The browser's part: tokenise at the gateway, then passo_4_novo with the token, brand and last four only. */
async function payByCard(number: string, cvv: string, key?: string, store?: string) {
  const plan = await cardPlan(store);
  const token = await tokenise(await tokenUrl(), { number, cvv });
  const dadosDoCartao = { token: token.id, bandeira: 'VISA', ultimos_digitos: token.card.last_four_digits };
  const res = await confirm(plan, { dadosDoCartao }, key);
  expect(res.statusCode, res.body).toBe(200);
  return { res, plan, dadosDoCartao, agreementId: res.json().dados.aco_codigo as number };
}

async function myAgreement(agreementId: number) {
  const res = await call(
    t,
    'negociacao_robo/passo_5',
    {},
    { host: hostOf('demo'), cookie: maria, ip: CLIENT },
  );
  const acordos = res.json().dados.acordos as {
    dadosAcordo: { aco_codigo: number; parcelas: ListedInstalment[] };
  }[];
  return acordos.find((a) => a.dadosAcordo.aco_codigo === agreementId)?.dadosAcordo;
}

const agreementStatus = async (id: number) =>
  (await t.database.db.select().from(agreements).where(eq(agreements.id, id)))[0]!.status;

const statusEvents = async (agreementId: number) =>
  (
    await t.database.db
      .select()
      .from(agreementStatusEvents)
      .where(eq(agreementStatusEvents.agreementId, agreementId))
  ).map((e) => [e.from, e.to, e.cause]);

const settlements = async (agreementId: number) => {
  const [payment] = await t.database.db
    .select()
    .from(cardPayments)
    .where(eq(cardPayments.agreementId, agreementId));
  const outcomes = await t.database.db
    .select()
    .from(cardPaymentOutcomes)
    .where(eq(cardPaymentOutcomes.cardPaymentId, payment!.id));
  const events = await t.database.db
    .select()
    .from(paymentEvents)
    .where(
      sql`${paymentEvents.cause} like ${`card:%`} and ${paymentEvents.instalmentId} in (select aci_codigo from agreement_instalments where aco_codigo = ${agreementId})`,
    );
  return { payment: payment!, outcomes, events };
};

function webhook(
  body: unknown,
  auth = `Basic ${Buffer.from(`${WEBHOOK.user}:${WEBHOOK.password}`).toString('base64')}`,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cartao/webhook',
    payload: body as Record<string, unknown>,
    headers: { host: 'localhost', authorization: auth },
  });
}

/** The creditor refunds the card at the gateway (Pagar.me v5: DELETE /charges/{id}, with `{ amount }` for a part). */
function refundAtGateway(chargeId: string, amountCents?: number) {
  return fetch(`${sandbox.baseUrl}/charges/${chargeId}`, {
    method: 'DELETE',
    headers: {
      authorization: `Basic ${Buffer.from(`${SANDBOX_TEST_KEYS.secretKey}:`).toString('base64')}`,
      ...(amountCents === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: amountCents === undefined ? undefined : JSON.stringify({ amount: amountCents }),
  });
}

let before: StoredTexts;
beforeAll(async () => {
  before = await storedTexts(t.database);
});

describe('passo_4_novo with a card', () => {
  it('PAID: every instalment settled (B) by the card, the agreement settled, the receipt and its PDF', async () => {
    const { res, agreementId } = await payByCard(SANDBOX_TEST_CARDS.paid, CVVS[0]!);
    expect(res.json()).toMatchObject({ retorno: true, mensagem: CARD_OUTCOME_MESSAGES.PAID });
    expect(
      res
        .json()
        .dados.parcelas.every((p: { estado_da_transacao: string }) => p.estado_da_transacao === 'PAID'),
    ).toBe(true);
    expect(await agreementStatus(agreementId)).toBe('settled');
    const { payment, outcomes, events } = await settlements(agreementId);
    expect(await statusEvents(agreementId)).toEqual([
      ['active', 'settled', `payment:card:${outcomes[0]!.gatewayChargeId}`],
    ]);
    expect(payment).toMatchObject({
      brand: 'VISA',
      lastFour: '0010',
      gateway: 'pagarme',
    });
    // The agreement's id and a random part, made once with the row (decision 101).
    expect(payment.reference).toMatch(new RegExp(`^acordo-${agreementId}-[a-p]{16}$`));
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ state: 'PAID', cause: 'gateway:charge' });
    expect(events.map((e) => [e.kind, e.cause])).toEqual(
      events.map(() => ['settled', `card:${outcomes[0]!.gatewayChargeId}`]),
    );
    const listed = (await myAgreement(agreementId))!;
    expect(events).toHaveLength(listed.parcelas.length);
    for (const parcela of listed.parcelas) {
      expect(parcela.status).toBe('B');
      expect(parcela.comprovante_cartao).toMatchObject({
        empresa: 'Bela Casa',
        cpf_cnpj: '529.***.***-25',
        bandeira: 'Visa',
        numero_cartao: '**** **** **** 0010',
        codigo_de_autorizacao: outcomes[0]!.authorisationCode,
        estado_da_transacao: 'PAID',
        pdf: `/api/acordos/comprovante-cartao/comp_cartao_${parcela.aci_codigo}.pdf`,
      });
    }
    const first = listed.parcelas[0]!;
    const receipt = first.comprovante_cartao!;
    const pdf = await t.app.inject({
      method: 'GET',
      url: `${receipt.pdf}?download=1`,
      headers: { host: hostOf('demo'), cookie: maria },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="comp_cartao_${first.aci_codigo}.pdf"`,
    );
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('529.***.***-25');
    expect(text).toContain('**** **** **** 0010');
    expect(text).toContain(outcomes[0]!.authorisationCode!);
    expect(text).toContain(receipt.data_de_pagamento);
    // Another person, or no session, gets nothing.
    const other = await t.app.inject({
      method: 'GET',
      url: receipt.pdf,
      headers: { host: hostOf('demo') },
    });
    expect(other.statusCode).toBe(401);
  });

  it.each([
    [SANDBOX_TEST_CARDS.rejected, 'REJECTED', CARD_OUTCOME_MESSAGES.REJECTED],
    [SANDBOX_TEST_CARDS.voided, 'VOIDED', CARD_OUTCOME_MESSAGES.VOIDED],
  ])('%s: %s ends the agreement, nothing is settled', async (number, state, message) => {
    const { res, agreementId } = await payByCard(number, CVVS[1]!);
    expect(res.json()).toMatchObject({ retorno: false, mensagem: message });
    expect(res.json().dados.parcelas[0].estado_da_transacao).toBe(state);
    expect(await agreementStatus(agreementId)).toBe('cancelled');
    const { outcomes, events } = await settlements(agreementId);
    expect(outcomes.map((o) => o.state)).toEqual([state]);
    expect(await statusEvents(agreementId)).toEqual([
      ['active', 'cancelled', `card:${state}:${outcomes[0]!.gatewayChargeId}`],
    ]);
    expect(events).toEqual([]);
  });

  it('a charge the gateway refuses (4xx, a spent token) ends the agreement with an event; a retry charges nothing', async () => {
    const key = 'cartao-recusado-abcdef';
    const plan = await cardPlan();
    const token = await tokenise(await tokenUrl(), { number: SANDBOX_TEST_CARDS.paid, cvv: CVVS[2]! });
    const dadosDoCartao = { token: token.id, bandeira: 'VISA', ultimos_digitos: '0010' };
    // The token is spent at the gateway before the portal uses it (single use, as Pagar.me's).
    await fetch(`${sandbox.baseUrl}/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${SANDBOX_TEST_KEYS.secretKey}:`).toString('base64')}`,
      },
      body: JSON.stringify({
        code: 'outro-pedido',
        payments: [
          {
            payment_method: 'credit_card',
            amount: 100,
            credit_card: { installments: 1, card_token: token.id },
          },
        ],
      }),
    });
    const res = await confirm(plan, { dadosDoCartao }, key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ retorno: false, mensagem: CARD_OUTCOME_MESSAGES.REFUSED });
    const agreementId = res.json().dados.aco_codigo as number;
    expect(res.json().dados.parcelas[0].estado_da_transacao).toBe('REJECTED');
    expect(await agreementStatus(agreementId)).toBe('cancelled');
    expect(await statusEvents(agreementId)).toEqual([['active', 'cancelled', 'card:refused:422']]);
    const again = await confirm(plan, { dadosDoCartao }, key);
    expect(again.json()).toEqual(res.json());
    const { outcomes, events } = await settlements(agreementId);
    expect([outcomes, events]).toEqual([[], []]);
    expect(await statusEvents(agreementId)).toHaveLength(1);
  });

  it('a retry with the same Idempotency-Key answers the same outcome and charges once', async () => {
    const key = 'cartao-retry-abcdef';
    const { res, plan, dadosDoCartao, agreementId } = await payByCard(SANDBOX_TEST_CARDS.paid, CVVS[2]!, key);
    const again = await confirm(plan, { dadosDoCartao }, key);
    expect(again.json()).toEqual(res.json());
    const { reference } = (await settlements(agreementId)).payment;
    const orders = await fetch(`${sandbox.baseUrl}/orders?code=${encodeURIComponent(reference)}`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${SANDBOX_TEST_KEYS.secretKey}:`).toString('base64')}`,
      },
    });
    expect(((await orders.json()) as { data: unknown[] }).data).toHaveLength(1);
  });

  it('a gateway that does not answer: the person is told it is pending; the listing then settles it once', async () => {
    const { res, agreementId } = await payByCard(SANDBOX_TEST_CARDS.slow, CVVS[0]!);
    expect(res.json()).toMatchObject({ retorno: true, mensagem: CARD_OUTCOME_MESSAGES.PENDING });
    expect(res.json().dados.parcelas[0].estado_da_transacao).toBe('PENDING');
    expect((await settlements(agreementId)).outcomes).toEqual([]);
    await new Promise((done) => setTimeout(done, 1_600));
    await myAgreement(agreementId);
    const listed = (await myAgreement(agreementId))!;
    expect(listed.parcelas.map((p) => p.status)).toEqual(listed.parcelas.map(() => 'B'));
    const { outcomes, events } = await settlements(agreementId);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]!.cause).toMatch(/^lookup:ch_/);
    expect(events).toHaveLength(listed.parcelas.length);
  });

  it('offers by card only plans the gateway can charge: at most CARD_MAX_INSTALMENTS card instalments', async () => {
    const debts = await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf('demo'), cookie: maria });
    const debt = (debts.json().dados as DividasResposta).dividas.find(
      (d) => d.loja.loj_fantasia === 'Banco Horizonte',
    )!;
    const plans = async (metodoPagamento: string) =>
      (
        (
          await quotePlans(
            t,
            debt,
            { cookie: maria, partner: 'demo' },
            {
              metodoPagamento,
              pagamentoAvistaPrazo: 'P',
            },
          )
        ).json().dados as PlanosResposta
      ).pre_acordo;
    const payments = (plan: Plan) => plan.pra_quantidade + 1;
    // The store's policy goes beyond what a card takes: by boleto the longer plans stay.
    expect(Math.max(...(await plans('boleto')).map(payments))).toBeGreaterThan(CARD_MAX_INSTALMENTS);
    const byCard = await plans('cartao');
    expect(byCard.length).toBeGreaterThan(0);
    expect(Math.max(...byCard.map(payments))).toBe(CARD_MAX_INSTALMENTS);
    // The longest card plan offered is charged, not refused by the gateway after the person typed the card.
    const token = await tokenise(await tokenUrl(), { number: SANDBOX_TEST_CARDS.paid, cvv: CVVS[0]! });
    const res = await confirm(byCard.at(-1)!, {
      dadosDoCartao: { token: token.id, bandeira: 'VISA', ultimos_digitos: token.card.last_four_digits },
    });
    expect(res.json()).toMatchObject({ retorno: true, mensagem: CARD_OUTCOME_MESSAGES.PAID });
  });

  it('offers by card, where the card form is asked (senff), only plans the form fits (decision 073)', async () => {
    const cookie = await loginWithSmsToken(t, MARIA, 'senff');
    const session = { cookie, partner: 'senff' };
    const debts = await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf('senff'), cookie });
    const debt = (debts.json().dados as DividasResposta).dividas.find(
      (d) => d.loja.loj_fantasia === 'Senff Cartões',
    )!;
    // The payment counts of the plans passo_3_novo offers for a mode and a card form.
    const counts = async (pagamentoAvistaPrazo: 'A' | 'P', formaCartao: string) => {
      const res = await quotePlans(t, debt, session, {
        metodoPagamento: 'cartao',
        bandeiraCartao: 'VISA',
        formaCartao,
        pagamentoAvistaPrazo,
      });
      expect(res.json().retorno, res.body).toBe(true);
      return (res.json().dados as PlanosResposta).pre_acordo.map((p) =>
        planPaymentCount({ entryCents: p.pra_valor_entrada, instalmentCount: p.pra_quantidade }),
      );
    };
    // One-time ('À vista no cartão: taxa de 2,49%'): the one payment of paying in full, never instalments.
    expect(await counts('A', 'avista')).toEqual([1]);
    expect(await counts('P', 'avista')).toEqual([]);
    // In instalments ('2,60% de 2x a 6x e de 2,99% de 7x a 12x') and recurring: two to twelve payments.
    expect(await counts('A', 'parcelado')).toEqual([]);
    // Recurring only where the store takes it (loj_cartao_de_credito_recorrente), whatever the request asks.
    const recurring = {
      metodoPagamento: 'cartao',
      bandeiraCartao: 'VISA',
      formaCartao: 'recorrente',
    } as const;
    const refused = await quotePlans(t, debt, session, { ...recurring, pagamentoAvistaPrazo: 'P' });
    expect(refused.json()).toMatchObject({ retorno: false, mensagem: 'Forma de pagamento indisponível.' });
    await t.database.db
      .update(stores)
      .set({ recurringCard: true })
      .where(eq(stores.id, debt.loja.loj_codigo));
    expect(await counts('A', 'recorrente')).toEqual([]);
    for (const form of ['parcelado', 'recorrente']) {
      const byForm = await counts('P', form);
      expect(byForm.length).toBeGreaterThan(0);
      expect(Math.min(...byForm)).toBeGreaterThanOrEqual(2);
      expect(Math.max(...byForm)).toBeLessThanOrEqual(CARD_MAX_INSTALMENTS);
    }
  });

  it('dadosDoCartao.forma must be the card form the plan was quoted for (spec 001 §7 steps 3 and 4)', async () => {
    const plan = await cardPlan();
    const token = await tokenise(await tokenUrl(), { number: SANDBOX_TEST_CARDS.paid, cvv: CVVS[0]! });
    const card = { token: token.id, bandeira: 'VISA', ultimos_digitos: '0010' };
    const agreementsBefore = (await t.database.db.select().from(agreements)).length;
    // This plan was quoted without a card form (the demo partner does not ask for one).
    const other = await confirm(plan, { dadosDoCartao: { ...card, forma: 'parcelado' } });
    expect(other.json()).toMatchObject({
      retorno: false,
      mensagem:
        'Esta simulação expirou. Escolha a forma de pagamento novamente para ver as opções atualizadas.',
    });
    expect((await t.database.db.select().from(agreements)).length).toBe(agreementsBefore);
  });

  it('refuses a body with a card number or a CVV, and a card agreement without a token', async () => {
    const plan = await cardPlan();
    const withPan = await confirm(plan, {
      dadosDoCartao: {
        number: SANDBOX_TEST_CARDS.paid,
        token: 'token_abcdefgh',
        bandeira: 'VISA',
        ultimos_digitos: '0010',
      },
    });
    expect(withPan.statusCode).toBe(400);
    expect(withPan.json().retorno).toBe(false);
    const withCvv = await confirm(plan, {
      dadosDoCartao: { token: 'token_abcdefgh', bandeira: 'VISA', ultimos_digitos: '0010', cvv: CVVS[1] },
    });
    expect(withCvv.statusCode).toBe(400);
    const panElsewhere = await confirm(plan, { telefone: `4000 0000 0000 0010` });
    expect(panElsewhere.statusCode).toBe(400);
    const noToken = await confirm(plan, {});
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().mensagem).toBe('Informe os dados do cartão.');
  });
});

describe('security headers', () => {
  it("the configured gateway's origin may be connected to, the fingerprint host loaded from", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { host: hostOf('demo') } });
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
    expect(directive('connect-src')).toContain(new URL(gatewayProxy.baseUrl).origin);
    expect(directive('script-src')).toContain('https://fp.antifraude.example.com');
    expect(directive('script-src')).not.toContain(new URL(gatewayProxy.baseUrl).origin);
  });
});

/** The sandbox's charge id of an agreement's card payment, asked of the gateway as its own API answers it. */
async function sandboxChargeOf(agreementId: number): Promise<string> {
  const { reference } = (await settlements(agreementId)).payment;
  const lookup = await fetch(`${sandbox.baseUrl}/orders?code=${encodeURIComponent(reference)}`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${SANDBOX_TEST_KEYS.secretKey}:`).toString('base64')}`,
    },
  });
  return ((await lookup.json()) as { data: { charges: { id: string }[] }[] }).data[0]!.charges[0]!.id;
}

describe('the gateway webhook', () => {
  it('refuses bad credentials; the same event five times, out of order with others, settles once', async () => {
    const { agreementId } = await payByCard(SANDBOX_TEST_CARDS.slow, CVVS[2]!);
    expect((await settlements(agreementId)).outcomes).toEqual([]);
    const chargeId = await sandboxChargeOf(agreementId);
    const event = { id: `hook_${agreementId}`, type: 'charge.paid', data: { id: chargeId, status: 'paid' } };
    expect(
      (await webhook(event, `Basic ${Buffer.from('pagarme:errado').toString('base64')}`)).statusCode,
    ).toBe(401);
    const anonymous = await webhook(event, '');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ retorno: false, dados: null, mensagem: 'Não autorizado.' });
    expect((await settlements(agreementId)).outcomes).toEqual([]);
    // A late "pending" event, the paid one five times, a stale "failed" claim: the gateway's own state decides.
    const answers = [];
    for (const body of [
      { id: `hook_${agreementId}_0`, type: 'charge.pending', data: { id: chargeId, status: 'pending' } },
      event,
      event,
      {
        id: `hook_${agreementId}_2`,
        type: 'charge.payment_failed',
        data: { id: chargeId, status: 'failed' },
      },
      event,
      event,
      event,
    ]) {
      const res = await webhook(body);
      expect(res.statusCode).toBe(200);
      answers.push(res.json().status);
    }
    expect(answers).toEqual(Array(7).fill('recorded'));
    const { outcomes, events } = await settlements(agreementId);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ state: 'PAID', cause: `webhook:hook_${agreementId}_0` });
    expect(new Set(events.map((e) => e.instalmentId)).size).toBe(events.length);
    expect(await agreementStatus(agreementId)).toBe('settled');
    const unknown = await webhook({ id: 'hook_x', type: 'charge.paid', data: { id: 'ch_desconhecida' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().status).toBe('unknown');
  });
});

describe('a paid card the gateway later refunds (decision 047)', () => {
  it('is recorded once: the settled agreement is cancelled, its letter withdrawn, its payments kept', async () => {
    const { agreementId } = await payByCard(SANDBOX_TEST_CARDS.paid, CVVS[0]!);
    expect(await agreementStatus(agreementId)).toBe('settled');
    expect((await myAgreement(agreementId))!).toMatchObject({ aco_carta_quitacao: expect.any(String) });
    const paid = await settlements(agreementId);
    const chargeId = paid.outcomes[0]!.gatewayChargeId;
    // The creditor refunds the card at the gateway (Pagar.me: DELETE /charges/{id} of a paid charge).
    const refund = await refundAtGateway(chargeId);
    expect(refund.status).toBe(200);
    const event = { id: `hook_${agreementId}_refund`, type: 'charge.refunded', data: { id: chargeId } };
    for (const body of [event, event, { ...event, id: `hook_${agreementId}_late` }])
      expect((await webhook(body)).json().status).toBe('recorded');

    const reversals = await t.database.db
      .select()
      .from(cardPaymentReversals)
      .where(eq(cardPaymentReversals.cardPaymentId, paid.payment.id));
    expect(reversals).toMatchObject([
      { kind: 'refunded', gatewayChargeId: chargeId, cause: `webhook:hook_${agreementId}_refund` },
    ]);
    expect(await statusEvents(agreementId)).toEqual([
      ['active', 'settled', `payment:card:${chargeId}`],
      ['settled', 'cancelled', `card:refunded:${chargeId}`],
    ]);
    // The money did arrive: its events and outcome stay as they were.
    const after = await settlements(agreementId);
    expect(after.outcomes).toEqual(paid.outcomes);
    expect(after.events).toEqual(paid.events);
    expect(await myAgreement(agreementId)).toBeUndefined();
    const debts = await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf('demo'), cookie: maria });
    const belaCasa = (debts.json().dados as DividasResposta).dividas.find(
      (d) => d.loja.loj_fantasia === 'Bela Casa',
    )!;
    expect(belaCasa.acordo_ativo).toBe(false);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/gestao/acordos/${agreementId}`,
      headers: { authorization: `Bearer ${await administratorToken('estorno.admin')}` },
    });
    expect(detail.json().data).toMatchObject({
      status: 'cancelled',
      documentos: { quitacao: null },
      cartao: {
        estado: 'PAID',
        estornos: [{ tipo: 'refunded', valor: paid.payment.amountCents, em: expect.any(String) }],
      },
    });
  });
});

describe('a refund whose webhook never came (decision 056)', () => {
  it('is recorded by the card-reversals job, once, at the moment the gateway gave the money back', async () => {
    const { agreementId } = await payByCard(SANDBOX_TEST_CARDS.paid, CVVS[0]!);
    const paid = await settlements(agreementId);
    const chargeId = paid.outcomes[0]!.gatewayChargeId;
    const refund = await refundAtGateway(chargeId);
    const refundedAt = new Date(((await refund.json()) as { updated_at: string }).updated_at);
    // No webhook: the job runs days later, and again the next day (or on a second process).
    const later = new Date(refundedAt.getTime() + 3 * 86_400_000);
    await runDueJobs(deps(), jobs('card-reversals'), later);
    await runDueJobs(deps(), jobs('card-reversals'), new Date(later.getTime() + 86_400_000));

    const reversals = await t.database.db
      .select()
      .from(cardPaymentReversals)
      .where(eq(cardPaymentReversals.cardPaymentId, paid.payment.id));
    expect(reversals).toMatchObject([
      { kind: 'refunded', gatewayChargeId: chargeId, cause: `reconcile:${chargeId}`, occurredAt: refundedAt },
    ]);
    expect(await statusEvents(agreementId)).toEqual([
      ['active', 'settled', `payment:card:${chargeId}`],
      ['settled', 'cancelled', `card:refunded:${chargeId}`],
    ]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/gestao/acordos/${agreementId}`,
      headers: { authorization: `Bearer ${await administratorToken('reversao.admin')}` },
    });
    expect(detail.json().data.cartao.estornos).toEqual([
      { tipo: 'refunded', valor: paid.payment.amountCents, em: brasiliaTimestamp(refundedAt) },
    ]);
  });
});

describe('a partial refund (decision 075)', () => {
  const reversalsOf = (cardPaymentId: number) =>
    t.database.db
      .select()
      .from(cardPaymentReversals)
      .where(eq(cardPaymentReversals.cardPaymentId, cardPaymentId))
      .orderBy(cardPaymentReversals.id);
  const staffCard = async (agreementId: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/gestao/acordos/${agreementId}`,
        headers: { authorization: `Bearer ${await administratorToken('parcial.admin')}` },
      })
    ).json().data;

  it('is recorded once with its amount (webhook twice, then the job), keeps the agreement; a later full refund records the rest', async () => {
    const { agreementId } = await payByCard(SANDBOX_TEST_CARDS.paid, CVVS[0]!);
    const paid = await settlements(agreementId);
    const chargeId = paid.outcomes[0]!.gatewayChargeId;
    const value = paid.payment.amountCents;
    const first = await refundAtGateway(chargeId, 1_000);
    const charge = (await first.json()) as { status: string; canceled_amount: number; updated_at: string };
    // Pagar.me keeps a partly refunded charge paid, with what it gave back in `canceled_amount`.
    expect(charge).toMatchObject({ status: 'paid', canceled_amount: 1_000 });
    const event = {
      id: `hook_${agreementId}_partial`,
      type: 'charge.partial_canceled',
      data: { id: chargeId },
    };
    for (const body of [event, event]) expect((await webhook(body)).json().status).toBe('recorded');
    // The daily job sees the same refund: nothing more.
    await runJobNow(deps(), jobs('card-reversals')[0]!);
    expect(await reversalsOf(paid.payment.id)).toMatchObject([
      {
        kind: 'partially_refunded',
        amountCents: 1_000,
        cause: `webhook:hook_${agreementId}_partial`,
        occurredAt: new Date(charge.updated_at),
      },
    ]);
    // The agency's own act at the gateway: the agreement stands, settled, its money events untouched.
    expect(await agreementStatus(agreementId)).toBe('settled');
    expect(await statusEvents(agreementId)).toEqual([['active', 'settled', `payment:card:${chargeId}`]]);
    expect((await settlements(agreementId)).events).toEqual(paid.events);
    expect((await staffCard(agreementId)).cartao.estornos).toEqual([
      { tipo: 'partially_refunded', valor: 1_000, em: brasiliaTimestamp(new Date(charge.updated_at)) },
    ]);

    // A second part, then the rest: each records only what is new.
    await refundAtGateway(chargeId, 500);
    await runJobNow(deps(), jobs('card-reversals')[0]!);
    await refundAtGateway(chargeId);
    const rest = { id: `hook_${agreementId}_rest`, type: 'charge.refunded', data: { id: chargeId } };
    for (const body of [rest, rest]) expect((await webhook(body)).json().status).toBe('recorded');
    expect((await reversalsOf(paid.payment.id)).map((r) => [r.kind, r.amountCents, r.cause])).toEqual([
      ['partially_refunded', 1_000, `webhook:hook_${agreementId}_partial`],
      ['partially_refunded', 500, `reconcile:${chargeId}:1500`],
      ['refunded', value - 1_500, `webhook:hook_${agreementId}_rest`],
    ]);
    expect(await statusEvents(agreementId)).toEqual([
      ['active', 'settled', `payment:card:${chargeId}`],
      ['settled', 'cancelled', `card:refunded:${chargeId}`],
    ]);
  });

  it('whose webhook never came is found by the card-reversals job', async () => {
    const { agreementId } = await payByCard(SANDBOX_TEST_CARDS.paid, CVVS[0]!);
    const paid = await settlements(agreementId);
    const chargeId = paid.outcomes[0]!.gatewayChargeId;
    const refund = (await (await refundAtGateway(chargeId, 2_500)).json()) as { updated_at: string };
    await runJobNow(deps(), jobs('card-reversals')[0]!);
    expect(await reversalsOf(paid.payment.id)).toMatchObject([
      {
        kind: 'partially_refunded',
        amountCents: 2_500,
        cause: `reconcile:${chargeId}:2500`,
        occurredAt: new Date(refund.updated_at),
      },
    ]);
    expect(await agreementStatus(agreementId)).toBe('settled');
  });
});

describe('the gateway webhook while the gateway does not answer', () => {
  it('is a 503 in the envelope (the gateway delivers it again), never a 500', async () => {
    // A portal whose gateway is a port nobody listens on: the webhook's lookup of the charge fails.
    const away = await createTestApp({
      env: {
        CARD_GATEWAY_URL: 'http://127.0.0.1:9/core/v5',
        CARD_GATEWAY_SECRET_KEY: SANDBOX_TEST_KEYS.secretKey,
        CARD_GATEWAY_PUBLIC_KEY: SANDBOX_TEST_KEYS.publicKey,
        CARD_GATEWAY_TIMEOUT_MS: '200',
        CARD_WEBHOOK_USER: WEBHOOK.user,
        CARD_WEBHOOK_PASSWORD: WEBHOOK.password,
      },
    });
    try {
      const res = await away.app.inject({
        method: 'POST',
        url: '/api/cartao/webhook',
        payload: { id: 'hook_fora', type: 'charge.paid', data: { id: 'ch_fora' } },
        headers: {
          authorization: `Basic ${Buffer.from(`${WEBHOOK.user}:${WEBHOOK.password}`).toString('base64')}`,
        },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        retorno: false,
        mensagem: 'Serviço temporariamente indisponível. Tente novamente em alguns minutos.',
      });
    } finally {
      await away.close();
    }
  }, 120_000);
});

// The scheduled jobs named, run with the portal's card gateway (no PIX here).
const jobs = (...names: string[]) => SCHEDULED_JOBS.filter((job) => names.includes(job.name));
const deps = () => ({
  database: t.database,
  providers: new Map(),
  pix: { gatewayFor: () => Promise.reject(new Error('no PIX here')), afterMinutes: 30 },
  cardGateway: pagarmeGateway({
    baseUrl: gatewayProxy.baseUrl,
    browserBaseUrl: gatewayProxy.baseUrl,
    ...SANDBOX_TEST_KEYS,
    timeoutMs: 2_000,
  }),
  log: t.app.log,
  cvDir: NO_CVS,
});

describe('a card payment the gateway has not decided', () => {
  it('keeps its agreement past the tolerance; the reconciliation job settles it once', async () => {
    const { agreementId, plan } = await payByCard(SANDBOX_TEST_CARDS.slow, CVVS[1]!);
    expect((await settlements(agreementId)).outcomes).toEqual([]);
    // Well past the entry's due date and the store's tolerance: an unpaid boleto agreement would be broken.
    const late = addDays(plan.pra_primeiro_vcto, 30);
    const noon = new Date(`${late}T12:00:00-03:00`);
    await runDueJobs(deps(), jobs('broken'), noon, late);
    expect(await agreementStatus(agreementId)).toBe('active');
    expect(await statusEvents(agreementId)).toEqual([]);
    // The gateway's answer was lost: the job asks, twice (a second process, the next round), and settles once.
    await new Promise((done) => setTimeout(done, 1_600));
    await runDueJobs(deps(), jobs('reconcile-card'), noon);
    await runDueJobs(deps(), jobs('reconcile-card'), new Date(noon.getTime() + 10 * 60_000));
    const { outcomes, events } = await settlements(agreementId);
    expect(outcomes).toMatchObject([{ state: 'PAID', cause: `lookup:${outcomes[0]!.gatewayChargeId}` }]);
    expect(await agreementStatus(agreementId)).toBe('settled');
    expect(await statusEvents(agreementId)).toEqual([
      ['active', 'settled', `payment:card:${outcomes[0]!.gatewayChargeId}`],
    ]);
    const instalments = await t.database.db.execute(
      sql`select count(*)::int as n from agreement_instalments where aco_codigo = ${agreementId}`,
    );
    expect(events).toHaveLength((instalments.rows[0] as { n: number }).n);
    expect(new Set(events.map((e) => e.instalmentId)).size).toBe(events.length);
  });

  it('one the gateway never received: pending for 30 minutes, then its agreement is cancelled, nothing charged', async () => {
    const { agreementId } = await payByCard(SANDBOX_TEST_CARDS.slow, CVVS[2]!);
    const [payment] = await t.database.db
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.agreementId, agreementId));
    // Another gateway instance knows no order under this reference: the charge never reached it.
    const elsewhere = await startSandboxGateway();
    try {
      const unaware = pagarmeGateway({
        baseUrl: elsewhere.baseUrl,
        browserBaseUrl: elsewhere.baseUrl,
        ...SANDBOX_TEST_KEYS,
        timeoutMs: 2_000,
      });
      // The reconcile-card job's use case, at pinned times after the payment was made.
      const askAt = (minutes: number) =>
        confirmPendingCardPayments(
          t.database.db,
          unaware,
          'everyone',
          t.app.log,
          new Date(payment!.createdAt.getTime() + minutes * 60_000),
        );
      await askAt(10);
      expect(await agreementStatus(agreementId)).toBe('active');
      await askAt(31);
      await askAt(40);
      expect(await agreementStatus(agreementId)).toBe('cancelled');
      expect(await statusEvents(agreementId)).toEqual([['active', 'cancelled', 'card:not-received']]);
      expect((await settlements(agreementId)).events).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });
});

/** The gateway answers the lookup of one agreement's card payment itself (GET /orders?code={its reference}). */
async function answerLookupOf(
  agreementId: number,
  answer: (reference: string) => { status: number; json: unknown },
) {
  const { reference } = (await settlements(agreementId)).payment;
  gatewayProxy.answer = ({ method, url }) =>
    method === 'GET' && url.endsWith(`/orders?code=${encodeURIComponent(reference)}`)
      ? answer(reference)
      : undefined;
}

const RATE_LIMITED = { status: 429, json: { message: 'Too Many Requests' } };

describe('a lookup of a pending card payment that fails (decision 092)', () => {
  it.each([
    ['refused (429, rate limited)', () => RATE_LIMITED, 429],
    // An order the adapter cannot read: no charge in it.
    [
      'an order without a charge',
      (reference: string) => ({
        status: 200,
        json: { data: [{ id: 'or_sem_cobranca', code: reference, charges: [] }] },
      }),
      'Error',
    ],
  ] as const)(
    '%s: Meus Acordos still lists, the payment stays pending, the next listing settles it',
    async (_, answer, failure) => {
      const { agreementId } = await payByCard(SANDBOX_TEST_CARDS.slow, CVVS[0]!);
      await answerLookupOf(agreementId, answer);
      const list = () =>
        call(t, 'negociacao_robo/passo_5', {}, { host: hostOf('demo'), cookie: maria, ip: CLIENT });
      const res = await list();
      expect(res.statusCode, res.body).toBe(200);
      const listed = (res.json().dados.acordos as { dadosAcordo: { aco_codigo: number } }[]).map(
        (a) => a.dadosAcordo.aco_codigo,
      );
      expect(listed).toContain(agreementId);
      expect(await agreementStatus(agreementId)).toBe('active');
      const { payment, outcomes } = await settlements(agreementId);
      expect(outcomes).toEqual([]);
      // Logged by payment and kind of failure only.
      const logged = logLines
        .filter((line) => line.includes('card gateway lookup failed'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logged.at(-1)).toMatchObject({ cardPaymentId: payment.id, agreementId, failure });
      gatewayProxy.answer = () => undefined;
      expect((await list()).statusCode).toBe(200);
      expect((await settlements(agreementId)).outcomes).toMatchObject([{ state: 'PAID' }]);
      expect(await agreementStatus(agreementId)).toBe('settled');
    },
  );

  it('the reconcile-card job asks about the next payment, finishes, and cancels none whose lookup failed as not received', async () => {
    const older = await payByCard(SANDBOX_TEST_CARDS.slow, CVVS[1]!, undefined, 'Banco Horizonte');
    const newer = await payByCard(SANDBOX_TEST_CARDS.slow, CVVS[2]!);
    await answerLookupOf(older.agreementId, () => RATE_LIMITED);
    const [reconcile] = jobs('reconcile-card');
    // 40 minutes on: a payment the gateway answered it had no order for would be cancelled as not received.
    const later = new Date(Date.now() + 40 * 60_000);
    expect((await runJobNow(deps(), reconcile!, later)).dates).toHaveLength(1);
    expect((await settlements(newer.agreementId)).outcomes).toMatchObject([{ state: 'PAID' }]);
    expect(await agreementStatus(older.agreementId)).toBe('active');
    expect(await statusEvents(older.agreementId)).toEqual([]);
    // The gateway answers again: the charge it made is recorded, once.
    gatewayProxy.answer = () => undefined;
    await runJobNow(deps(), reconcile!, new Date(later.getTime() + 5 * 60_000));
    const { outcomes } = await settlements(older.agreementId);
    expect(outcomes).toMatchObject([{ state: 'PAID', cause: `lookup:${outcomes[0]!.gatewayChargeId}` }]);
    expect(await agreementStatus(older.agreementId)).toBe('settled');
  });
});

describe('an order request refused under a reference the gateway may have charged (decision 092)', () => {
  it('a retry while the first request is still at the gateway (409) stays pending; the charge is then recorded', async () => {
    const key = 'cartao-em-andamento-abcdef';
    const { res, plan, dadosDoCartao, agreementId } = await payByCard(SANDBOX_TEST_CARDS.slow, CVVS[0]!, key);
    expect(res.json().mensagem).toBe(CARD_OUTCOME_MESSAGES.PENDING);
    // The first request is in process: the retry is refused, and its order is not listed yet.
    gatewayProxy.answer = ({ method, url }) =>
      method === 'POST' && url.endsWith('/orders')
        ? { status: 409, json: { message: 'A request with this Idempotency-Key is in process.' } }
        : method === 'GET' && url.includes('/orders?')
          ? { status: 200, json: { data: [], paging: { total: 0 } } }
          : undefined;
    const again = await confirm(plan, { dadosDoCartao }, key);
    expect(again.json()).toMatchObject({ retorno: true, mensagem: CARD_OUTCOME_MESSAGES.PENDING });
    expect(await agreementStatus(agreementId)).toBe('active');
    gatewayProxy.answer = () => undefined;
    const listed = (await myAgreement(agreementId))!;
    expect(listed.parcelas.map((p) => p.status)).toEqual(listed.parcelas.map(() => 'B'));
    expect((await settlements(agreementId)).outcomes).toMatchObject([{ state: 'PAID' }]);
    expect(await statusEvents(agreementId)).toHaveLength(1);
  });

  it.each([
    [SANDBOX_TEST_CARDS.paid, 'PAID', 'settled', true],
    [SANDBOX_TEST_CARDS.rejected, 'REJECTED', 'cancelled', false],
  ] as const)(
    "%s: a retry past the Idempotency-Key's 24 hours, its token spent (422), records the first request's charge: %s",
    async (number, state, status, retorno) => {
      const key = `cartao-dia-seguinte-${state.toLowerCase()}`;
      // The first passo_4_novo a day and more ago; its answer never reached the person, nor its charge the portal.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 25 * 60 * 60_000, shouldAdvanceTime: true });
      let first: Awaited<ReturnType<typeof payByCard>>;
      try {
        maria = await login(t, MARIA);
        gatewayProxy.answer = ({ method, url }) =>
          method === 'POST' && url.endsWith('/orders') ? { status: 504, json: {}, passOn: true } : undefined;
        first = await payByCard(number, CVVS[1]!, key);
      } finally {
        vi.useRealTimers();
        gatewayProxy.answer = () => undefined;
      }
      expect(first.res.json().mensagem).toBe(CARD_OUTCOME_MESSAGES.PENDING);
      maria = await login(t, MARIA);
      const again = await confirm(first.plan, { dadosDoCartao: first.dadosDoCartao }, key);
      expect(again.json()).toMatchObject({ retorno, mensagem: CARD_OUTCOME_MESSAGES[state] });
      const { outcomes } = await settlements(first.agreementId);
      expect(outcomes).toMatchObject([{ state, cause: `lookup:${outcomes[0]!.gatewayChargeId}` }]);
      expect(await agreementStatus(first.agreementId)).toBe(status);
    },
  );
});

/** An administrator's bearer token (a new user each time: the suite shares one app). */
async function administratorToken(username: string): Promise<string> {
  await createStaffUser(t.database.db, { username, password: 'Cartao#2026x', role: 'administrator' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: 'Cartao#2026x' },
    remoteAddress: '10.2.9.1',
  });
  return login.json().access_token as string;
}

describe('a staff cancellation of a card agreement the gateway has not decided', () => {
  it('is refused while the card may be charged: the charge is then recorded, never lost', async () => {
    const token = await administratorToken('cartao.admin');
    const cancel = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/gestao/acordos/${id}/cancelar`,
        headers: { authorization: `Bearer ${token}` },
        payload: { motivo: 'Cliente pediu o cancelamento por telefone.' },
      });
    const { agreementId } = await payByCard(SANDBOX_TEST_CARDS.slow, CVVS[0]!);
    expect((await settlements(agreementId)).outcomes).toEqual([]);
    const refused = await cancel(agreementId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: AGREEMENT_ADMIN_MESSAGES.cardPending });
    expect(await agreementStatus(agreementId)).toBe('active');
    // The gateway charged the card: the reconciliation job records it, and the agreement is settled.
    await new Promise((done) => setTimeout(done, 1_600));
    await t.database.db.delete(scheduledJobRuns).where(eq(scheduledJobRuns.name, 'reconcile-card'));
    await runDueJobs(deps(), jobs('reconcile-card'));
    expect((await settlements(agreementId)).outcomes).toMatchObject([{ state: 'PAID' }]);
    expect(await agreementStatus(agreementId)).toBe('settled');
    expect((await cancel(agreementId)).statusCode).toBe(409);
  });
});

describe('a card payment recorded after midnight in Brasília', () => {
  it('is money of the day the gateway charged the card: payment events, receipt and discharge letter date', async () => {
    // The whole payment within one day in Brasília, so the day the card is charged is known.
    await clearOfMidnight(60_000);
    const chargedOn = todayInBrasilia();
    const { agreementId } = await payByCard(SANDBOX_TEST_CARDS.slow, CVVS[1]!);
    expect((await settlements(agreementId)).outcomes).toEqual([]);
    const chargeId = await sandboxChargeOf(agreementId);
    // The gateway's webhook comes after midnight (the portal was down, or the gateway late): the next day's clock.
    vi.useFakeTimers({
      toFake: ['Date'],
      now: new Date(`${addDays(chargedOn, 1)}T00:05:00-03:00`),
      shouldAdvanceTime: true,
    });
    try {
      const res = await webhook({
        id: `hook_meia_noite_${agreementId}`,
        type: 'charge.paid',
        data: { id: chargeId },
      });
      expect(res.json().status).toBe('recorded');
    } finally {
      vi.useRealTimers();
    }
    const { outcomes, events } = await settlements(agreementId);
    expect(events.length).toBeGreaterThan(0);
    expect(events.map((e) => e.occurredOn)).toEqual(events.map(() => chargedOn));
    // The receipt's date and time (spec 001 §3) are the charge's too.
    expect(todayInBrasilia(outcomes[0]!.occurredAt)).toBe(chargedOn);
    const dischargeLetter = await loadAgreementPayments(t.database.db, agreementId);
    expect(dischargeLetter.lastPaidOn).toBe(chargedOn);
  });
});

describe('after the card tests', () => {
  it('no card number (Luhn-valid 13-19 digit run) or CVV used is in the database, the outbox or the logs', async () => {
    // The scanner's own tests (card-scan.test.ts) plant what it must find.
    const after = await storedTexts(t.database);
    expect(after.texts.has('outbound_messages.body_text')).toBe(true);
    expect(cardDataStoredSince(before, after, USED)).toEqual([]);
    expect(logLines.length).toBeGreaterThan(0);
    expect(cardDataInLog(logLines, USED)).toEqual([]);
  });

  it('no card number or CVV the portal’s own sandbox gateway receives reaches its log', async () => {
    // Without CARD_GATEWAY_URL the portal serves the sandbox (README): the browser's card goes through this process.
    const lines: string[] = [];
    const own = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const card = { holder_name: 'MARIA SILVA', exp_month: 12, exp_year: 2030, cvv: CVVS[0] };
      for (const [appId, number] of [
        [SANDBOX_KEYS.publicKey, SANDBOX_TEST_CARDS.paid],
        ['pk_errada', SANDBOX_TEST_CARDS.rejected],
        [SANDBOX_KEYS.publicKey, '4000 0000 0000 0036'],
      ]) {
        const res = await own.app.inject({
          method: 'POST',
          url: `/sandbox-gateway/core/v5/tokens?appId=${appId}`,
          payload: { type: 'card', card: { ...card, number } },
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
      }
    } finally {
      await own.close();
    }
    expect(lines.some((line) => line.includes('/sandbox-gateway/core/v5/tokens'))).toBe(true);
    expect(cardDataInLog(lines, USED)).toEqual([]);
  }, 120_000);
});

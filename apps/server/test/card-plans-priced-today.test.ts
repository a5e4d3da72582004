import {
  addDays,
  type DividasResposta,
  formatBrDate,
  type PlanosResposta,
  todayInBrasilia,
} from '@portal/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { agreementInstalments, agreements, cardPayments, preAgreements } from '../src/db/schema';
import { SANDBOX_TEST_CARDS } from '../src/integrations/card-gateway/sandbox-gateway';
import { planOfCode } from '../src/repositories/plan-repository';
import { cardGatewayEnv, type SandboxServer, startSandboxGateway, tokenise } from './card-gateway-helpers';
import { type DebtCard, type Plan, quotePlans } from './debt-helpers';
import { call, hostOf, login, MARIA } from './identification-helpers';
import { pinClock, WEEKDAY_NOON } from './pinned-clock';
import { createTestApp, type TestApp } from './test-app';

// Decision 091: a card is charged when its agreement is confirmed, so its plans are priced as of today (Brasília) and
// name today as their first due date; a later date, which would add interest for days that never ran, is refused.

const CLIENT = '10.2.0.91';
let sandbox: SandboxServer;
let t: TestApp;
let maria: string;
let card: DebtCard;

beforeAll(async () => {
  pinClock();
  sandbox = await startSandboxGateway();
  t = await createTestApp({
    env: {
      RATE_LIMIT_ALLOWLIST: CLIENT,
      ...cardGatewayEnv(sandbox.baseUrl),
    },
  });
  maria = await login(t, MARIA);
  const debts = await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf('demo'), cookie: maria });
  card = (debts.json().dados as DividasResposta).dividas.find((d) => d.loja.loj_fantasia === 'Bela Casa')!;
});
beforeEach(pinClock);
// An agreement a test makes ends, so the next test can agree on the same debt.
afterEach(async () => {
  await t.database.db
    .update(agreements)
    .set({ status: 'cancelled' })
    .where(
      and(inArray(agreements.status, ['active', 'settled']), sql`${agreements.preAgreementId} is not null`),
    );
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
  await sandbox?.close();
});

const today = todayInBrasilia(WEEKDAY_NOON);

const plansOn = (method: 'boleto' | 'cartao', date: string) =>
  quotePlans(
    t,
    card,
    { cookie: maria, partner: 'demo' },
    { metodoPagamento: method, pagamentoAvistaPrazo: 'P', primeiroVencimento: formatBrDate(date) },
  );

async function cardPlansToday(): Promise<PlanosResposta> {
  const res = await plansOn('cartao', today);
  expect(res.json().retorno, res.body).toBe(true);
  return res.json().dados;
}

/** The browser's part: the card to the gateway, then passo_4_novo with the token, brand and last four. */
async function payByCard(plan: Plan, firstDueDate = plan.pra_primeiro_vcto) {
  const gateway = await t.app.inject({
    method: 'GET',
    url: '/api/cartao/gateway',
    headers: { host: hostOf('demo') },
  });
  const token = await tokenise(gateway.json().tokenUrl, { number: SANDBOX_TEST_CARDS.paid });
  const dadosDoCartao = { token: token.id, bandeira: 'VISA', ultimos_digitos: token.card.last_four_digits };
  return call(
    t,
    'negociacao_robo/passo_4_novo',
    {
      praCodigo: plan.pra_codigo,
      formaDePagamento: 'cartao',
      primeiroVencimento: formatBrDate(firstDueDate),
      dadosDoCartao,
    },
    { host: hostOf('demo'), cookie: maria, ip: CLIENT },
  );
}

describe('card plans (decision 091)', () => {
  it('are priced as of today, dated today; a later first due date is refused with the spec message', async () => {
    const later = addDays(today, card.loja.prazo_maximo_entrada_site);
    expect(later > today).toBe(true);
    const boleto = async (date: string) =>
      ((await plansOn('boleto', date)).json().dados as PlanosResposta).pre_acordo;
    const [boletoToday, boletoLater] = [await boleto(today), await boleto(later)];
    // The debt is late: by boleto, a later first due date costs more interest.
    expect(boletoLater[0]!.valor_total_acordo).toBeGreaterThan(boletoToday[0]!.valor_total_acordo);

    const byCard = await cardPlansToday();
    expect(byCard.pre_acordo.length).toBeGreaterThan(0);
    expect(byCard.primeiro_vencimento_maximo).toBe(today);
    for (const plan of byCard.pre_acordo) {
      expect(plan.pra_primeiro_vcto).toBe(today);
      const same = boletoToday.find((p) => p.pra_quantidade === plan.pra_quantidade)!;
      expect(plan.valor_total_acordo).toBe(same.valor_total_acordo);
    }
    for (const date of [addDays(today, 1), later]) {
      expect((await plansOn('cartao', date)).json()).toEqual({
        retorno: false,
        mensagem: `Data de vencimento passada é inválida, a data máxima possível é: ${formatBrDate(today)}`,
        dados: { primeiro_vencimento_maximo: today },
      });
    }
  });

  it('charge the plan priced as of today, and its agreement falls due today', async () => {
    const plan = (await cardPlansToday()).pre_acordo[0]!;
    const res = await payByCard(plan);
    expect(res.json().retorno, res.body).toBe(true);
    const agreementId = res.json().dados.aco_codigo as number;
    const [payment] = await t.database.db
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.agreementId, agreementId));
    expect(payment!.amountCents).toBe(plan.valor_total_acordo);
    const [agreement] = await t.database.db.select().from(agreements).where(eq(agreements.id, agreementId));
    expect(agreement!.firstDueDate).toBe(today);
    const rows = await t.database.db
      .select()
      .from(agreementInstalments)
      .where(eq(agreementInstalments.agreementId, agreementId))
      .orderBy(agreementInstalments.number);
    expect(rows[0]!.dueDate).toBe(today);
  });

  it('passo_4_novo charges no card plan dated later than today (one quoted before this rule)', async () => {
    const plan = (await cardPlansToday()).pre_acordo[0]!;
    const later = addDays(today, 10);
    await t.database.db
      .update(preAgreements)
      .set({ firstDueDate: later })
      .where(eq(preAgreements.id, planOfCode(plan.pra_codigo).searchId));
    const cardPaymentCount = async () => (await t.database.db.select().from(cardPayments)).length;
    const before = await cardPaymentCount();
    const res = await payByCard(plan, later);
    expect(res.json()).toMatchObject({ retorno: false, dados: { simulacao_expirada: true } });
    expect(await cardPaymentCount()).toBe(before);
  });
});

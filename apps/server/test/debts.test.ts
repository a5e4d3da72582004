import { brotliDecompressSync } from 'node:zlib';
import {
  addDays,
  CARD_MAX_INSTALMENTS,
  type CustomizationFields,
  type DividasResposta,
  formatBrDate,
  type PlanosResposta,
  type SegundaVia,
  todayInBrasilia,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  agreementCoveredInstalments,
  agreements,
  debtorRequests,
  partnerSections,
  partners,
  preAgreements,
  secondCopies,
  stores,
} from '../src/db/schema';
import { findPartnerByIdentifier } from '../src/repositories/partner-repository';
import { findPersonByDocument } from '../src/repositories/person-repository';
import { planOfCode } from '../src/repositories/plan-repository';
import { recordSecondCopyPayment } from '../src/repositories/second-copy-repository';
import { insertAgreement } from './agreement-admin-helpers';
import { debtListingBothWays, quotePlans } from './debt-helpers';
import { call, hostOf, JOAO, login, MARIA, stepsLogged } from './identification-helpers';
import { startHttpPeer } from './local-http-peer';
import { pinClock, WEEKDAY_NOON } from './pinned-clock';
import { createTestApp, type TestApp } from './test-app';

// Debtor area calls (spec 001 §7 steps 2-4, issue 4): scoping by session, plans computed and kept by the server.

let t: TestApp;
beforeAll(async () => {
  pinClock();
  t = await createTestApp();
});
beforeEach(pinClock);
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

async function debts(cookie: string, partner = 'demo', body: Record<string, unknown> = {}) {
  return call(t, 'negociacao_robo/passo_2_novo', body, { host: hostOf(partner), cookie });
}

const today = todayInBrasilia(WEEKDAY_NOON);

describe('passo_2_novo: the debts of the session person in the partner stores', () => {
  let maria: string;
  let answer: DividasResposta;
  beforeAll(async () => {
    maria = await login(t, MARIA);
    answer = (await debts(maria)).json().dados;
  });

  it('lists one card per store, or per contract where the store groups (contratos_iguais)', () => {
    expect(answer.pessoa.pes_nome).toBe('Maria da Silva Santos');
    const names = answer.dividas.map((d) => d.loja.loj_fantasia);
    // demo serves Alfa Eletro (grouping on: two contracts, two cards), Banco Horizonte, Bela Casa and the
    // boleto-only Energia Luz; Maria's debts in the other stores belong to other partners.
    expect(names).toEqual(['Alfa Eletro', 'Alfa Eletro', 'Banco Horizonte', 'Bela Casa', 'Energia Luz']);
    expect(answer.dividas.map((d) => d.tipo_necociacao)).toEqual(['S', 'S', 'S', 'S', 'N']);
    expect(new Set(answer.dividas.map((d) => d.chave)).size).toBe(5);
    expect(answer.acordo_ativo).toBe(false);
  });

  it('adds up the card figures from its instalments', () => {
    for (const card of answer.dividas) {
      const parcelas = card.contratos.flatMap((c) => c.parcelas);
      expect(card.total_original).toBe(parcelas.reduce((s, p) => s + p.par_valor, 0));
      expect(card.totalCorrigido).toBe(parcelas.reduce((s, p) => s + p.corrigido, 0));
      expect(card.saldo_contrato_com_desconto).toBeLessThanOrEqual(card.totalCorrigido);
      expect(card.total_desconto).toBe(card.totalCorrigido - card.saldo_contrato_com_desconto);
      for (const p of parcelas) {
        if (p.fase > 0) expect(p.corrigido).toBeGreaterThan(p.par_valor);
        else expect(p.corrigido).toBe(p.par_valor);
      }
    }
  });

  it('computes the updated value of an overdue instalment as the domain rule says', () => {
    // First Alfa Eletro contract: R$ 249,90 instalments; the oldest unpaid one is 3 months overdue.
    const oldest = answer.dividas[0]!.contratos[0]!.parcelas[0]!;
    expect(oldest.par_valor).toBe(24_990);
    const fine = Math.round(24_990 * 0.02);
    const interest = Math.round((24_990 * 0.01 * oldest.fase) / 30);
    expect(oldest.corrigido).toBe(24_990 + fine + interest);
  });

  it('updates the figures when the Brasília date changes, though the debts and their cached snapshot do not', async () => {
    // A card's figures are kept with the cached snapshot for the day (list-debts.ts cardFigures). The clock goes
    // back a day, not forward: the session, used a moment ago, stays live.
    const oldest = (card: DividasResposta['dividas'][number]) => card.contratos[0]!.parcelas[0]!;
    const today: DividasResposta = (await debts(maria)).json().dados;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 86_400_000, shouldAdvanceTime: true });
    let dayBefore: DividasResposta;
    try {
      dayBefore = (await debts(maria)).json().dados;
    } finally {
      pinClock();
    }
    const [before, now] = [oldest(dayBefore.dividas[0]!), oldest(today.dividas[0]!)];
    expect(before.fase).toBe(now.fase - 1);
    expect(before.corrigido).toBeLessThan(now.corrigido);
    // And today's figures again once the date is back.
    expect((await debts(maria)).json().dados).toEqual(today);
  });

  it('adds the future entries to the totals only when asked', async () => {
    const withFuture: DividasResposta = (await debts(maria, 'demo', { lancamentoFuturo: 'S' })).json().dados;
    const [plain, future] = [answer.dividas[0]!, withFuture.dividas[0]!];
    expect(plain.lancamentos_futuros.total).toBeGreaterThan(0);
    expect(future.totalCorrigido).toBe(plain.totalCorrigido + plain.lancamentos_futuros.total);
  });

  it("follows the partner's grouping when it changes, though the cards are kept with the cached snapshot", async () => {
    // A card's body is kept with the snapshot for the day (list-debts.ts cardBody); its key (chave) and how the
    // contracts are grouped come from the partner's configuration on every call.
    const [demo] = await t.database.db.select().from(partners).where(eq(partners.identifier, 'demo'));
    const where = and(eq(partnerSections.partnerId, demo!.id), eq(partnerSections.name, 'customization'));
    const [section] = await t.database.db.select().from(partnerSections).where(where);
    const custom = section!.fields as CustomizationFields;
    const grouped: DividasResposta = (await debts(maria)).json().dados;
    const alfa = grouped.dividas.filter((d) => d.loja.loj_fantasia === 'Alfa Eletro');
    expect(alfa.map((d) => d.chave)).toEqual(
      alfa.map((d) => `${d.loj_codigo}-${d.contratos[0]!.con_contrato}`),
    );
    await t.database.db
      .update(partnerSections)
      .set({ fields: { ...custom, myDebits: { ...custom.myDebits, flgAgruparContratos: false } } })
      .where(where);
    t.app.partnerCache.invalidate(demo!.id);
    try {
      const whole: DividasResposta = (await debts(maria)).json().dados;
      const [store] = whole.dividas.filter((d) => d.loja.loj_fantasia === 'Alfa Eletro');
      expect(whole.dividas).toHaveLength(grouped.dividas.length - 1);
      expect(store!.chave).toBe(String(store!.loj_codigo));
      expect(store!.pre_codigos).toEqual(alfa.flatMap((d) => d.pre_codigos));
      expect(store!.total_original).toBe(alfa.reduce((sum, d) => sum + d.total_original, 0));
    } finally {
      await t.database.db.update(partnerSections).set({ fields: custom }).where(where);
      t.app.partnerCache.invalidate(demo!.id);
    }
    expect((await debts(maria)).json().dados).toEqual(grouped);
  });

  it('sends the listing in the bytes JSON.stringify writes (its schema serialiser), compressed when accepted', async () => {
    const joao = await login(t, JOAO);
    const acme = await login(t, MARIA, 'acme');
    for (const [session, body] of [
      [{ cookie: maria, partner: 'demo' }, {}],
      [{ cookie: maria, partner: 'demo' }, { lancamentoFuturo: 'S' as const }],
      [{ cookie: maria, partner: 'demo' }, { lojCodigo: answer.dividas[2]!.loj_codigo }],
      [{ cookie: joao, partner: 'demo' }, {}],
      [{ cookie: acme, partner: 'acme' }, {}],
    ] as const) {
      const { sent, stringified } = await debtListingBothWays(t, session, body);
      expect(sent).toBe(stringified);
    }
    // A browser that accepts brotli gets the same bytes compressed.
    const compressed = await t.app.inject({
      method: 'POST',
      url: '/api.php?a=negociacao_robo&b=passo_2_novo',
      payload: {},
      headers: { host: hostOf('demo'), cookie: maria, 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    // Compressed in one call (app.ts syncThreshold), not streamed: its length is known.
    expect(compressed.headers['content-length']).toBe(String(compressed.rawPayload.length));
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe((await debts(maria)).body);
  });

  it('shows another partner only its own stores', async () => {
    const acme = await login(t, MARIA, 'acme');
    const onAcme: DividasResposta = (await debts(acme, 'acme')).json().dados;
    expect(onAcme.dividas.map((d) => d.loja.loj_fantasia)).toEqual(['Banco Horizonte', 'Faculdade Saber']);
  });

  it("gives a session of person A nothing of person B's store", async () => {
    const joao = await login(t, JOAO);
    const banco = answer.dividas.find((d) => d.loja.loj_fantasia === 'Banco Horizonte')!;
    // João has no debt in Banco Horizonte: asking for that store gives him nothing of Maria's.
    const res = await debts(joao, 'demo', {
      lojCodigo: banco.loj_codigo,
      pes_codigo: answer.pessoa.pes_codigo,
    });
    expect(res.json().dados.dividas).toEqual([]);
    // Nor can he price Maria's contracts.
    const plans = await call(
      t,
      'negociacao_robo/passo_3_novo',
      {
        lojCodigo: banco.loj_codigo,
        preCodigo: banco.pre_codigos.join(','),
        primeiroVencimento: formatBrDate(today),
        pagamentoAvistaPrazo: 'A',
        metodoPagamento: 'boleto',
      },
      { host: hostOf('demo'), cookie: joao },
    );
    expect(plans.json()).toMatchObject({ retorno: false, mensagem: 'Contrato não encontrado.' });
  });

  it('refuses without a session and with a session of another partner', async () => {
    expect((await debts('')).statusCode).toBe(401);
    expect((await debts(maria, 'acme')).statusCode).toBe(401);
  });
});

describe('passo_3_novo and passo_4_novo: plans issued by the server, accepted once', () => {
  let maria: string;
  let card: DividasResposta['dividas'][number];
  beforeAll(async () => {
    maria = await login(t, MARIA);
    const answer: DividasResposta = (await debts(maria)).json().dados;
    card = answer.dividas.find((d) => d.loja.loj_fantasia === 'Banco Horizonte')!;
  });

  const plans = (body: Record<string, unknown> = {}, cookie = maria, partner = 'demo') =>
    quotePlans(t, card, { cookie, partner }, body);

  it('pay in full: one plan, the card cash value when paid today', async () => {
    const res = await plans();
    const dados: PlanosResposta = res.json().dados;
    expect(dados.pre_acordo).toHaveLength(1);
    expect(dados.pre_acordo[0]).toMatchObject({
      pra_quantidade: 0,
      valor_total_acordo: card.saldo_contrato_com_desconto,
      pra_primeiro_vcto: today,
      valorFuturoIncluso: 'N',
    });
    expect(dados.primeiro_vencimento_maximo).toBe(addDays(today, card.loja.prazo_maximo_entrada_site));
  });

  it('instalments: entry plus equal instalments up to the store maximum, totals exact', async () => {
    const dados: PlanosResposta = (await plans({ pagamentoAvistaPrazo: 'P' })).json().dados;
    expect(dados.pre_acordo.length).toBeGreaterThan(3);
    // Banco Horizonte's policy allows up to 24 instalments.
    expect(Math.max(...dados.pre_acordo.map((p) => p.pra_quantidade))).toBeLessThanOrEqual(24);
    for (const p of dados.pre_acordo) {
      expect(p.valor_total_acordo).toBe(p.pra_valor_entrada + p.pra_quantidade * p.pra_valor_parcela);
      expect(p.pra_valor_parcela).toBeGreaterThanOrEqual(5_000);
    }
    const totals = dados.pre_acordo.map((p) => p.valor_total_acordo);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });

  it('a later first due date costs more interest', async () => {
    // Instalment plans keep part of the charges (paying in full at Banco Horizonte waives them all).
    const later = addDays(today, 5);
    const now: PlanosResposta = (await plans({ pagamentoAvistaPrazo: 'P' })).json().dados;
    const then: PlanosResposta = (
      await plans({ pagamentoAvistaPrazo: 'P', primeiroVencimento: formatBrDate(later) })
    ).json().dados;
    expect(then.pre_acordo[0]!.valor_total_acordo).toBeGreaterThan(now.pre_acordo[0]!.valor_total_acordo);
    expect(then.pre_acordo[0]!.pra_primeiro_vcto).toBe(later);
  });

  it('refuses a first due date out of range with the spec message and the maximum', async () => {
    const max = addDays(today, card.loja.prazo_maximo_entrada_site);
    for (const date of [addDays(max, 1), addDays(today, -1)]) {
      const res = (await plans({ primeiroVencimento: formatBrDate(date) })).json();
      expect(res).toEqual({
        retorno: false,
        mensagem: `Data de vencimento passada é inválida, a data máxima possível é: ${formatBrDate(max)}`,
        dados: { primeiro_vencimento_maximo: max },
      });
    }
    expect((await plans({ primeiroVencimento: '31/02/2026' })).statusCode).toBe(400);
  });

  it('refuses a boleto-only store and a payment type the partner switched off', async () => {
    const answer: DividasResposta = (await debts(maria)).json().dados;
    const boletoOnly = answer.dividas.find((d) => d.tipo_necociacao === 'N')!;
    // Nothing is negotiated there, so no discount is announced: the cash value is the updated value.
    expect(boletoOnly).toMatchObject({
      com_desconto: false,
      total_desconto: 0,
      porcentagem_desconto_total: 0,
    });
    expect(boletoOnly.total_corrigido_avista).toBe(boletoOnly.totalCorrigido);
    const res = await plans({
      lojCodigo: boletoOnly.loj_codigo,
      preCodigo: boletoOnly.pre_codigos.join(','),
    });
    expect(res.json()).toMatchObject({
      retorno: false,
      mensagem: 'Esta dívida não pode ser negociada pelo portal.',
    });

    const negocie = await login(t, MARIA, 'negocie');
    const onNegocie: DividasResposta = (await debts(negocie, 'negocie')).json().dados;
    const alfa = onNegocie.dividas[0]!;
    const pix = await plans(
      { lojCodigo: alfa.loj_codigo, preCodigo: alfa.pre_codigos.join(','), metodoPagamento: 'pix' },
      negocie,
      'negocie',
    );
    expect(pix.json()).toMatchObject({ retorno: false, mensagem: 'Forma de pagamento indisponível.' });
    const boleto = await plans(
      { lojCodigo: alfa.loj_codigo, preCodigo: alfa.pre_codigos.join(',') },
      negocie,
      'negocie',
    );
    expect(boleto.json().retorno).toBe(true);
  });

  it('records an agreement only from a plan issued to this session, once, then marks the store', async () => {
    const joao = await login(t, JOAO);
    const [plan] = ((await plans({ metodoPagamento: 'pix' })).json().dados as PlanosResposta).pre_acordo;
    const save = (body: Record<string, unknown>, cookie = maria) =>
      call(
        t,
        'negociacao_robo/passo_4_novo',
        {
          praCodigo: plan!.pra_codigo,
          formaDePagamento: 'pix',
          primeiroVencimento: formatBrDate(today),
          ...body,
        },
        { host: hostOf('demo'), cookie },
      );
    const expired =
      'Esta simulação expirou. Escolha a forma de pagamento novamente para ver as opções atualizadas.';
    // Another person's session, a different payment type, an unknown code: refused.
    // The page reads `simulacao_expirada` to ask for new plans rather than offer the spent ones again.
    expect((await save({}, joao)).json()).toMatchObject({
      retorno: false,
      mensagem: expired,
      dados: { simulacao_expirada: true },
    });
    expect((await save({ formaDePagamento: 'boleto' })).json()).toMatchObject({
      retorno: false,
      mensagem: expired,
    });
    expect((await save({ praCodigo: 999_999 })).json()).toMatchObject({ retorno: false, mensagem: expired });

    // The failed attempt above claimed the plan; a fresh one is accepted once.
    const [fresh] = ((await plans({ metodoPagamento: 'pix' })).json().dados as PlanosResposta).pre_acordo;
    const saved = await save({ praCodigo: fresh!.pra_codigo });
    expect(saved.json()).toMatchObject({ retorno: true, mensagem: 'Acordo realizado com sucesso!' });
    const [row] = await t.database.db
      .select()
      .from(agreements)
      .where(eq(agreements.id, saved.json().dados.aco_codigo));
    expect(row).toMatchObject({
      totalCents: fresh!.valor_total_acordo,
      paymentMethod: 'pix',
      instalmentCount: 0,
    });
    // Its search is spent: the plan again answers that the agreement holds the debt (one-agreement.test.ts has the
    // search's other plans).
    expect((await save({ praCodigo: fresh!.pra_codigo })).json()).toMatchObject({
      retorno: false,
      mensagem: 'Acordo Ativo',
    });

    // The store now answers the 'Acordo Ativo' marker and offers no more plans.
    const one = await debts(maria, 'demo', { lojCodigo: card.loj_codigo });
    expect(one.json()).toMatchObject({ retorno: false, mensagem: 'Acordo Ativo' });
    const marker = await debtListingBothWays(
      t,
      { cookie: maria, partner: 'demo' },
      { lojCodigo: card.loj_codigo },
    );
    expect(marker.sent).toBe(marker.stringified);
    expect((await debts(maria)).json().dados.acordo_ativo).toBe(true);
    expect((await plans()).json()).toMatchObject({ retorno: false, mensagem: 'Acordo Ativo' });
    // Agreements are money records: one ends by its status, never by a delete.
    await t.database.db.update(agreements).set({ status: 'cancelled' }).where(eq(agreements.id, row!.id));
  });

  it('refuses an expired plan', async () => {
    const [plan] = ((await plans()).json().dados as PlanosResposta).pre_acordo;
    await t.database.db
      .update(preAgreements)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(preAgreements.id, planOfCode(plan!.pra_codigo).searchId));
    const res = await call(
      t,
      'negociacao_robo/passo_4_novo',
      { praCodigo: plan!.pra_codigo, formaDePagamento: 'boleto', primeiroVencimento: formatBrDate(today) },
      { host: hostOf('demo'), cookie: maria },
    );
    expect(res.json().retorno).toBe(false);
  });
});

describe('cannot pay, proposal and dispute', () => {
  let maria: string;
  let storeId: number;
  beforeAll(async () => {
    maria = await login(t, MARIA);
    storeId = ((await debts(maria)).json().dados as DividasResposta).dividas[0]!.loj_codigo;
  });
  const send = (action: string, body: Record<string, unknown>) =>
    call(t, action, body, { host: hostOf('demo'), cookie: maria });
  const requestsOf = async (kind: 'cannot_pay' | 'proposal' | 'dispute') =>
    (await t.database.db.select().from(debtorRequests)).filter((r) => r.kind === kind);

  it('cannot pay needs one of the reasons and stores it', async () => {
    const none = await send('portal/naoPossoPagar', { lojCodigo: storeId, motivo: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json().dados).toEqual({ motivo: 'Escolha um dos motivos para continuar.' });
    const res = await send('portal/naoPossoPagar', { lojCodigo: storeId, motivo: 'Desemprego' });
    expect(res.json()).toMatchObject({
      retorno: true,
      mensagem: 'Recebemos o seu motivo. Obrigado por nos contar.',
    });
    expect(await requestsOf('cannot_pay')).toMatchObject([{ storeId, reason: 'Desemprego', status: 'open' }]);
  });

  it('proposal follows the spec 001 §5 rules and stores centavos', async () => {
    const bad = await send('portal/cadastrarProposta', {
      loj_codigo: storeId,
      entrada: '',
      quantidade_parcelas: '0',
      valor_parcela: '',
    });
    expect(bad.json().dados).toEqual({
      entrada: 'Digite uma entrada válida',
      quantidade_parcelas: 'Digite uma quantidade de parcelas válida',
      valor_parcela: 'Digite um valor de parcela válido',
    });
    const res = await send('portal/cadastrarProposta', {
      loj_codigo: storeId,
      entrada: 'R$ 150,00',
      quantidade_parcelas: '6',
      valor_parcela: '1.020,50',
      pes_codigo: 1,
    });
    expect(res.json().mensagem).toBe(
      'Sua proposta foi cadastrada com sucesso. Em algumas horas enviaremos uma resposta para o seu e-mail',
    );
    expect(await requestsOf('proposal')).toMatchObject([
      { storeId, entryCents: 15_000, instalmentCount: 6, instalmentCents: 102_050 },
    ]);
  });

  it('refuses both where the partner switched their buttons off, and stores nothing', async () => {
    const [demo] = await t.database.db.select().from(partners).where(eq(partners.identifier, 'demo'));
    const where = and(eq(partnerSections.partnerId, demo!.id), eq(partnerSections.name, 'customization'));
    const [section] = await t.database.db.select().from(partnerSections).where(where);
    const custom = section!.fields as CustomizationFields;
    const before = (await t.database.db.select().from(debtorRequests)).length;
    const myDebits = {
      ...custom.myDebits,
      flgDesativarEnviarProposta: true,
      flgDesativatBotaoNaoPossoPagar: true,
    };
    await t.database.db
      .update(partnerSections)
      .set({ fields: { ...custom, myDebits } })
      .where(where);
    t.app.partnerCache.invalidate(demo!.id);
    try {
      const cannotPay = await send('portal/naoPossoPagar', { lojCodigo: storeId, motivo: 'Desemprego' });
      const proposal = await send('portal/cadastrarProposta', {
        loj_codigo: storeId,
        entrada: 'R$ 150,00',
        quantidade_parcelas: '6',
        valor_parcela: '100,00',
      });
      for (const res of [cannotPay, proposal])
        expect(res.json()).toMatchObject({
          retorno: false,
          mensagem: 'Esta opção não está disponível neste portal.',
        });
    } finally {
      await t.database.db.update(partnerSections).set({ fields: custom }).where(where);
      t.app.partnerCache.invalidate(demo!.id);
    }
    expect(await t.database.db.select().from(debtorRequests)).toHaveLength(before);
  });

  it("refuses a proposal whose instalment is below the store's minimum instalment (decision 027)", async () => {
    // The demo stores' policy asks for instalments of R$ 50,00 at least.
    const stored = (await requestsOf('proposal')).length;
    const proposalSteps = await stepsLogged(t, 9, '52998224725');
    const small = await send('portal/cadastrarProposta', {
      loj_codigo: storeId,
      entrada: 'R$ 100,00',
      quantidade_parcelas: '12',
      valor_parcela: '0,05',
    });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({
      retorno: false,
      mensagem: 'O valor da parcela está abaixo da parcela mínima desta loja.',
      dados: { valor_parcela: 'Digite um valor de parcela de pelo menos R$\u00a050,00' },
    });
    expect(await requestsOf('proposal')).toHaveLength(stored);
    // The minimum itself is enough, and an entry alone has no instalment to check (spec 001 §5).
    for (const valor_parcela of ['50,00', '']) {
      const res = await send('portal/cadastrarProposta', {
        loj_codigo: storeId,
        entrada: 'R$ 100,00',
        quantidade_parcelas: '1',
        valor_parcela,
      });
      expect(res.json().retorno, res.body).toBe(true);
    }
    expect(await requestsOf('proposal')).toHaveLength(stored + 2);
    // Step 9 (spec 001 §4) counts the proposals stored, not the refused one.
    expect(await stepsLogged(t, 9, '52998224725')).toBe(proposalSteps + 2);
  });

  it('dispute is stored; a store without the person debts is refused', async () => {
    const res = await send('portal/naoReconhecoDivida', { lojCodigo: storeId });
    expect(res.json().retorno).toBe(true);
    expect(await requestsOf('dispute')).toHaveLength(1);
    const [other] = await t.database.db.select().from(stores).where(eq(stores.tradeName, 'Conecta Telecom'));
    const refused = await send('portal/naoReconhecoDivida', { lojCodigo: other!.id });
    expect(refused.json()).toMatchObject({ retorno: false, mensagem: 'Contrato não encontrado.' });
    expect(await requestsOf('dispute')).toHaveLength(1);
    // Told again, even twice at once, while staff have not answered it: the same answer, and still one to answer.
    const again = await Promise.all([
      send('portal/naoReconhecoDivida', { lojCodigo: storeId }),
      send('portal/naoReconhecoDivida', { lojCodigo: storeId }),
    ]);
    expect(again.map((r) => r.json().mensagem)).toEqual([res.json().mensagem, res.json().mensagem]);
    expect(await requestsOf('dispute')).toHaveLength(1);
    // Once answered, a new dispute of the same debt is a new item.
    await t.database.db
      .update(debtorRequests)
      .set({ status: 'answered' })
      .where(eq(debtorRequests.kind, 'dispute'));
    await send('portal/naoReconhecoDivida', { lojCodigo: storeId });
    expect(await requestsOf('dispute')).toHaveLength(2);
  });
});

/**
 * A second app whose plans come from the calculation service `respond` plays, with Maria logged in on especial (the
 * stage-mode partner): `run` gets the service, the app, her session and her first debt card with its plan search.
 */
async function onStageCalculation(
  respond: Parameters<typeof startHttpPeer>[0],
  run: (stage: {
    peer: Awaited<ReturnType<typeof startHttpPeer>>;
    app: TestApp;
    session: { host: string; cookie: string };
    card: DividasResposta['dividas'][number];
    plans: (method: string) => Record<string, unknown>;
  }) => Promise<void>,
): Promise<void> {
  const peer = await startHttpPeer(respond);
  const app = await createTestApp({ env: { STAGE_CALCULATION_HOST: peer.url } });
  try {
    const host = hostOf('especial');
    const cookie = await login(app, { pesCpfCnpj: MARIA.pesCpfCnpj }, 'especial');
    const [card] = (
      (await call(app, 'negociacao_robo/passo_2_novo', {}, { host, cookie })).json().dados as DividasResposta
    ).dividas;
    const plans = (method: string) => ({
      lojCodigo: card!.loj_codigo,
      preCodigo: card!.pre_codigos.join(','),
      primeiroVencimento: formatBrDate(today),
      pagamentoAvistaPrazo: 'P',
      metodoPagamento: method,
    });
    await run({ peer, app, session: { host, cookie }, card: card!, plans });
  } finally {
    await app.close();
    await peer.close();
  }
}

/**
 * Stage mode with a card the calculation service would price whole (`prepare` changes Maria's debts on especial and
 * returns the card as listed after): its cash plan is priced here, the service never asked, within the listed total.
 */
async function pricedHereInStageMode(
  prepare: (stage: {
    stage: TestApp;
    session: { host: string; cookie: string };
    listing: () => Promise<DividasResposta['dividas']>;
  }) => Promise<DividasResposta['dividas'][number]>,
): Promise<void> {
  const peer = await startHttpPeer(() => ({ status: 200, json: { parcelamentos: [] } }));
  const stage = await createTestApp({ env: { STAGE_CALCULATION_HOST: peer.url } });
  try {
    const session = {
      host: hostOf('especial'),
      cookie: await login(stage, { pesCpfCnpj: MARIA.pesCpfCnpj }, 'especial'),
    };
    const listing = async () =>
      ((await call(stage, 'negociacao_robo/passo_2_novo', {}, session)).json().dados as DividasResposta)
        .dividas;
    const after = await prepare({ stage, session, listing });
    const body = {
      lojCodigo: after.loj_codigo,
      preCodigo: after.pre_codigos.join(','),
      primeiroVencimento: formatBrDate(today),
      pagamentoAvistaPrazo: 'A',
      metodoPagamento: 'boleto',
    };
    const plans = (await call(stage, 'negociacao_robo/passo_3_novo', body, session)).json()
      .dados as PlanosResposta;
    expect(peer.received).toHaveLength(0);
    expect(plans.pre_acordo).toHaveLength(1);
    expect(plans.pre_acordo[0]!.valor_total_acordo).toBeLessThanOrEqual(after.total_corrigido_avista);
  } finally {
    await stage.close();
    await peer.close();
  }
}

describe('stage mode (flgPortalUsaStage): plans from the calculation service', () => {
  it('calls POST {host}/api/cobransaas/v2/calcular with the spec fields and answers its plans', async () => {
    let fail = false;
    await onStageCalculation(
      () =>
        fail
          ? { status: 502, json: {} }
          : {
              status: 200,
              json: {
                parcelamentos: [
                  { quantidadeParcelas: 0, valorEntrada: 40_000, valorParcela: 0, valorDesconto: 5_000 },
                  { quantidadeParcelas: 3, valorEntrada: 11_000, valorParcela: 11_000, valorDesconto: 1_000 },
                ],
              },
            },
      async ({ peer, app, session, card, plans }) => {
        const body = plans('boleto');
        const res = await call(app, 'negociacao_robo/passo_3_novo', body, session);
        expect(res.json().dados.pre_acordo).toMatchObject([
          {
            pra_quantidade: 3,
            pra_valor_entrada: 11_000,
            pra_valor_parcela: 11_000,
            valor_total_acordo: 44_000,
          },
        ]);
        expect(peer.received[0]!.path).toBe('/api/cobransaas/v2/calcular');
        expect(JSON.parse(peer.received[0]!.body)).toMatchObject({
          pes_codigo: card.pes_codigo,
          loj_codigo: card.loj_codigo,
          fator_desconto: 0,
          parcelamentos: null,
          calcularDescontoParcelamento: true,
          emp_codigo: 350,
          meio_pagamento_padrao: 'BOLETO',
        });
        fail = true;
        expect((await call(app, 'negociacao_robo/passo_3_novo', body, session)).json()).toMatchObject({
          retorno: false,
          mensagem: 'Não foi possível calcular as simulações, volte para a página inicial e tente novamente.',
        });
        // Asked once a search: a failing service is not asked again for the session read afresh (decision 083).
        expect(peer.received).toHaveLength(2);
      },
    );
  }, 120_000); // it starts a second app (migrations and the demo seed on a fresh database)

  it('offers by card the service plans of at most CARD_MAX_INSTALMENTS payments, an entry counting as one', async () => {
    const max = CARD_MAX_INSTALMENTS;
    await onStageCalculation(
      () => ({
        status: 200,
        json: {
          parcelamentos: [
            // No entry: as many payments as instalments.
            { quantidadeParcelas: max, valorEntrada: 0, valorParcela: 10_000 },
            { quantidadeParcelas: max + 1, valorEntrada: 0, valorParcela: 10_000 },
            // An entry and the instalments.
            { quantidadeParcelas: max - 1, valorEntrada: 10_000, valorParcela: 10_000 },
            { quantidadeParcelas: max, valorEntrada: 10_000, valorParcela: 10_000 },
          ],
        },
      }),
      async ({ app, session, plans }) => {
        const answer = (await call(app, 'negociacao_robo/passo_3_novo', plans('cartao'), session)).json()
          .dados as PlanosResposta;
        expect(answer.pre_acordo.map((p) => [p.pra_valor_entrada, p.pra_quantidade])).toEqual([
          [0, max],
          [10_000, max - 1],
        ]);
      },
    );
  }, 120_000); // it starts a second app

  it('prices here a card with an instalment paid by its second copy, which the service would price whole', async () => {
    await pricedHereInStageMode(async ({ stage, session, listing }) => {
      const card = (await listing())[0]!;
      const instalment = card.contratos[0]!.parcelas[0]!;
      const issued = await call(
        stage,
        'negociacao_robo/emitir_segunda_via_boleto',
        { par_codigo: instalment.par_codigo, loj_codigo: card.loj_codigo },
        session,
      );
      const copy = issued.json().dados as SegundaVia;
      const [row] = await stage.database.db
        .select()
        .from(secondCopies)
        .where(eq(secondCopies.id, copy.codigo));
      await recordSecondCopyPayment(stage.database.db, {
        secondCopyId: row!.id,
        amountCents: row!.amountCents,
        occurredOn: today,
        cause: 'test:paid-by-copy',
      });
      const after = (await listing())[0]!;
      expect(after.totalCorrigido).toBeLessThan(card.totalCorrigido);
      return after;
    });
  }, 120_000); // it starts a second app

  it('prices here a card whose contract has instalments a settled agreement discharged (decision 095)', async () => {
    await pricedHereInStageMode(async ({ stage, listing }) => {
      const card = (await listing()).find((c) => c.contratos.some((x) => x.parcelas.length >= 2))!;
      expect(card).toBeDefined();
      const contract = card.contratos.find((x) => x.parcelas.length >= 2)!;
      // A settled agreement covered the contract's first instalment; the creditor's file still lists it unpaid.
      const { id } = await insertAgreement(stage.database.db, {
        partnerId: (await findPartnerByIdentifier(stage.database.db, 'especial'))!.id,
        personId: (await findPersonByDocument(stage.database.db, '52998224725'))!.id,
        storeId: card.loj_codigo,
        contractId: contract.con_codigo,
        method: 'boleto',
        status: 'settled',
        createdAt: new Date(),
        instalments: [{ dueDate: today, amountCents: 10_000 }],
      });
      await stage.database.db
        .insert(agreementCoveredInstalments)
        .values({ agreementId: id, instalmentId: contract.parcelas[0]!.par_codigo });
      const after = (await listing()).find((c) => c.chave === card.chave)!;
      expect(after.contratos.flatMap((x) => x.parcelas.map((p) => p.par_codigo))).not.toContain(
        contract.parcelas[0]!.par_codigo,
      );
      return after;
    });
  }, 120_000); // it starts a second app

  it('without a configured host the local calculator answers the same shape', async () => {
    const host = { host: hostOf('especial') };
    const cookie = await login(t, { pesCpfCnpj: MARIA.pesCpfCnpj }, 'especial');
    const [card] = (
      (await call(t, 'negociacao_robo/passo_2_novo', {}, { ...host, cookie })).json().dados as DividasResposta
    ).dividas;
    const res = await call(
      t,
      'negociacao_robo/passo_3_novo',
      {
        lojCodigo: card!.loj_codigo,
        preCodigo: card!.pre_codigos.join(','),
        primeiroVencimento: formatBrDate(today),
        pagamentoAvistaPrazo: 'A',
        metodoPagamento: 'boleto',
      },
      { ...host, cookie },
    );
    expect(res.json().dados.pre_acordo).toMatchObject([
      { pra_quantidade: 0, valor_total_acordo: card!.saldo_contrato_com_desconto },
    ]);
  });
});

describe('passo_4_novo across midnight in Brasília', () => {
  it("refuses a plan quoted for today once today has passed: its first due date would be yesterday's", async () => {
    const tomorrow = addDays(today, 1);
    // Quoted at 23:55 with today as the first due date, confirmed ten minutes later: the plan is still within its
    // 30 minutes, but spec 001 §5 allows no first due date before today.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${today}T23:55:00-03:00`), shouldAdvanceTime: true });
    const maria = await login(t, MARIA);
    const session = { cookie: maria, partner: 'demo' };
    const listed: DividasResposta = (await debts(maria)).json().dados;
    const card = listed.dividas.find((d) => d.loja.loj_fantasia === 'Banco Horizonte')!;
    const quoted = async (body: Record<string, unknown>) =>
      ((await quotePlans(t, card, session, body)).json().dados as PlanosResposta).pre_acordo[0]!;
    const plan = await quoted({ metodoPagamento: 'pix' });
    expect(plan.pra_primeiro_vcto).toBe(today);
    vi.setSystemTime(new Date(`${tomorrow}T00:05:00-03:00`));
    const save = await call(
      t,
      'negociacao_robo/passo_4_novo',
      { praCodigo: plan.pra_codigo, formaDePagamento: 'pix', primeiroVencimento: formatBrDate(today) },
      { host: hostOf('demo'), cookie: maria },
    );
    expect(save.json()).toMatchObject({ retorno: false, dados: { simulacao_expirada: true } });
    // The page asks for new plans, which start from the new day.
    const fresh = await quoted({ metodoPagamento: 'pix', primeiroVencimento: formatBrDate(tomorrow) });
    expect(fresh.pra_primeiro_vcto).toBe(tomorrow);
  });
});

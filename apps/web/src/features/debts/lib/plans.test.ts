import { AGREED_ELSEWHERE_MESSAGE, CARD_MAX_INSTALMENTS, formatMoney } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, type Envelope } from '../../../lib/api';
import type { Divida, PreAcordo } from '../api/types';
import {
  agreementOutcome,
  availableMethods,
  CARD_FORM_LABELS,
  cardForms,
  changedCriteria,
  checkDueDate,
  defaultCriteria,
  emptyPlansMessage,
  failureMessage,
  firstPayment,
  PAYMENT_TEXTS,
  planDetail,
  planLabel,
  planNotes,
  planRequest,
  searchOutcome,
  visiblePlans,
} from './plans';

const plan = (overrides: Partial<PreAcordo> = {}): PreAcordo => ({
  pra_codigo: 1,
  pra_quantidade: 0,
  pra_valor_entrada: 0,
  pra_valor_parcela: 0,
  valor_total_acordo: 100_00,
  pra_primeiro_vcto: '2026-11-22',
  valorFuturoIncluso: 'N',
  valorFuturoTotal: 0,
  valor_desconto: 0,
  porcentagem_desconto: 0,
  ...overrides,
});

const envelope = <T>(retorno: boolean, dados: T, mensagem = ''): Envelope<T> => ({
  retorno,
  dados,
  mensagem,
});

const store = (recurring: 'S' | 'N') => ({ loja: { loj_cartao_de_credito_recorrente: recurring } }) as Divida;

// formatMoney puts a no-break space after R$ (Intl); the labels carry it as given.
const brl = (centavos: number) => formatMoney(centavos);

describe('visiblePlans (spec 001 §4 zero-instalment rule)', () => {
  it('drops a pay-in-full plan listed first when more plans exist', () => {
    const plans = [plan({ pra_codigo: 1 }), plan({ pra_codigo: 2, pra_quantidade: 2 })];
    expect(visiblePlans(plans).map((p) => p.pra_codigo)).toEqual([2]);
  });

  it('keeps a lone pay-in-full plan', () => {
    expect(visiblePlans([plan()])).toHaveLength(1);
  });

  it('keeps a zero-instalment plan that is not first', () => {
    const plans = [plan({ pra_codigo: 2, pra_quantidade: 3 }), plan({ pra_codigo: 1 })];
    expect(visiblePlans(plans).map((p) => p.pra_codigo)).toEqual([2, 1]);
  });

  it('gives nothing for nothing', () => {
    expect(visiblePlans([])).toEqual([]);
  });
});

describe('plan labels', () => {
  it('pay in full reads "À vista" and the total', () => {
    expect(planLabel(plan({ valor_total_acordo: 123_456 }))).toBe(`À vista ${brl(123_456)}`);
  });

  it('instalments read entry plus count and value', () => {
    const label = planLabel(plan({ pra_quantidade: 5, pra_valor_entrada: 10_000, pra_valor_parcela: 2_550 }));
    expect(label).toBe(`Entrada de ${brl(10_000)} + 5 parcelas de ${brl(2_550)}`);
    expect(label).toContain('R$\u00a0100,00');
  });

  it('one instalment is singular', () => {
    expect(planLabel(plan({ pra_quantidade: 1, pra_valor_entrada: 5_000, pra_valor_parcela: 5_000 }))).toBe(
      `Entrada de ${brl(5_000)} + 1 parcela de ${brl(5_000)}`,
    );
  });

  it('details carry the total, the discount with a comma percentage and included future entries', () => {
    const withAll = plan({
      pra_quantidade: 3,
      valor_total_acordo: 90_000,
      valor_desconto: 10_050,
      porcentagem_desconto: 10.05,
      valorFuturoIncluso: 'S',
      valorFuturoTotal: 3_000,
    });
    expect(planNotes(withAll)).toEqual([
      `Desconto de ${brl(10_050)} (10,05%)`,
      `Inclui ${brl(3_000)} de lançamentos futuros`,
    ]);
    expect(planDetail(withAll)).toBe(
      `Total: ${brl(90_000)} · Desconto de ${brl(10_050)} (10,05%) · Inclui ${brl(3_000)} de lançamentos futuros`,
    );
  });

  it('pay in full does not repeat its total; a zero discount and future entries left out are not shown', () => {
    expect(planDetail(plan({ valor_desconto: 500, porcentagem_desconto: 5 }))).toBe(
      `Desconto de ${brl(500)} (5%)`,
    );
    expect(planDetail(plan({ pra_quantidade: 2, valorFuturoTotal: 3_000 }))).toBe(`Total: ${brl(100_00)}`);
  });
});

describe('card fee texts', () => {
  it('cover every card instalment count a card plan may have (decision 068)', () => {
    const counts = [...CARD_FORM_LABELS.parcelado.matchAll(/(\d+)x/g)].map((match) => Number(match[1]));
    expect(Math.max(...counts)).toBe(CARD_MAX_INSTALMENTS);
  });
});

describe('firstPayment: the date the agreement will give the first payment', () => {
  it.each([
    // chosen first due date, the first payment's due date, the note
    ['2026-11-27', '2026-11-27', null],
    ['2026-11-29', '2026-11-30', '29/11/2026 não é dia útil: o primeiro pagamento vence em 30/11/2026.'],
    ['2026-12-25', '2026-12-28', '25/12/2026 não é dia útil: o primeiro pagamento vence em 28/12/2026.'],
  ])('chosen %s: due %s', (chosen, dueDate, movedNote) => {
    expect(firstPayment(plan({ pra_primeiro_vcto: chosen }))).toEqual({ dueDate, movedNote });
  });

  it('has nothing to say about a plan without a date', () => {
    expect(firstPayment(plan({ pra_primeiro_vcto: '' }))).toBeNull();
  });
});

describe('checkDueDate (spec 001 §4, §5)', () => {
  const today = '2026-11-22';

  it('waits while the date is being typed', () => {
    expect(checkDueDate('22/11/20', today, 10)).toEqual({ kind: 'incomplete' });
  });

  it('accepts today and the maximum day', () => {
    expect(checkDueDate('22/11/2026', today, 10)).toEqual({ kind: 'ok', iso: '2026-11-22' });
    expect(checkDueDate('02/12/2026', today, 10)).toEqual({ kind: 'ok', iso: '2026-12-02' });
  });

  it('resets a date after the maximum to the maximum with the spec message', () => {
    expect(checkDueDate('03/12/2026', today, 10)).toEqual({
      kind: 'reset',
      maxIso: '2026-12-02',
      message: 'Data de vencimento passada é inválida, a data máxima possível é: 02/12/2026',
    });
  });

  it('resets a date before today and a date that does not exist', () => {
    expect(checkDueDate('21/11/2026', today, 10).kind).toBe('reset');
    expect(checkDueDate('31/11/2026', today, 10).kind).toBe('reset');
  });

  it('counts a half-typed date as out of range when the person recalculates', () => {
    expect(checkDueDate('22/1', today, 10, true)).toMatchObject({ kind: 'reset', maxIso: '2026-12-02' });
  });

  it('crosses month and year ends in calendar days', () => {
    expect(checkDueDate('05/01/2027', '2026-12-26', 10)).toEqual({ kind: 'ok', iso: '2027-01-05' });
    expect(checkDueDate('06/01/2027', '2026-12-26', 10).kind).toBe('reset');
  });
});

describe('choices and request', () => {
  it('PIX and card can each be switched off for the partner', () => {
    expect(availableMethods({})).toEqual(['boleto', 'pix', 'cartao']);
    expect(availableMethods({ flgDesativarPix: true })).toEqual(['boleto', 'cartao']);
    expect(availableMethods({ flgDesativarCartaoCredito: true, flgDesativarPix: true })).toEqual(['boleto']);
  });

  it.each([
    // The store takes recurring charges, the mode, the card forms shown (spec 001 §9 fee texts, decision 073).
    ['S', 'A', ['avista']],
    ['S', 'P', ['recorrente', 'parcelado']],
    ['N', 'A', ['avista']],
    ['N', 'P', ['parcelado']],
  ] as const)(
    'store recurring %s, mode %s: offers only the card forms the mode fits',
    (recurring, mode, forms) => {
      expect(cardForms(store(recurring), mode)).toEqual(forms);
    },
  );

  it.each([
    // The store takes recurring charges, the mode and form chosen, the change, the form then asked.
    ['N', 'A', 'avista', { mode: 'P' }, 'parcelado'],
    ['S', 'A', 'avista', { mode: 'P' }, 'recorrente'],
    ['S', 'P', 'parcelado', { mode: 'A' }, 'avista'],
    ['S', 'P', 'parcelado', { method: 'cartao' }, 'parcelado'],
    ['S', 'P', 'parcelado', { cardForm: 'recorrente' }, 'recorrente'],
  ] as const)(
    'store recurring %s, mode %s, form %s, change %o: asks %s',
    (recurring, mode, cardForm, update, asked) => {
      const current = { ...defaultCriteria(store(recurring), '2026-11-22'), mode, cardForm };
      expect(changedCriteria(store(recurring), current, update)).toEqual({
        ...current,
        ...update,
        cardForm: asked,
      });
    },
  );

  it('defaults to boleto, pay in full, today, without future entries', () => {
    expect(defaultCriteria(store('N'), '2026-11-22')).toMatchObject({
      dueDate: '2026-11-22',
      mode: 'A',
      method: 'boleto',
      includeFuture: false,
      cardForm: 'avista',
    });
    // Paying in full is one payment: the one-time form even where the store takes recurring charges.
    expect(defaultCriteria(store('S'), '2026-11-22').cardForm).toBe('avista');
  });

  const debt = { loj_codigo: 7, pre_codigos: [11, 12] };
  const criteria = { ...defaultCriteria(store('S'), '2026-11-22'), dueDate: '2026-12-01' };

  const today = '2026-11-23';

  it('builds the passo_3_novo body', () => {
    expect(planRequest(debt, { ...criteria, includeFuture: true }, false, today)).toEqual({
      lojCodigo: 7,
      preCodigo: '11,12',
      primeiroVencimento: '01/12/2026',
      pagamentoAvistaPrazo: 'A',
      metodoPagamento: 'boleto',
      lancamentoFuturo: 'S',
    });
  });

  it('sends card brand and form only to the capability partner paying by card', () => {
    const card = { ...criteria, method: 'cartao' as const, brand: 'HIPERCOB' as const };
    expect(planRequest(debt, card, true, today)).toMatchObject({
      bandeiraCartao: 'HIPERCOB',
      formaCartao: 'avista',
    });
    expect(planRequest(debt, card, false, today)).not.toHaveProperty('bandeiraCartao');
    expect(planRequest(debt, { ...card, method: 'pix' }, true, today)).not.toHaveProperty('formaCartao');
  });

  it('asks credit card plans as of today, charged on confirmation, whatever date boleto and PIX had (decision 091)', () => {
    const sent = (method: 'boleto' | 'pix' | 'cartao') =>
      planRequest(debt, { ...criteria, method }, false, today).primeiroVencimento;
    expect([sent('boleto'), sent('pix'), sent('cartao')]).toEqual(['01/12/2026', '01/12/2026', '23/11/2026']);
  });
});

describe('searchOutcome (spec 001 §8)', () => {
  it('lists the plans after the zero-instalment rule', () => {
    const answer = envelope(true, {
      pre_acordo: [plan({ pra_codigo: 1 }), plan({ pra_codigo: 2, pra_quantidade: 2 })],
      primeiro_vencimento_maximo: '2026-12-02',
      expira_em: '2026-11-22T12:30:00Z',
    });
    expect(searchOutcome(answer, 'boleto')).toEqual({ kind: 'plans', plans: [answer.dados.pre_acordo[1]] });
  });

  it('names the card/boleto form when a boleto or card search is empty, the contracts for PIX', () => {
    const empty = envelope(true, { pre_acordo: [], primeiro_vencimento_maximo: '2026-12-02', expira_em: '' });
    expect(searchOutcome(empty, 'boleto')).toEqual({
      kind: 'empty',
      message: PAYMENT_TEXTS.noPlansForMethod,
    });
    expect(searchOutcome(empty, 'cartao')).toEqual({
      kind: 'empty',
      message: PAYMENT_TEXTS.noPlansForMethod,
    });
    expect(searchOutcome(empty, 'pix')).toEqual({ kind: 'empty', message: PAYMENT_TEXTS.noProposals });
    expect(emptyPlansMessage('boleto')).toBe(
      'Nenhuma opção de pagamento encontrada para a forma cartão de crédito/boleto.',
    );
    expect(emptyPlansMessage('pix')).toBe('Não existem propostas disponíveis para esse(s) contrato(s)!');
  });

  it('shows the server message of a refusal, or the spec fallback', () => {
    expect(searchOutcome(envelope(false, null, 'Forma de pagamento indisponível.'), 'pix')).toEqual({
      kind: 'error',
      message: 'Forma de pagamento indisponível.',
    });
    expect(searchOutcome(envelope(false, null, '  '), 'boleto')).toEqual({
      kind: 'error',
      message: 'Não foi possível calcular as simulações, volte para a página inicial e tente novamente.',
    });
  });

  it('turns a date refusal with the maximum into a reset', () => {
    const message = 'Data de vencimento passada é inválida, a data máxima possível é: 02/12/2026';
    expect(
      searchOutcome(envelope(false, { primeiro_vencimento_maximo: '2026-12-02' }, message), 'boleto'),
    ).toEqual({ kind: 'date', maxIso: '2026-12-02', message });
  });

  it('reads the message of a 4xx answer, and falls back for a network failure', () => {
    const refused = new ApiError(401, 'x', envelope(false, null, 'Sessão expirada.'));
    expect(failureMessage(refused, PAYMENT_TEXTS.searchFailed)).toBe('Sessão expirada.');
    expect(failureMessage(new ApiError(0, 'offline'), PAYMENT_TEXTS.searchFailed)).toBe(
      PAYMENT_TEXTS.searchFailed,
    );
    expect(failureMessage(new TypeError('boom'), PAYMENT_TEXTS.agreementFailed)).toBe(
      'Não foi possível gerar o seu acordo',
    );
  });
});

describe('agreementOutcome (spec 001 §8)', () => {
  it('carries the server message either way, with the spec fallback on failure', () => {
    expect(agreementOutcome(envelope(true, null, 'Acordo gerado.'))).toEqual({
      ok: true,
      message: 'Acordo gerado.',
    });
    expect(agreementOutcome(envelope(false, null, 'Plano expirado.'))).toEqual({
      ok: false,
      message: 'Plano expirado.',
      underAgreement: null,
      planExpired: false,
    });
    expect(agreementOutcome(envelope(false, null))).toEqual({
      ok: false,
      message: 'Não foi possível gerar o seu acordo',
      underAgreement: null,
      planExpired: false,
    });
  });

  it('reads a spent plan from dados.simulacao_expirada, so the page asks for new plans', () => {
    const expired =
      'Esta simulação expirou. Escolha a forma de pagamento novamente para ver as opções atualizadas.';
    expect(agreementOutcome(envelope(false, { simulacao_expirada: true }, expired))).toEqual({
      ok: false,
      message: expired,
      underAgreement: null,
      planExpired: true,
    });
  });

  it("reads the wire's 'Acordo Ativo' marker as a sentence about the agreement, in step 4 and in step 3", () => {
    const sentence = 'Esta dívida já tem um acordo ativo. Você pode consultá-lo em Meus Acordos.';
    expect(agreementOutcome(envelope(false, null, 'Acordo Ativo'))).toEqual({
      ok: false,
      message: sentence,
      underAgreement: 'listed',
      planExpired: false,
    });
    expect(searchOutcome(envelope(false, null, 'Acordo Ativo'), 'boleto')).toEqual({
      kind: 'error',
      message: sentence,
    });
  });

  it("an 'Acordo Ativo' made through another partner says where it is: not in this portal's Meus Acordos", () => {
    const elsewhere = envelope(false, { acordo_em_outro_portal: true }, 'Acordo Ativo');
    expect(agreementOutcome(elsewhere)).toEqual({
      ok: false,
      message: AGREED_ELSEWHERE_MESSAGE,
      underAgreement: 'elsewhere',
      planExpired: false,
    });
    expect(searchOutcome(elsewhere, 'boleto')).toEqual({ kind: 'error', message: AGREED_ELSEWHERE_MESSAGE });
    expect(
      agreementOutcome(envelope(false, { acordo_em_outro_portal: false }, 'Acordo Ativo')),
    ).toMatchObject({
      underAgreement: 'listed',
    });
  });
});

// @vitest-environment happy-dom
import type { PartnerConfig } from '@portal/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../../lib/api';
import { ok, stubApiActions } from '../../../test/api-stub';
import type { Divida } from '../api/types';
import MyDebits from './MyDebits';
import { showRoute } from './render-route.test-helpers';

// MyDebits in a data router with a real query client and feedback provider; only fetch, at the network edge, is
// replaced. The flows against the real server are tests/browser/debts.test.ts and payment-options.test.ts.

type Handler = (body: Record<string, unknown>) => Envelope;
let handlers: Record<string, Handler>;

beforeEach(() => {
  handlers = {
    sessao: () =>
      ok({
        pesNome: 'Maria da Silva Santos',
        pesCpfCnpj: '52998224725',
        quantidadeDividas: 1,
        proximaEtapa: 'AccordionTabs',
      }),
    passo_3_novo: () =>
      ok({
        pre_acordo: [
          {
            pra_codigo: 31,
            pra_quantidade: 0,
            pra_valor_entrada: 118_125,
            pra_valor_parcela: 0,
            valor_total_acordo: 118_125,
            pra_primeiro_vcto: '2026-11-30',
            valorFuturoIncluso: 'N',
            valorFuturoTotal: 0,
            valor_desconto: 0,
            porcentagem_desconto: 0,
          },
        ],
        primeiro_vencimento_maximo: '2026-12-07',
        expira_em: '2026-11-30T05:27:33.743Z',
      }),
  };
  stubApiActions((action, body) => handlers[action]?.(body) ?? ok(null));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Bela Casa's card as passo_2_novo lists it; `underAgreement` once an agreement covers it, `elsewhere` when that
 * agreement was made through another partner.
 */
function debts(underAgreement: boolean, elsewhere = false): Envelope {
  const debt = {
    chave: '3',
    loj_codigo: 3,
    emp_codigo: 100,
    pes_codigo: 1,
    loja: {
      loj_codigo: 3,
      loj_fantasia: 'Bela Casa',
      loj_razao_social: 'Móveis Bela Casa Ltda.',
      loj_cpf_cnpj: '77.888.999/0001-81',
      loj_caminho_logo: null,
      prazo_maximo_entrada_site: 7,
      loj_emite_segunda_via_boleto_recupera: 'N',
      loj_cartao_de_credito_recorrente: 'N',
      loj_tipo_agrupamento_nagociacao: null,
    },
    tipo_necociacao: 'S',
    acordo_ativo: underAgreement,
    acordo_em_outro_portal: elsewhere,
    contratos: [
      {
        con_codigo: 4,
        con_contrato: '99822472502004',
        con_observacao: null,
        con_nome_loja: 'Bela Casa',
        origem: null,
        referencia: null,
        parcelas: [],
      },
    ],
    pre_codigos: [4],
    total_original: 131_250,
    totalCorrigido: 132_575,
    total_corrigido_avista: 118_125,
    total_corrigido_aprazo: 131_912,
    saldo_contrato: 132_575,
    saldo_contrato_com_desconto: 118_125,
    total_desconto: 0,
    porcentagem_desconto_total: 0,
    com_desconto: false,
    lancamentos_futuros: { total: 0, parcelas: [] },
    fase: 61,
  } as unknown as Divida;
  return ok({
    pessoa: { pes_codigo: 1, pes_nome: 'Maria da Silva Santos', pes_cpf_cnpj: '52998224725' },
    acordo_ativo: underAgreement,
    dividas: [debt],
  });
}

const partner = {
  nome: 'Portal Demo',
  identificador: 'demo',
  emp_codigo: 100,
  loj_codigo: '3',
  loj_codigo_nao_negocia: '',
  estilo: { corPrimaria: '#00c0fb', corSecundaria: '#5938c8' },
  capacidades: {},
  sessoes: [],
} as unknown as PartnerConfig;

/** MyDebits with Bela Casa's payment options open, its one plan chosen and the terms accepted. */
async function confirmationReady() {
  const { user } = showRoute('/minhas-dividas', <MyDebits />, partner);
  const card = await screen.findByTestId('debt-card');
  await user.click(within(card).getByTestId('panel-paymentOptions'));
  await user.click(within(await within(card).findByTestId('po-plan-list')).getByRole('radio'));
  await user.click(within(card).getByRole('button', { name: 'Continuar' }));
  const confirm = await within(card).findByTestId('po-confirm');
  await user.click(within(confirm).getByRole('checkbox', { name: 'Li e concordo com os termos do acordo.' }));
  return { user, card, confirm };
}

describe('MyDebits', () => {
  it("an agreement made meanwhile (another tab): a sentence for 'Acordo Ativo', the way to it, the form closed", async () => {
    let reads = 0;
    handlers.passo_2_novo = () => debts(++reads > 1);
    handlers.passo_4_novo = () => ({ retorno: false, dados: null, mensagem: 'Acordo Ativo' });
    const { user, card, confirm } = await confirmationReady();
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar acordo' }));

    const modal = await screen.findByTestId('modal');
    expect(within(modal).getByRole('heading', { name: 'Atenção' })).toBeTruthy();
    expect(
      within(modal).getByText('Esta dívida já tem um acordo ativo. Você pode consultá-lo em Meus Acordos.'),
    ).toBeTruthy();
    expect(within(modal).getByRole('button', { name: 'Ver Meus Acordos' })).toBeTruthy();
    // The debts were read again: the card is under the agreement, and its payment options are gone.
    expect(reads).toBe(2);
    expect(within(card).getByTestId('debt-under-agreement').textContent).toContain(
      'Esta dívida já tem um acordo ativo.',
    );
    expect(within(card).queryByTestId('po-confirm')).toBeNull();
    expect(within(card).queryByTestId('panel-paymentOptions')).toBeNull();
    await user.click(within(modal).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByTestId('modal')).toBeNull());
  });

  it('a debt agreed through another partner: said so, without sending the person to a Meus Acordos without it', async () => {
    handlers.passo_2_novo = () => debts(true, true);
    showRoute('/minhas-dividas', <MyDebits />, partner);
    const card = await screen.findByTestId('debt-card');
    const note = within(card).getByTestId('debt-under-agreement');
    expect(note.textContent).toContain(
      'Esta dívida já tem um acordo ativo, feito por outro canal de atendimento. Consulte os pagamentos desse acordo no canal em que ele foi feito.',
    );
    expect(within(card).queryByRole('link', { name: 'MEUS ACORDOS' })).toBeNull();
    expect(screen.queryByTestId('notice-agreement')).toBeNull();
    expect(within(card).queryByTestId('panel-paymentOptions')).toBeNull();
  });

  it('a read of the debts again that fails keeps the cards, with a quiet line and no failure modal', async () => {
    let reads = 0;
    handlers.passo_2_novo = () => {
      reads += 1;
      if (reads > 1) throw new TypeError('Failed to fetch');
      return debts(false);
    };
    handlers.passo_4_novo = () => ({ retorno: false, dados: null, mensagem: 'Acordo Ativo' });
    const { user, confirm } = await confirmationReady();
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar acordo' }));
    // The read again after step 4 and its two retries fail.
    await waitFor(() => expect(screen.getByTestId('query-stale')).toBeTruthy(), { timeout: 10_000 });
    expect(reads).toBe(4);
    const modal = screen.getByTestId('modal');
    expect(within(modal).getByRole('heading', { name: 'Atenção' })).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByTestId('modal')).toBeNull());
    expect(screen.getAllByTestId('debt-card')).toHaveLength(1);
    expect(screen.queryByText('Erro ao carregar as sua dívidas, volte para o menu inicial!')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { AGREED_ELSEWHERE_MESSAGE, type PartnerConfig } from '@portal/domain';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApiActions } from '../../../../test/api-stub';
import type { MetodoPagamento, PlanosPedido, PreAcordo } from '../../api/types';
import { showRoute } from '../../routes/render-route.test-helpers';
import { AgreementRedirectProvider } from '../AgreementRedirect';
import { AgreementConfirmation } from './AgreementConfirmation';

// The summary of the chosen plan before it becomes an agreement; the whole flow against the real server is
// tests/browser/payment-options.test.ts and card-payment.test.ts.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const PLAN: PreAcordo = {
  pra_codigo: 7,
  pra_quantidade: 2,
  pra_valor_entrada: 10000,
  pra_valor_parcela: 20000,
  valor_total_acordo: 50000,
  // A Saturday: a boleto's first payment moves to Monday.
  pra_primeiro_vcto: '2026-11-21',
  valorFuturoIncluso: 'N',
  valorFuturoTotal: 0,
  valor_desconto: 0,
  porcentagem_desconto: 0,
};

function show(method: MetodoPagamento) {
  stubApiActions(() => ok(null));
  const request: PlanosPedido = {
    lojCodigo: 1,
    preCodigo: '1',
    primeiroVencimento: '21/11/2026',
    pagamentoAvistaPrazo: 'P',
    metodoPagamento: method,
    lancamentoFuturo: 'N',
  };
  const partner = { sessoes: [], capacidades: {} } as unknown as PartnerConfig;
  return showRoute(
    '/minhas-dividas',
    <AgreementRedirectProvider>
      <AgreementConfirmation
        plan={PLAN}
        request={request}
        cpfCnpj="39053344705"
        onBack={() => {}}
        onPlanSpent={() => {}}
      />
    </AgreementRedirectProvider>,
    partner,
  );
}

/** The summary as the person reads it: each term with its description. */
function summary(confirm: HTMLElement): Record<string, string | undefined> {
  const terms = within(confirm).getAllByRole('term');
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]));
}

describe('AgreementConfirmation', () => {
  it('a boleto: the first due date, moved to the next business day with the reason', () => {
    show('boleto');
    const confirm = screen.getByTestId('po-confirm');
    expect(summary(confirm)).toMatchObject({
      'Forma de pagamento': 'Boleto',
      'Primeiro vencimento': '23/11/2026',
    });
    expect(
      within(confirm).getByText('21/11/2026 não é dia útil: o primeiro pagamento vence em 23/11/2026.'),
    ).toBeTruthy();
  });

  it('moves on to Meus Acordos 2 s after the agreement, but not once the person has left for another page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const { router } = show('boleto');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByTestId('po-terms'));
    await user.click(screen.getByTestId('po-confirm-button'));
    await screen.findByText('Parabéns');
    // Voltar, to the menu, before the 2 s pass.
    await act(() => router.navigate('/menu'));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(router.state.location.pathname).toBe('/menu');
  });

  it('an agreement made through another partner: the refusal says so and offers no Meus Acordos', async () => {
    const { user } = show('boleto');
    stubApiActions((action) =>
      action === 'passo_4_novo'
        ? { retorno: false, dados: { acordo_em_outro_portal: true }, mensagem: 'Acordo Ativo' }
        : ok(null),
    );
    await user.click(screen.getByTestId('po-terms'));
    await user.click(screen.getByTestId('po-confirm-button'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(AGREED_ELSEWHERE_MESSAGE)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Ver Meus Acordos' })).toBeNull();
  });

  it('a card: charged on confirmation, no first due date', () => {
    show('cartao');
    const confirm = screen.getByTestId('po-confirm');
    const read = summary(confirm);
    expect(read).toMatchObject({
      'Forma de pagamento': 'Cartão de crédito',
      Cobrança: 'Ao confirmar o acordo',
    });
    expect(read).not.toHaveProperty('Primeiro vencimento');
    expect(confirm.textContent).not.toContain('vence em');
  });
});

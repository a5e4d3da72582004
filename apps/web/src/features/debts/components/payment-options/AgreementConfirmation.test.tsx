// @vitest-environment happy-dom
import { AGREED_ELSEWHERE_MESSAGE, type PartnerConfig } from '@portal/domain';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../../../lib/api';
import { ok, stubApiActions } from '../../../../test/api-stub';
import type { MetodoPagamento, PlanosPedido, PreAcordo } from '../../api/types';
import { showRoute } from '../../routes/render-route.test-helpers';
import { AgreementRedirectProvider } from '../AgreementRedirect';
import { AgreementConfirmation, LEAVE_WHILE_PAYING } from './AgreementConfirmation';

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
  return showConfirmation(method);
}

function showConfirmation(method: MetodoPagamento) {
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

  it('a card being charged: leaving asks first (Back in the app, closing or reloading the tab); not once it ended', async () => {
    let answer: (envelope: Envelope) => void = () => {};
    stubApiActions(
      (action) =>
        action === 'passo_4_novo' ? new Promise<Envelope>((resolve) => (answer = resolve)) : ok(null),
      (url) =>
        Response.json(
          url === '/api/cartao/gateway'
            ? { tokenUrl: 'https://gateway.example/tokens' }
            : { id: 'tok_1', card: { last_four_digits: '1111' } },
        ),
    );
    const { user, router } = showConfirmation('cartao');
    await act(() => router.navigate('/minhas-dividas?passo=confirmar'));
    await user.type(screen.getByLabelText('Número do cartão'), '4111111111111111');
    await user.type(screen.getByLabelText('Validade (mm/aa)'), '1235');
    await user.type(screen.getByLabelText('Código de segurança (CVV)'), '123');
    await user.type(screen.getByLabelText('Nome impresso no cartão'), 'JOAO P LIMA');
    await user.click(screen.getByTestId('po-terms'));
    await user.click(screen.getByTestId('po-confirm-button'));
    await screen.findByText('Aguarde, estamos processando o pagamento.');

    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(true);
    // The phone's Back button: the app asks, and staying keeps the page (and the charge's answer) here.
    await act(() => router.navigate(-1));
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toContain(LEAVE_WHILE_PAYING.text);
    await user.click(within(question).getByRole('button', { name: LEAVE_WHILE_PAYING.cancelText }));
    expect(router.state.location.search).toBe('?passo=confirmar');

    await act(async () => answer(ok({ aco_codigo: 1, parcelas: [] }, 'Acordo realizado')));
    await screen.findByText('Parabéns');
    expect(unload()).toBe(false);
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
  });
});

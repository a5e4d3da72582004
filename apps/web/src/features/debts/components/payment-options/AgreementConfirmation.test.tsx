// @vitest-environment happy-dom
import type { PartnerConfig } from '@portal/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApiActions } from '../../../../test/api-stub';
import type { MetodoPagamento, PlanosPedido, PreAcordo } from '../../api/types';
import { showRoute } from '../../routes/render-route.test-helpers';
import { AgreementConfirmation } from './AgreementConfirmation';

// The summary of the chosen plan before it becomes an agreement; the whole flow against the real server is
// tests/browser/payment-options.test.ts and card-payment.test.ts.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
  showRoute(
    '/minhas-dividas',
    <AgreementConfirmation plan={PLAN} request={request} cpfCnpj="39053344705" onBack={() => {}} />,
    partner,
  );
  return screen.getByTestId('po-confirm');
}

/** The summary as the person reads it: each term with its description. */
function summary(confirm: HTMLElement): Record<string, string | undefined> {
  const terms = within(confirm).getAllByRole('term');
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]));
}

describe('AgreementConfirmation', () => {
  it('a boleto: the first due date, moved to the next business day with the reason', () => {
    const confirm = show('boleto');
    expect(summary(confirm)).toMatchObject({
      'Forma de pagamento': 'Boleto',
      'Primeiro vencimento': '23/11/2026',
    });
    expect(
      within(confirm).getByText('21/11/2026 não é dia útil: o primeiro pagamento vence em 23/11/2026.'),
    ).toBeTruthy();
  });

  it('a card: charged on confirmation, no first due date', () => {
    const confirm = show('cartao');
    const read = summary(confirm);
    expect(read).toMatchObject({
      'Forma de pagamento': 'Cartão de crédito',
      Cobrança: 'Ao confirmar o acordo',
    });
    expect(read).not.toHaveProperty('Primeiro vencimento');
    expect(confirm.textContent).not.toContain('vence em');
  });
});

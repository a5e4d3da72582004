// @vitest-environment happy-dom
import type { PartnerListPage, PaymentsAnswer } from '@portal/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showAdminRoute } from './admin-route.test-helpers';
import ListPayments from './ListPayments';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const PARTNERS: PartnerListPage = {
  data: [],
  meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 },
};

// Decision 053: a day where a PIX paid an instalment, a boleto paid short (unapplied) and a card was refunded.
const ANSWER: PaymentsAnswer = {
  data: [
    {
      dia: '2026-11-03',
      pix: 10_000,
      boleto: 0,
      card: 0,
      second_copy: 0,
      unapplied: 2_500,
      reversed: 30_000,
      total: -17_500,
    },
  ],
  totais: {
    pix: 10_000,
    boleto: 0,
    card: 0,
    second_copy: 0,
    unapplied: 2_500,
    reversed: 30_000,
    total: -17_500,
  },
  lojas: [],
};

const cellsOf = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/\u00a0/g, ' '));

describe('ListPayments', () => {
  it('shows unapplied money apart and card reversals as money leaving, netted in the total', async () => {
    showAdminRoute('/admin/pagamentos', <ListPayments />, (path) => {
      if (path.startsWith('/api/parceiro?')) return { body: PARTNERS };
      if (path.startsWith('/api/gestao/pagamentos?')) return { body: ANSWER };
      return undefined;
    });
    const table = await screen.findByTestId('payments-table');
    const [head, day] = within(table).getAllByRole('row');
    expect(cellsOf(head!)).toEqual([
      'Dia',
      'PIX',
      'Boleto',
      'Cartão',
      '2ª via',
      'Não aplicado',
      'Estornos',
      'Total líquido',
    ]);
    expect(cellsOf(day!)).toEqual([
      '03/11/2026',
      'R$ 100,00',
      'R$ 0,00',
      'R$ 0,00',
      'R$ 0,00',
      'R$ 25,00',
      '-R$ 300,00',
      '-R$ 175,00',
    ]);
    expect(cellsOf(screen.getByTestId('payments-totals'))).toEqual([
      'Total',
      'R$ 100,00',
      'R$ 0,00',
      'R$ 0,00',
      'R$ 0,00',
      'R$ 25,00',
      '-R$ 300,00',
      '-R$ 175,00',
    ]);
  });
});

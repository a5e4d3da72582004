// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Divida, MetodoPagamento } from '../../api/types';
import { defaultCriteria } from '../../lib/plans';
import { PlanFilters } from './PlanFilters';

// The first due date among the plan choices: chosen for boleto and PIX where the partner lets the person choose it,
// never for a credit card, which is charged on confirmation (decision 091).

afterEach(cleanup);

const DEBT = {
  loja: { loj_cartao_de_credito_recorrente: 'N', prazo_maximo_entrada_site: 7 },
  lancamentos_futuros: { total: 0 },
} as unknown as Divida;

function show(method: MetodoPagamento, dateEditable: boolean) {
  render(
    <PlanFilters
      debt={DEBT}
      criteria={{ ...defaultCriteria(DEBT, '2026-11-25'), dueDate: '2026-11-30', method }}
      dateText="30/11/2026"
      dateEditable={dateEditable}
      range={{ min: '2026-11-25', max: '2026-12-02' }}
      methods={['boleto', 'pix', 'cartao']}
      askCardDetails={false}
      onDateText={() => {}}
      onChange={() => {}}
      onRecalculate={() => {}}
    />,
  );
}

describe('PlanFilters: the first due date', () => {
  it.each<MetodoPagamento>(['boleto', 'pix'])('%s: chosen where the partner allows it', (method) => {
    show(method, true);
    expect(screen.getByLabelText<HTMLInputElement>('Data do primeiro vencimento').value).toBe('30/11/2026');
    expect(screen.queryByTestId('po-card-charge')).toBeNull();
  });

  it('credit card: none to choose or show, the card is charged on confirmation', () => {
    for (const dateEditable of [true, false]) {
      show('cartao', dateEditable);
      expect(screen.queryByLabelText('Data do primeiro vencimento')).toBeNull();
      expect(screen.queryByTestId('po-due-date-fixed')).toBeNull();
      expect(screen.getByTestId('po-card-charge').textContent).toBe(
        'Cobrança no cartão Ao confirmar o acordo',
      );
      cleanup();
    }
  });
});

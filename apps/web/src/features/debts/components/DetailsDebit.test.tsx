// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { Divida } from '../api/types';
import { DetailsDebit } from './DetailsDebit';

afterEach(cleanup);

it('shows an instalment paid through its second copy as PAGO, with no PDF to download (decision 025)', () => {
  const debt = {
    loj_codigo: 1,
    acordo_ativo: false,
    tipo_necociacao: 'S',
    loja: {
      loj_razao_social: 'Alfa Eletro Ltda.',
      loj_cpf_cnpj: '12.***.***/0001-**',
      loj_emite_segunda_via_boleto_recupera: 'S',
    },
    contratos: [
      {
        con_codigo: 5,
        con_contrato: 'CT-1',
        parcelas: [
          {
            par_codigo: 31,
            par_prestacao: 2,
            par_vencimento: '2026-11-25',
            par_valor: 12_345,
            corrigido: 12_345,
            fase: 2,
            lancamento_futuro: 0,
            par_paga: 1,
          },
        ],
      },
    ],
    lancamentos_futuros: { total: 0, parcelas: [] },
  } as unknown as Divida;
  render(<DetailsDebit debt={debt} />);
  expect(screen.getByTestId('second-copy-paid').textContent).toBe('PAGO');
  expect(screen.queryByTestId('second-copy-pdf')).toBeNull();
});

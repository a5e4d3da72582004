// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedbackProvider } from '../../../../components/ui/feedback';
import type { ComprovanteCartao } from '../../api/types';
import { CardReceiptButton } from './CardReceipt';

// The card receipt dialog shows what spec 001 §3 "Card receipt" and §9 list for a card-settled instalment.

afterEach(cleanup);

const receipt: ComprovanteCartao = {
  empresa: 'Bela Casa',
  cpf_cnpj: '529.***.***-25',
  bandeira: 'Visa',
  numero_cartao: '**** **** **** 0010',
  vencimento_cartao: null,
  data_de_pagamento: '05/03/2026',
  horario_de_pagamento: '14:07:31',
  codigo_de_autorizacao: '100042',
  estado_da_transacao: 'PAID',
  valor: 123_456,
  parcelas: 3,
  pdf: '/api/acordos/comprovante-cartao/comp_cartao_7.pdf',
};

describe('CardReceiptButton', () => {
  it('opens the receipt: company, masked CPF, brand, last four, authorisation code, date and time', async () => {
    render(
      <FeedbackProvider>
        <CardReceiptButton receipt={receipt} name="entrada" />
      </FeedbackProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Comprovante do cartão da entrada' }));
    const dialog = within(screen.getByTestId('card-receipt'));
    const shown = (label: string) => dialog.getByText(label).nextElementSibling?.textContent;
    expect(shown('Empresa')).toBe('Bela Casa');
    expect(shown('CPF/CNPJ')).toBe('529.***.***-25');
    expect(shown('Bandeira')).toBe('Visa');
    expect(shown('Cartão')).toBe('**** **** **** 0010');
    expect(shown('Código de autorização')).toBe('100042');
    expect(shown('Data do pagamento')).toBe('05/03/2026');
    expect(shown('Horário do pagamento')).toBe('14:07:31 (Brasília)');
    expect(shown('Valor')).toBe('R$\u00a01.234,56');
    expect(shown('Parcelas no cartão')).toBe('3x');
  });
});

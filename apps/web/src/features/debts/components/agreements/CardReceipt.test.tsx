// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedbackProvider } from '../../../../components/ui/feedback';
import type { ComprovanteCartao } from '../../api/types';
import { CARD_RECEIPT_TEXTS, CardReceiptButton } from './CardReceipt';

// The card receipt dialog shows what spec 001 §3 "Card receipt" and §9 list for a card-settled instalment.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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

function openReceipt() {
  render(
    <FeedbackProvider>
      <CardReceiptButton receipt={receipt} name="entrada" />
    </FeedbackProvider>,
  );
  const user = userEvent.setup();
  return {
    user,
    opened: user.click(screen.getByRole('button', { name: 'Comprovante do cartão da entrada' })),
  };
}

describe('CardReceiptButton', () => {
  it('opens the receipt: company, masked CPF, brand, last four, authorisation code, date and time', async () => {
    await openReceipt().opened;
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

  it('downloads the PDF once, the button saying so while it comes, named as the server names it; a failure says so in a modal', async () => {
    let deliver: (response: Response) => void = () => undefined;
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        fetched.push(url);
        return fetched.length === 1
          ? new Promise<Response>((resolve) => {
              deliver = resolve;
            })
          : Promise.resolve(new Response(null, { status: 500 }));
      }),
    );
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:receipt');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user, opened } = openReceipt();
    await opened;
    const button = screen.getByTestId('card-receipt-download') as HTMLButtonElement;
    await user.click(button);
    await waitFor(() => expect(button.textContent).toBe(CARD_RECEIPT_TEXTS.downloading));
    expect(button.disabled).toBe(true);
    // A second tap while it comes (a slow network): nothing more is fetched.
    button.click();
    deliver(
      new Response(new Blob(['%PDF-1.4']), {
        headers: { 'Content-Disposition': 'attachment; filename="comprovante_7.pdf"' },
      }),
    );
    await waitFor(() => expect(saved).toEqual(['comprovante_7.pdf']));
    expect(button.textContent).toBe(CARD_RECEIPT_TEXTS.download);
    expect(fetched).toEqual([`${receipt.pdf}?download=1`]);

    await user.click(screen.getByTestId('card-receipt-download'));
    expect(await screen.findByText(CARD_RECEIPT_TEXTS.downloadFailed)).toBeTruthy();
    expect(saved).toHaveLength(1);
  });
});

// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client';
import type { ParcelaAcordo } from '../../api/types';
import { AGREEMENT_TEXTS } from '../../lib/agreements';
import { PixDialog } from './PixDialog';

// The PIX dialog shows the row as last read (AgreementCard): its code (MyAgreements.test.tsx and the browser's
// pix-payment test), that it was paid, or that it can no longer be paid; never an empty dialog.

afterEach(cleanup);

const row = (change: Partial<ParcelaAcordo>): ParcelaAcordo => ({
  aci_codigo: 5,
  campo_parcela: 'Entrada',
  status: 'A',
  vencimento: '2026-12-10',
  valor: 71_814,
  encargos: 0,
  valor_atualizado: 71_814,
  pdf: '00020101021226900014br.gov.bcb.pix',
  linha_digitavel: null,
  pix_copia_cola: '00020101021226900014br.gov.bcb.pix',
  emp_codigo: 300,
  comprovante_cartao: null,
  ...change,
});

function show(parcela: ParcelaAcordo) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PixDialog parcela={parcela} onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return within(screen.getByTestId('pix-dialog'));
}

it.each([
  {
    case: 'paid while open: that it was paid',
    parcela: row({ status: 'P', pdf: null, pix_copia_cola: null }),
    shown: 'pix-paid',
    hidden: 'pix-code',
  },
  {
    // The agreement cancelled, or the charge expired and not issued again, while the dialog was open.
    case: 'still open but without a code: that it can no longer be paid',
    parcela: row({ status: 'AA', pix_copia_cola: null }),
    shown: 'pix-unavailable',
    hidden: 'pix-qr',
  },
])('$case', ({ parcela, shown, hidden }) => {
  const dialog = show(parcela);
  expect(dialog.getByTestId(shown)).toBeTruthy();
  expect(dialog.queryByTestId(hidden)).toBeNull();
  if (shown === 'pix-unavailable')
    expect(dialog.getByTestId(shown).textContent).toBe(AGREEMENT_TEXTS.pixUnavailable);
});

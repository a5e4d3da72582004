// @vitest-environment happy-dom
import type { SegundaVia } from '@portal/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import type { Divida } from '../api/types';
import SecondCopyPanel from './SecondCopyPanel';

// The second-copy panel with a real query client; only fetch, at the network edge, is replaced.

const paid: SegundaVia = {
  codigo: 7,
  par_codigo: 31,
  par_prestacao: 2,
  par_vencimento: '2026-11-25',
  par_vencimento_formatado: '25/11/2026',
  par_valor: 12_345,
  contrato: 'CT-1',
  status: 'P',
  linha_digitavel_segunda_via: null,
  pix_copia_cola_segunda_via: null,
  caminho_completo_boleto: null,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ retorno: true, dados: { segundas_vias: [paid] }, mensagem: '' }), {
          status: 200,
        }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('shows an instalment whose second copy was paid as PAGO, with nothing to pay, download or send', async () => {
  const debt = { loj_codigo: 1, contratos: [{ con_codigo: 5 }] } as Divida;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SecondCopyPanel debt={debt} />
    </QueryClientProvider>,
  );
  const item = await screen.findByTestId('second-copy-item');
  expect(item.textContent).toContain('Parcela 2 · Contrato CT-1');
  expect(screen.getByTestId('second-copy-status').textContent).toBe('PAGO');
  for (const testId of ['second-copy-line', 'second-copy-pix', 'second-copy-open', 'second-copy-send-open'])
    expect(screen.queryByTestId(testId)).toBeNull();
});

// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { FeedbackProvider } from '../../../../components/ui/feedback';
import { createQueryClient } from '../../../../lib/query-client';
import { BoletoActions } from './BoletoActions';

// Meus Acordos' PDF of the ticked boletos, with only fetch, the network edge, replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('a PDF the server refuses says why (a copy paid meanwhile), not only that it failed', async () => {
  const refusal = { retorno: false, dados: null, mensagem: 'Esta parcela já foi paga.' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(refusal), { status: 409 })),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FeedbackProvider>
        <BoletoActions kind="boletos" ticked={[7]} enabled />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'Baixar boletos' }));
  expect((await screen.findByTestId('modal')).textContent).toContain('Esta parcela já foi paga.');
});

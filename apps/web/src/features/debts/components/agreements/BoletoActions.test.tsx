// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { FeedbackProvider } from '../../../../components/ui/feedback';
import { createQueryClient } from '../../../../lib/query-client';
import { agreementKeys } from '../../api/agreements';
import { BoletoActions } from './BoletoActions';

// Meus Acordos' PDF of the ticked boletos, with only fetch, the network edge, replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('a refused PDF says the spec sentence and reads the list again, which shows what changed (a copy paid)', async () => {
  const refusal = { retorno: false, dados: null, mensagem: 'Esta parcela já foi paga.' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(refusal), { status: 409 })),
  );
  const client = createQueryClient();
  const list = agreementKeys.list({});
  client.setQueryData(list, { acordos: [] });
  render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <BoletoActions kind="boletos" ticked={[7]} enabled />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'Baixar boletos' }));
  expect((await screen.findByTestId('modal')).textContent).toContain(
    'Não foi possível baixar os boletos selecionados!',
  );
  expect(client.getQueryState(list)?.isInvalidated).toBe(true);
});

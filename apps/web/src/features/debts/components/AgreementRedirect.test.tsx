// @vitest-environment happy-dom
import type { PartnerConfig } from '@portal/domain';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showRoute } from '../routes/render-route.test-helpers';
import { AgreementRedirectProvider, useAgreementRedirect } from './AgreementRedirect';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The confirmation form in miniature: it starts the move and is gone at once, as the debts are read again. */
function Form() {
  const redirect = useAgreementRedirect();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <button
      type="button"
      onClick={() => {
        redirect();
        setOpen(false);
      }}
    >
      Confirmar
    </button>
  );
}

function showPage() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const { router } = showRoute(
    '/minhas-dividas',
    <AgreementRedirectProvider>
      <Form />
    </AgreementRedirectProvider>,
    { sessoes: [] } as unknown as PartnerConfig,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
  return router;
}

describe('AgreementRedirectProvider', () => {
  it('moves to Meus Acordos 2 s later though the form that asked is gone', async () => {
    const router = showPage();
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(router.state.location.pathname).toBe('/minhas-dividas');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/meus-acordos');
  });

  it('does not move a person who left the page first', async () => {
    const router = showPage();
    await act(() => router.navigate('/menu'));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(router.state.location.pathname).toBe('/menu');
  });
});

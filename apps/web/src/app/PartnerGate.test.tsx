// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApiActions } from '../test/api-stub';
import { DEMO_PARTNER as PARTNER } from '../test/demo-partner';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/**
 * The gate at `path` of a partner whose portal is switched off (the company token is null), with the notice a privacy
 * page shows; fresh modules, since the start-up runs once per page load.
 */
async function showSwitchedOff(path: string) {
  vi.resetModules();
  window.history.replaceState(null, '', path);
  stubApiActions(
    (action) => (action === 'retornarTokenEmpresa' ? ok(null, 'Portal não está funcionando!') : ok(true)),
    () => new Response(JSON.stringify({ data: PARTNER }), { status: 200 }),
  );
  const [{ PartnerGate }, { SwitchedOffNotice }, { FeedbackProvider }, { markHeroPainted }] =
    await Promise.all([
      import('./PartnerGate'),
      import('./SwitchedOffNotice'),
      import('../components/ui/feedback'),
      import('../lib/first-paint'),
    ]);
  render(
    <FeedbackProvider>
      <PartnerGate initialConfig={PARTNER}>
        <SwitchedOffNotice />
      </PartnerGate>
    </FeedbackProvider>,
  );
  markHeroPainted();
}

describe('PartnerGate of a switched-off portal', () => {
  it('on the privacy portal, says so in a notice over a form that still works, not in the fatal modal', async () => {
    // Decision 067: the server still takes rights requests (LGPD art. 18); a modal would cover their form.
    await showSwitchedOff('/portal-de-privacidade');
    const notice = await screen.findByTestId('switched-off-notice');
    expect(notice.textContent).toBe(
      'Portal não está funcionando! A negociação de dívidas de Portal Demo está indisponível, mas as solicitações ' +
        'sobre os seus dados pessoais (LGPD) continuam sendo recebidas no Portal de privacidade.',
    );
    // The modal would follow the notice by a render or two: given time, none comes.
    expect(await screen.findByRole('alertdialog', {}, { timeout: 500 }).catch(() => null)).toBeNull();
  });

  it('elsewhere, shows the fatal modal of spec 000 §8', async () => {
    await showSwitchedOff('/');
    const modal = await screen.findByRole('alertdialog');
    expect(modal.textContent).toContain('Erro Fatal');
    expect(modal.textContent).toContain('Portal não está funcionando!');
  });
});

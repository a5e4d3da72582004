// @vitest-environment happy-dom
import type { PartnerConfig } from '@portal/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../../lib/api';
import { type ApiCall, ok, stubApiActions } from '../../../test/api-stub';
import AccordionTabs from './AccordionTabs';
import { showRoute } from './render-route.test-helpers';

// Sair and the call scheduling's answers (spec 001 §2, §8 "Call request") with only fetch replaced; the flows against
// the real server are tests/browser/receive-call.test.ts.

let answers: Record<string, Envelope>;
let calls: ApiCall[];

beforeEach(() => {
  answers = {
    sessao: ok({
      pesNome: 'Maria',
      pesCpfCnpj: '52998224725',
      quantidadeDividas: 1,
      proximaEtapa: 'AccordionTabs',
    }),
    passo_2_novo: ok({ pessoa: {}, acordo_ativo: false, dividas: [{ loj_codigo: 7 }] }),
  };
  calls = stubApiActions((action) => answers[action] ?? ok(null));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const CONFIG = {
  id: 1,
  nome: 'Portal Demo',
  identificador: 'demo',
  emp_codigo: 100,
  estilo: { corPrimaria: '#00c0fb', corSecundaria: '#5938c8' },
  loj_codigo: '7',
  loj_codigo_nao_negocia: '',
  captcha: { provider: 'altcha', siteKey: null },
  capacidades: {},
  sessoes: [
    { nome: 'customization', campos: { menuDebits: { flgReceberLigacao: true } }, arquivos: [] },
    { nome: 'omniChannel', campos: { flgdiscadoraOmni: true }, arquivos: [] },
  ],
} as unknown as PartnerConfig;

function show() {
  return showRoute('/menu', <AccordionTabs />, CONFIG);
}

async function schedule(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Sair' }));
  const panel = await screen.findByTestId('receive-call');
  await user.click(within(panel).getByTestId('channel-call'));
  await user.type(within(panel).getByLabelText('Telefone para a ligação'), '2134567890');
  await user.click(within(panel).getByRole('button', { name: 'Agendar ligação' }));
  return screen.findByTestId('modal');
}

describe('Sair and the call scheduling', () => {
  it("a refusal: 'Erro ao agendar uma nova chamada' with the server's message; the store is the first with debts", async () => {
    answers.solicitarLigacao = {
      retorno: false,
      dados: null,
      mensagem:
        'Você já fez muitos pedidos de contato hoje. Aguarde o nosso contato ou tente novamente amanhã.',
    };
    const { user } = show();
    const modal = await schedule(user);
    expect(within(modal).getByRole('heading', { name: 'Erro' })).toBeTruthy();
    expect(modal.textContent).toContain(
      'Erro ao agendar uma nova chamada. Você já fez muitos pedidos de contato hoje. Aguarde o nosso contato ou tente novamente amanhã.',
    );
    expect(calls.find((c) => c.action === 'solicitarLigacao')?.body).toEqual({
      loj_codigo: 7,
      telefone: '2134567890',
    });
    // The panel stays for another try; the session is still open.
    expect(screen.getByTestId('receive-call')).toBeTruthy();
    expect(calls.some((c) => c.action === 'sair')).toBe(false);
  });

  it("a message with 'Erro' is a failure even with retorno true (spec 001 §8)", async () => {
    answers.solicitarLigacao = ok(null, 'Erro na discadora');
    const { user } = show();
    const modal = await schedule(user);
    expect(modal.textContent).toContain('Erro ao agendar uma nova chamada. Erro na discadora');
  });

  it('after an agreement through the portal Sair ends the session at once', async () => {
    window.sessionStorage.setItem('acordoRealizadoPortal', '52998224725');
    const { user, router } = show();
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.some((c) => c.action === 'sair')).toBe(true);
    expect(screen.queryByTestId('receive-call')).toBeNull();
  });
});

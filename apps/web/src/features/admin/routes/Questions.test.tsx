// @vitest-environment happy-dom
import { FAQ_MESSAGES, FAQ_SHARED } from '@portal/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminAnswer, showAdminRoute } from './admin-route.test-helpers';
import ListQuestions from './ListQuestions';
import PostQuestions from './PostQuestions';
import UpdateQuestions from './UpdateQuestions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const ENTRY = { codigo: 5, titulo: 'Como pago?', descricao: 'Com boleto.', parceiro: null };
// A failure the server did not explain: a proxy's 502, say, with no mensagem.
const UNEXPLAINED: AdminAnswer = { status: 502, body: {} };

/** The FAQ screens' reads; `write` answers the a=portal action of the screen's write. */
function answers(action: string, write: AdminAnswer) {
  return (path: string): AdminAnswer | undefined => {
    if (path.startsWith('/api/parceiro?'))
      return { body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 50, total: 0 } } };
    if (path === '/api/duvidas') return { body: { data: [ENTRY] } };
    if (path === '/api/duvidas/5') return { body: { data: ENTRY } };
    if (path === `/api.php?a=portal&b=${action}`) return write;
    return undefined;
  };
}

describe('FAQ screens: a failure the server does not explain reads as spec 002 §8 says', () => {
  it("PostQuestions: 'Não foi possivel cadastrar esta dúvida', and what was typed stays", async () => {
    const { user } = showAdminRoute(
      '/admin/cadastrar-duvida',
      <PostQuestions />,
      answers('cadastrarDuvida', UNEXPLAINED),
    );
    await user.type(await screen.findByLabelText('Título'), 'Posso parcelar?');
    await user.type(screen.getByLabelText('Texto'), 'Sim, em até 12 vezes.');
    expect((screen.getByLabelText('Parceiro') as HTMLSelectElement).value).toBe(FAQ_SHARED);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findByTestId('modal')).textContent).toContain(FAQ_MESSAGES.createFailed);
    expect((screen.getByLabelText('Título') as HTMLInputElement).value).toBe('Posso parcelar?');
  });

  it("UpdateQuestions: 'Não foi possivel editar esta dúvida'", async () => {
    const { user } = showAdminRoute(
      '/admin/atualizar-duvida/5',
      <UpdateQuestions />,
      answers('atualizarDuvida', UNEXPLAINED),
      '/admin/atualizar-duvida/:codigo',
    );
    await user.type(await screen.findByLabelText('Título'), ' Agora');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findByTestId('modal')).textContent).toContain(FAQ_MESSAGES.updateFailed);
  });

  it("ListQuestions: 'Não foi possivel excluir esta dúvida'", async () => {
    const { user } = showAdminRoute(
      '/admin/duvidas',
      <ListQuestions />,
      answers('deletarDuvida', UNEXPLAINED),
    );
    await user.click(await screen.findByRole('button', { name: /^Excluir/ }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(
      (await screen.findByText(FAQ_MESSAGES.deleteFailed)).closest('[data-testid="modal"]'),
    ).not.toBeNull();
  });
});

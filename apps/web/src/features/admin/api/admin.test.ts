import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminApiError, adminErrorModal, adminPortalCall } from './admin';

// Spec 002 §8 "Admin API errors".
describe('adminErrorModal', () => {
  it("shows nothing for 'Unauthenticated'", () => {
    expect(adminErrorModal(new AdminApiError(401, 'Unauthenticated'))).toBeNull();
  });

  it('shows the server message', () => {
    expect(adminErrorModal(new AdminApiError(422, 'A senha atual está incorreta.'))).toMatchObject({
      text: 'A senha atual está incorreta.',
    });
  });

  it("reads 'Call to a member function toArray() on null' as 'URL não encontrada.'", () => {
    expect(
      adminErrorModal(new AdminApiError(500, 'Call to a member function toArray() on null')),
    ).toMatchObject({ text: 'URL não encontrada.' });
  });

  it("falls back to 'Ocorreu um erro. Tente novamente' without a message", () => {
    expect(adminErrorModal(new AdminApiError(502, ''))).toMatchObject({
      text: 'Ocorreu um erro. Tente novamente',
    });
  });

  it("says 'Ocorreu um erro!' with a connectivity hint when nothing came back", () => {
    expect(adminErrorModal(new AdminApiError(0, ''))).toMatchObject({
      title: 'Ocorreu um erro!',
      text: 'Verifique a sua conexão com a internet e tente novamente.',
    });
    expect(adminErrorModal(new TypeError('fetch failed'))).toMatchObject({ title: 'Ocorreu um erro!' });
  });
});

// The back office's portal API calls (FAQ): the envelope's dados, or its mensagem as the error.
describe('adminPortalCall', () => {
  const answer = (status: number, body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status }));

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts JSON to api.php and resolves with dados', async () => {
    const fetchMock = answer(200, { retorno: true, dados: { duvidas: [] }, mensagem: '' });
    vi.stubGlobal('fetch', fetchMock);
    await expect(adminPortalCall('getDuvidas', { codigo: 3 })).resolves.toEqual({ duvidas: [] });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api.php?a=portal&b=getDuvidas',
      expect.objectContaining({ method: 'POST', body: '{"codigo":3}' }),
    );
  });

  it('rejects retorno false with its mensagem, and a 400 with its fields', async () => {
    vi.stubGlobal(
      'fetch',
      answer(200, { retorno: false, dados: null, mensagem: 'Não foi possivel excluir esta dúvida' }),
    );
    await expect(adminPortalCall('deletarDuvida', { codigo: 1 })).rejects.toMatchObject({
      message: 'Não foi possivel excluir esta dúvida',
    });
    const text = 'O campo título da dúvida é obrigatório';
    vi.stubGlobal('fetch', answer(400, { retorno: false, dados: { titulo: text }, mensagem: text }));
    await expect(adminPortalCall('cadastrarDuvida')).rejects.toMatchObject({
      status: 400,
      fields: { titulo: text },
    });
  });

  it("reads a 401 'Unauthenticated' as unauthenticated", async () => {
    vi.stubGlobal('fetch', answer(401, { retorno: false, dados: null, mensagem: 'Unauthenticated' }));
    const error = await adminPortalCall('cadastrarDuvida').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminApiError);
    expect((error as AdminApiError).unauthenticated).toBe(true);
  });
});

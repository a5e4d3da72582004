import { describe, expect, it } from 'vitest';
import { AdminApiError, adminErrorModal } from './admin';

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

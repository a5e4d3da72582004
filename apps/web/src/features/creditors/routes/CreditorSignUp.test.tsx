// @vitest-environment happy-dom
import { CREDITOR_SIGN_UP_MESSAGES } from '@portal/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageNavigationContext } from '../../../app/page-navigation';
import type { Envelope } from '../../../lib/api';
import { ok, stubApiActions } from '../../../test/api-stub';
import { DEMO_PARTNER as PARTNER } from '../../../test/demo-partner';
import { showRoute } from '../../debts/routes/render-route.test-helpers';
import CreditorSignUp from './CreditorSignUp';

// The wizard in a data router with a real query client and feedback provider; only fetch is replaced. The whole flow
// against the real server is tests/browser/creditors.test.ts.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PLAN = {
  codigo: 1,
  nome: 'CRM - Sistema de cobrança',
  valor_centavos: 11_260,
  valor_cheio_centavos: 12_511,
  desconto: '10% de desconto para quem aderir hoje',
  emp_usa_site: 'N',
  item_1: 'um',
  item_2: 'dois',
  item_3: 'três',
};

const TYPED = {
  'Razão social': 'Gama Cobranças',
  'Nome do contato': 'Gabriela Reis',
  Usuário: 'carla.delta',
  Senha: 'Forte123',
  'E-mail': 'gabriela@gama.com.br',
} as const;

/** The wizard filled and finished, cadastrarCliente answering `refusal` (as the server does, HTTP 200). */
async function finishRefused(refusal: Envelope) {
  stubApiActions((action) => {
    if (action === 'getPlanosAtivos') return ok({ planos: [PLAN] });
    if (action === 'cadastrarCliente') return refusal;
    return ok(null);
  });
  // The top bar's home link navigates through the app's context (AppRouter gives it); it is not clicked here.
  const navigation = { pathname: '/cadastre-sua-empresa', navigate: () => {} };
  const { user } = showRoute(
    '/cadastre-sua-empresa',
    <PageNavigationContext.Provider value={navigation}>
      <CreditorSignUp />
    </PageNavigationContext.Provider>,
    PARTNER,
  );
  for (const [label, value] of Object.entries(TYPED)) await user.type(screen.getByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: 'Próximo' }));
  await user.click(await screen.findByRole('button', { name: PLAN.nome }));
  await user.click(screen.getByRole('button', { name: 'Finalizar Cadastro' }));
}

describe('CreditorSignUp: a login or company name already taken', () => {
  it.each([
    ['usu_login', 'Usuário', CREDITOR_SIGN_UP_MESSAGES.loginTaken],
    ['emp_nome', 'Razão social', CREDITOR_SIGN_UP_MESSAGES.companyTaken],
  ])(
    '%s: back on the user data, the message under %s, focused, nothing typed lost',
    async (key, label, message) => {
      await finishRefused({ retorno: false, dados: { [key]: message }, mensagem: message });
      const field = await screen.findByLabelText(label);
      await waitFor(() => expect(document.activeElement).toBe(field));
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Dados do Usuário');
      expect(field.getAttribute('aria-invalid')).toBe('true');
      const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
      expect(described).toContain(screen.getByText(message).id);
      for (const [name, value] of Object.entries(TYPED))
        expect((screen.getByLabelText(name) as HTMLInputElement).value).toBe(value);
      expect(screen.queryByTestId('modal')).toBeNull();
    },
  );
});

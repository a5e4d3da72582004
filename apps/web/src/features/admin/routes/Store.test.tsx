// @vitest-environment happy-dom
import { STORE_MESSAGES } from '@portal/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showAdminRoute } from './admin-route.test-helpers';
import Store from './Store';
import { storeItem } from './store-item.test-helpers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const STORED = storeItem({ boleto_convenio: '1234567' });

describe('Store', () => {
  it("shows a refused save's message (decision 086) and keeps what was typed", async () => {
    const saved: unknown[] = [];
    const { user, router } = showAdminRoute(
      '/admin/lojas/7',
      <Store />,
      (path, method) => {
        if (path === '/api/lojas/7' && method === 'GET') return { body: { data: STORED } };
        if (path === '/api/lojas/7' && method === 'PUT') {
          saved.push(path);
          return {
            status: 409,
            body: {
              message: STORE_MESSAGES.payeeBoletosOpen,
              dados: { boleto_convenio: STORE_MESSAGES.payeeBoletosOpen },
            },
          };
        }
        if (path === '/api/parceiros') return { body: { data: [] } };
        return undefined;
      },
      '/admin/lojas/:id',
    );
    const convenio = await screen.findByLabelText('Convênio do boleto (7 dígitos)');
    await user.clear(convenio);
    await user.type(convenio, '7654321');
    await user.click(screen.getByTestId('store-submit'));
    expect(await screen.findByText(STORE_MESSAGES.payeeBoletosOpen)).toBeTruthy();
    expect(saved).toHaveLength(1);
    expect((convenio as HTMLInputElement).value).toBe('7654321');
    expect(router.state.location.pathname).toBe('/admin/lojas/7');
  });

  it('sends the version it opened, and a save refused as made over another (decision 088) keeps what was typed', async () => {
    const { user, router } = showAdminRoute(
      '/admin/lojas/7',
      <Store />,
      (path, method) => {
        if (path === '/api/lojas/7' && method === 'GET') return { body: { data: { ...STORED, versao: 4 } } };
        if (path === '/api/lojas/7' && method === 'PUT')
          return { status: 409, body: { message: STORE_MESSAGES.changedMeanwhile, dados: null } };
        if (path === '/api/parceiros') return { body: { data: [] } };
        return undefined;
      },
      '/admin/lojas/:id',
    );
    const city = await screen.findByLabelText('Cidade');
    await user.clear(city);
    await user.type(city, 'Campinas');
    await user.click(screen.getByTestId('store-submit'));
    expect(await screen.findByText(STORE_MESSAGES.changedMeanwhile)).toBeTruthy();
    const put = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({ versao: 4, cidade: 'Campinas' });
    expect((city as HTMLInputElement).value).toBe('Campinas');
    expect(router.state.location.pathname).toBe('/admin/lojas/7');
  });
});

// @vitest-environment happy-dom
import { type StoreItem, storeFormValues } from '@portal/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showAdminRoute } from './admin-route.test-helpers';
import ListStores from './ListStores';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function store(parceiros: StoreItem['parceiros']): StoreItem {
  return {
    ...(storeFormValues() as unknown as StoreItem),
    id: 7,
    nome_fantasia: 'Bela Casa',
    razao_social: 'Móveis Bela Casa Ltda.',
    cpf_cnpj: '77888999000181',
    cidade: 'Recife',
    estado: 'PE',
    ativa: true,
    desativada_em: null,
    logo_url: null,
    parceiros,
    politica: null,
  };
}

describe('ListStores', () => {
  it('marks a partner that was archived (decision 014) beside its name', async () => {
    showAdminRoute('/admin/lojas', <ListStores />, (path) =>
      path === '/api/lojas'
        ? {
            body: {
              data: [
                store([
                  { id: 1, nome: 'Acme Cobranças', negocia: true, arquivado_em: null },
                  { id: 2, nome: 'Zeta', negocia: false, arquivado_em: '2026-03-01T12:00:00.000Z' },
                ]),
              ],
            },
          }
        : undefined,
    );
    const card = await screen.findByTestId('store-card');
    expect(card.textContent).toContain('Parceiros: Acme Cobranças, Zeta (arquivado) (só boletos)');
  });
});

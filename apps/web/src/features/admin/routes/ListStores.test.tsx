// @vitest-environment happy-dom
import type { StoreItem } from '@portal/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showAdminRoute } from './admin-route.test-helpers';
import ListStores from './ListStores';
import { storeItem } from './store-item.test-helpers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const store = (parceiros: StoreItem['parceiros']) => storeItem({ parceiros });

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

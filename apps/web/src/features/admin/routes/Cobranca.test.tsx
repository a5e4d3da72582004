// @vitest-environment happy-dom
import type { RemessaListItem, RemessaListPage } from '@portal/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showAdminRoute } from './admin-route.test-helpers';
import Cobranca from './Cobranca';

const saved = vi.hoisted(() => [] as string[]);
vi.mock('../../../lib/files', () => ({ saveFile: (_blob: Blob, name: string) => saved.push(name) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  saved.length = 0;
});

function remessa(id: number): RemessaListItem {
  return {
    id,
    loja: { id: 1, nome: 'Banco Horizonte' },
    banco: '001',
    convenio: '1234567',
    nsa: id,
    data: '2026-11-30',
    nome_arquivo: `CBR_001_1234567_30112026_00000${id}.rem`,
    titulos: 1,
    criado_por: 'staff:admin',
    criado_em: '2026-11-30T12:00:00.000Z',
  };
}

describe('Cobrança remessas', () => {
  it('downloads another remessa while one is still downloading', async () => {
    const list: RemessaListPage = {
      data: [remessa(1), remessa(2)],
      meta: { current_page: 1, last_page: 1, per_page: 20, total: 2 },
    };
    const { user } = showAdminRoute('/admin/cobranca', <Cobranca />, (path) =>
      path.startsWith('/api/cobranca/remessas?') ? { body: list } : undefined,
    );
    // The files answer only when released, so the first download is still running at the second click.
    const answered = globalThis.fetch;
    const files: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (!url.endsWith('/arquivo')) return answered(url, init);
      files.push(url);
      await gate;
      return new Response('remessa', { status: 200 });
    });
    await user.click(await screen.findByRole('button', { name: /^Baixar remessa 1 / }));
    await user.click(screen.getByRole('button', { name: /^Baixar remessa 2 / }));
    release();
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(files).toEqual(['/api/cobranca/remessas/1/arquivo', '/api/cobranca/remessas/2/arquivo']);
    expect(saved).toEqual([remessa(1).nome_arquivo, remessa(2).nome_arquivo]);
  });
});

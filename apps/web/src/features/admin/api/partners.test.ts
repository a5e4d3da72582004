import { afterEach, describe, expect, it, vi } from 'vitest';
import { archivePartner, listAllPartners, partnerTargets } from './partners';

afterEach(() => {
  vi.unstubAllGlobals();
});

const item = (id: number) => ({
  id,
  nome: `P${id}`,
  identificador: `p${id}`,
  emp_codigo: id,
  logo: null,
  arquivado_em: null,
});

// Spec 002 §4: page 1, its last_page, then the other pages, concatenated.
describe('listAllPartners', () => {
  it('reads page 1, then pages 2..last_page of the active partners, in order', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      const meta = { current_page: page, last_page: 3, per_page: 1, total: 3 };
      return new Response(JSON.stringify({ data: [item(page)], meta }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    expect((await listAllPartners()).map((p) => p.id)).toEqual([1, 2, 3]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/parceiro?page=1&situacao=ativos',
      '/api/parceiro?page=2&situacao=ativos',
      '/api/parceiro?page=3&situacao=ativos',
    ]);
    fetchMock.mockClear();
    await listAllPartners('arquivados');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/parceiro?page=1&situacao=arquivados');
  });

  it('fails with the server message (the archive refused for partner 1)', async () => {
    const message = 'O parceiro principal não pode ser arquivado.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message }), { status: 403 })),
    );
    await expect(archivePartner(1)).rejects.toMatchObject({ status: 403, message });
  });
});

describe('partnerTargets', () => {
  const archived = { ...item(2), nome: 'Teste Parceiro', arquivado_em: '2026-11-01T12:00:00.000Z' };
  const every = [item(1), archived, item(3)];

  it('offers no archived partner as where new data goes', () => {
    expect(partnerTargets(every).map((p) => p.id)).toEqual([1, 3]);
  });

  it('keeps an archived partner the record already names, so it still shows', () => {
    expect(partnerTargets(every, ['2']).map((p) => p.id)).toEqual([1, 2, 3]);
  });
});

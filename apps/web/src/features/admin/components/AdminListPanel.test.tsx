// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminListPanel } from './AdminListPanel';

// The shared shape of the back-office lists with a real query client; the answer comes from the test.

interface Page {
  data: { id: number; name: string }[];
  meta: { last_page: number };
}

afterEach(cleanup);

function List({ answer }: { answer: (page: number) => Promise<Page> }) {
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: ['rows', page], queryFn: () => answer(page), retry: false });
  return (
    <AdminListPanel
      titleId="rows-title"
      title="Linhas"
      query={query}
      failedText="Não foi possível carregar as linhas."
      empty="Nenhuma linha."
      emptyTestId="rows-empty"
      pager={{ page, onPage: setPage, label: 'Páginas de linhas' }}
    >
      {(rows) => (
        <ul>
          {rows.map((row) => (
            <li key={row.id}>{row.name}</li>
          ))}
        </ul>
      )}
    </AdminListPanel>
  );
}

function renderList(answer: (page: number) => Promise<Page>) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <List answer={answer} />
    </QueryClientProvider>,
  );
}

describe('AdminListPanel', () => {
  it('is busy while loading, then shows the rows and pages through them', async () => {
    const user = userEvent.setup();
    renderList(async (page) => ({ data: [{ id: page, name: `Linha ${page}` }], meta: { last_page: 2 } }));
    const panel = screen.getByRole('region', { name: 'Linhas' });
    expect(panel.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Carregando…');
    await screen.findByText('Linha 1');
    expect(panel.getAttribute('aria-busy')).toBe('false');
    expect(screen.getByRole('heading', { name: 'Linhas' }).getAttribute('tabindex')).toBe('-1');
    const pager = () => screen.getByRole('navigation', { name: 'Páginas de linhas' });
    expect(pager().textContent).toContain('Página 1 de 2');
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await screen.findByText('Linha 2');
    expect(pager().textContent).toContain('Página 2 de 2');
  });

  it('says when there is no row, with no pager for a single page', async () => {
    renderList(async () => ({ data: [], meta: { last_page: 1 } }));
    expect((await screen.findByTestId('rows-empty')).textContent).toBe('Nenhuma linha.');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says a failure and reads again on Tentar novamente', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderList(async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return { data: [{ id: 1, name: 'De volta' }], meta: { last_page: 1 } };
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Não foi possível carregar as linhas.');
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByText('De volta');
  });
});

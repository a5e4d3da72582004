// @vitest-environment happy-dom
import type { PartnerListPage, UnappliedMoneyItem, UnappliedMoneyPage } from '@portal/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMINISTRATOR, type AdminAnswer, showAdminRoute } from './admin-route.test-helpers';
import ListUnappliedMoney from './ListUnappliedMoney';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const PARTNERS: PartnerListPage = {
  data: [],
  meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 },
};

// Decision 063: a PIX paid short, pending, and a boleto of before events said why (decision 064), given back.
const PENDING: UnappliedMoneyItem = {
  id: 41,
  data: '2026-11-03',
  valor: 2_500,
  causa: 'pix:E0009',
  motivo: 'underpaid',
  origem: 'acordo',
  aco_codigo: 7,
  parcela: '1/2',
  parceiro: { id: 3, nome: 'Acme Cobranças' },
  loja: { id: 4, nome: 'Bela Casa' },
  resolucao: null,
};
const RESOLVED: UnappliedMoneyItem = {
  ...PENDING,
  id: 40,
  data: '2026-11-01',
  valor: 30_000,
  causa: 'cnab:7:4',
  motivo: null,
  origem: 'acordo',
  aco_codigo: 6,
  parcela: 'Parcela única',
  resolucao: {
    tipo: 'refunded',
    motivo: 'Devolvido por TED em 02/11.',
    usuario: 'ana',
    em: '2026-11-02 14:30:00',
  },
};
const page = (data: UnappliedMoneyItem[]): UnappliedMoneyPage => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 20, total: data.length },
  lojas: [],
});

function show(
  list: (path: string) => AdminAnswer,
  other: (path: string, method: string) => AdminAnswer | undefined = () => undefined,
) {
  return showAdminRoute('/admin/nao-aplicados', <ListUnappliedMoney />, (path, method) => {
    if (path.startsWith('/api/parceiro?')) return { body: PARTNERS };
    if (path.startsWith('/api/gestao/nao-aplicados?') && method === 'GET') return list(path);
    return other(path, method);
  });
}

const cellsOf = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/\u00a0/g, ' '));

describe('ListUnappliedMoney', () => {
  it('lists each amount with its origin, why it paid nothing, agreement, store, partner and resolution, pending ones first asked', async () => {
    const asked: string[] = [];
    show((path) => {
      asked.push(path);
      return { body: page([PENDING, RESOLVED]) };
    });
    const table = await screen.findByTestId('unapplied-table');
    const [head, pending, resolved] = within(table).getAllByRole('row');
    expect(cellsOf(head!)).toEqual([
      'Data',
      'Valor',
      'Origem',
      'Motivo',
      'Acordo',
      'Parcela',
      'Loja',
      'Parceiro',
      'Resolução',
    ]);
    expect(cellsOf(pending!).slice(0, 8)).toEqual([
      '03/11/2026',
      'R$ 25,00',
      'PIX recebido (E0009)pix:E0009',
      'Pago a menor',
      '7',
      '1/2',
      'Bela Casa',
      'Acme Cobranças',
    ]);
    expect(within(pending!).getByRole('link', { name: 'Abrir o acordo 7' }).getAttribute('href')).toBe(
      '/admin/acordos/7',
    );
    expect(within(pending!).getByRole('button', { name: 'Registrar resolução' })).toBeTruthy();
    expect(cellsOf(resolved!)[3]).toBe('Não informado');
    expect(cellsOf(resolved!)[8]).toBe(
      'Devolvido ao pagadorDevolvido por TED em 02/11.por ana em 02/11/2026 14:30',
    );
    expect(within(resolved!).queryByRole('button')).toBeNull();
    // The screen opens on the pending amounts.
    expect(new URLSearchParams(asked[0]!.split('?')[1]).get('situacao')).toBe('pending');
  });

  it('says when there is nothing, and when the list could not be read', async () => {
    show(() => ({ body: page([]) }));
    expect((await screen.findByTestId('unapplied-empty')).textContent).toContain(
      'Nenhum valor não aplicado no período.',
    );
    cleanup();
    vi.unstubAllGlobals();
    show(() => ({ status: 500, body: { message: 'Erro' } }));
    expect(await screen.findByText('Não foi possível carregar os valores não aplicados.')).toBeTruthy();
  });

  it('records a resolution in a dialog: what was done and a reason are required, then the list is read again', async () => {
    let resolved = false;
    const sent: unknown[] = [];
    const { user } = show(
      () => ({ body: page([resolved ? { ...PENDING, resolucao: RESOLVED.resolucao } : PENDING]) }),
      (path, method) => {
        if (path !== '/api/gestao/nao-aplicados/41/resolucao' || method !== 'POST') return undefined;
        resolved = true;
        return { body: { message: 'Resolução registrada com sucesso!', data: PENDING } };
      },
    );
    const fetchMock = vi.mocked(fetch);
    await user.click(await screen.findByRole('button', { name: 'Registrar resolução' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar resolução' });
    expect(dialog.textContent?.replace(/\u00a0/g, ' ')).toContain(
      'Valor de R$ 25,00 recebido em 03/11/2026, acordo 7.',
    );
    // The back office's choice group: one option a line on a phone, not two labels wrapping into each other.
    const choices = within(dialog).getByRole('group', { name: 'O que foi feito com o valor' });
    expect(choices.className).toBe('admin-fieldset');
    expect(choices.querySelector('.admin-fieldset__grid')?.children).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(await within(dialog).findByText('Informe o que foi feito com o valor.')).toBeTruthy();
    expect(within(dialog).getByText('Informe o motivo.')).toBeTruthy();
    await user.click(within(dialog).getByLabelText('Devolvido ao pagador'));
    await user.type(within(dialog).getByLabelText('Motivo'), 'Devolvido por TED em 02/11.');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Resolução registrada com sucesso!')).toBeTruthy();
    for (const [url, init] of fetchMock.mock.calls)
      if (url === '/api/gestao/nao-aplicados/41/resolucao') sent.push(JSON.parse(String(init?.body)));
    expect(sent).toEqual([{ resolucao: 'refunded', motivo: 'Devolvido por TED em 02/11.' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Devolvido ao pagador')).toBeTruthy();
  });

  it('shows a second copy’s amount without an agreement link, and resolves it by the copies’ route', async () => {
    // Decision 061: the part of a second copy's payment that paid nothing; the back office has no page for a copy.
    const copy: UnappliedMoneyItem = {
      ...PENDING,
      id: 41,
      origem: 'segunda_via',
      aco_codigo: null,
      parcela: 'Contrato 77 - parcela 2',
    };
    const posted: string[] = [];
    const { user } = show(
      () => ({ body: page([copy]) }),
      (path, method) => {
        if (method !== 'POST') return undefined;
        posted.push(path);
        return { body: { message: 'Resolução registrada com sucesso!', data: copy } };
      },
    );
    const table = await screen.findByTestId('unapplied-table');
    const [, row] = within(table).getAllByRole('row');
    expect(cellsOf(row!).slice(4, 6)).toEqual(['2ª via', 'Contrato 77 - parcela 2']);
    expect(within(row!).queryByRole('link')).toBeNull();
    await user.click(within(row!).getByRole('button', { name: 'Registrar resolução' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar resolução' });
    expect(dialog.textContent?.replace(/\u00a0/g, ' ')).toContain(
      'Valor de R$ 25,00 recebido em 03/11/2026, 2ª via, Contrato 77 - parcela 2.',
    );
    await user.click(within(dialog).getByLabelText('Devolvido ao pagador'));
    await user.type(within(dialog).getByLabelText('Motivo'), 'Devolvido por TED.');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Resolução registrada com sucesso!')).toBeTruthy();
    expect(posted).toEqual(['/api/gestao/nao-aplicados/segundas-vias/41/resolucao']);
  });

  it('offers no resolution to an auditor, who only reads', async () => {
    show(
      () => ({ body: page([PENDING]) }),
      (path) => (path === '/api/me' ? { body: { data: { ...ADMINISTRATOR, papel: 'auditor' } } } : undefined),
    );
    await screen.findByTestId('unapplied-table');
    expect(screen.getByText('Pendente')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Registrar resolução' })).toBeNull();
  });
});

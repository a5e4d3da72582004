// @vitest-environment happy-dom
import type { AgreementAdminDetail } from '@portal/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AgreementPage from './AgreementPage';
import { showAdminRoute } from './admin-route.test-helpers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const ACTIVE: AgreementAdminDetail = {
  aco_codigo: 7,
  data_acordo: '2026-03-02 10:00:00',
  parceiro: { id: 3, nome: 'Acme Cobranças' },
  loja: { id: 4, nome: 'Bela Casa' },
  devedor: { nome: 'Maria Souza', cpf_cnpj: '52998224725' },
  forma_pagamento: 'boleto',
  quantidade_parcelas: 0,
  valor_negociado: 10000,
  valor_entrada: 10000,
  valor_pago: 0,
  status: 'active',
  contratos: ['C-1'],
  parcelas: [],
  documentos: { termo: '/api/gestao/acordos/7/termo', quitacao: null, boletos_em_aberto: null },
  eventos: [],
  segundas_vias: [],
  cartao: null,
  historico: [],
};

describe('AgreementPage', () => {
  it('after a cancellation, whose form goes with it, the focus is on the page heading, not lost on <body>', async () => {
    let agreement = ACTIVE;
    const { user } = showAdminRoute(
      '/admin/acordos/7',
      <AgreementPage />,
      (path, method) => {
        if (path === '/api/gestao/acordos/7') return { body: { data: agreement } };
        if (path === '/api/gestao/acordos/7/cancelar' && method === 'POST') {
          agreement = { ...ACTIVE, status: 'cancelled' };
          return { body: { message: 'Acordo cancelado com sucesso!', data: agreement } };
        }
        return undefined;
      },
      '/admin/acordos/:id',
    );
    await user.type(await screen.findByLabelText('Motivo do cancelamento'), 'O credor retirou a dívida');
    await user.click(screen.getByTestId('agreement-cancel'));
    await user.click(await screen.findByRole('button', { name: 'Sim, cancelar' }));

    expect((await screen.findByText('Cancelado')).dataset.testid).toBe('agreement-status');
    expect(screen.queryByTestId('agreement-cancel')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Acordo 7' }));
  });

  it('says why each unapplied amount paid nothing, as the Não aplicados list does (decision 064)', async () => {
    const withEvents: AgreementAdminDetail = {
      ...ACTIVE,
      eventos: [
        {
          id: 1,
          parcela: 'Entrada',
          tipo: 'paid',
          valor: 10000,
          data: '2026-03-02',
          causa: 'pix:E1',
          motivo: null,
        },
        {
          id: 2,
          parcela: 'Entrada',
          tipo: 'unapplied',
          valor: 10000,
          data: '2026-03-03',
          causa: 'pix:E2',
          motivo: 'already_paid',
        },
        {
          id: 3,
          parcela: 'Entrada',
          tipo: 'unapplied',
          valor: 500,
          data: '2026-03-04',
          causa: 'cnab:1:2',
          motivo: null,
        },
      ],
    };
    showAdminRoute(
      '/admin/acordos/7',
      <AgreementPage />,
      (path) => (path === '/api/gestao/acordos/7' ? { body: { data: withEvents } } : undefined),
      '/admin/acordos/:id',
    );
    const table = await screen.findByTestId('agreement-events');
    const [head, ...rows] = within(table).getAllByRole('row');
    expect([...head!.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Data',
      'Parcela',
      'Evento',
      'Valor',
      'Origem',
      'Motivo',
    ]);
    expect(rows.map((row) => row.querySelector('td:last-child')?.textContent)).toEqual([
      '—',
      'Pago de novo: parcela já paga de outra forma',
      'Não informado',
    ]);
  });

  it('shows the part of a second copy’s payment that paid nothing and why, as the Não aplicados list does', async () => {
    const copy = { contrato: 'C-1', vencimento: '2026-03-10', data: '2026-03-10', valor: 4000 };
    const withCopies: AgreementAdminDetail = {
      ...ACTIVE,
      segundas_vias: [
        { ...copy, id: 1, causa: 'pix:E1', nao_aplicado: 0, motivo: null },
        { ...copy, id: 2, causa: 'cnab:9:3', nao_aplicado: 4000, motivo: 'already_paid' },
        { ...copy, id: 3, causa: 'pix:E3', nao_aplicado: 1500, motivo: 'underpaid' },
      ],
    };
    showAdminRoute(
      '/admin/acordos/7',
      <AgreementPage />,
      (path) => (path === '/api/gestao/acordos/7' ? { body: { data: withCopies } } : undefined),
      '/admin/acordos/:id',
    );
    const table = await screen.findByTestId('agreement-second-copies');
    const [head, ...rows] = within(table).getAllByRole('row');
    expect([...head!.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Data',
      'Contrato',
      'Vencimento',
      'Valor',
      'Origem',
      'Não aplicado',
      'Motivo',
    ]);
    expect(
      rows.map((row) =>
        [...row.querySelectorAll('td')].slice(-2).map((td) => td.textContent?.replace(/\s/g, ' ')),
      ),
    ).toEqual([
      ['—', '—'],
      ['R$ 40,00', 'Pago de novo: parcela já paga de outra forma'],
      ['R$ 15,00', 'Pago a menor'],
    ]);
  });

  it('says what of a paid card the gateway gave back, how much and when: a part, then a chargeback (decisions 047, 075)', async () => {
    const reversed: AgreementAdminDetail = {
      ...ACTIVE,
      forma_pagamento: 'cartao',
      status: 'cancelled',
      cartao: {
        bandeira: 'VISA',
        final: '0010',
        valor: 10000,
        parcelas: 1,
        estado: 'PAID',
        em: '2026-03-02 10:00:00',
        estornos: [
          { tipo: 'partially_refunded', valor: 1_000, em: '2026-04-01 09:00:00' },
          { tipo: 'chargedback', valor: 9_000, em: '2026-04-10 15:30:00' },
        ],
      },
    };
    showAdminRoute(
      '/admin/acordos/7',
      <AgreementPage />,
      (path) => (path === '/api/gestao/acordos/7' ? { body: { data: reversed } } : undefined),
      '/admin/acordos/:id',
    );
    const text = (await screen.findByTestId('agreement-card')).textContent?.replace(/\s/g, ' ');
    expect(text).toContain('Parte do pagamento estornada pela operadora: R$ 10,00 em 01/04/2026 09:00.');
    expect(text).toContain(
      'Compra contestada pelo titular do cartão (chargeback): R$ 90,00 em 10/04/2026 15:30.',
    );
  });
});

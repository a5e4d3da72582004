// @vitest-environment happy-dom
import type { DashboardAnswer, PartnerListPage } from '@portal/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { partnerKeys } from '../api/partners';
import { showAdminRoute } from './admin-route.test-helpers';
import Dashboard from './Dashboard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const PARTNERS: PartnerListPage = {
  data: [
    { id: 3, nome: 'Acme Cobranças', identificador: 'acme', emp_codigo: 300, logo: null, arquivado_em: null },
  ],
  meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 },
};

/** A period without a step, money or item: every section says so without a chart. */
const ANSWER: DashboardAnswer = {
  partner: { id: 3, nome: 'Acme Cobranças' },
  period: { from: '2026-03-01', to: '2026-03-31' },
  funnel: [],
  money: {
    recovered: { agreementPayments: 0, cardPayments: 0, secondCopyPayments: 0, unapplied: 0 },
    reversedCents: 0,
    promisedCents: 0,
  },
  agreementStatuses: { active: 0, settled: 0, cancelled: 0, broken: 0 },
  agreements: [],
  queues: {
    contactMessages: { sent: 0, pending: 0, failed: 0 },
    callRequests: { open: 0, in_progress: 0, answered: 0, scheduledCalls: 0 },
    proposals: { open: 0, in_progress: 0, answered: 0 },
    disputes: { open: 0, in_progress: 0, answered: 0 },
    privacyRequests: { open: 0, in_progress: 0, answered: 0, overdue: 0 },
  },
};

describe('Dashboard', () => {
  it('keeps the report on screen when a later read of the partner list fails', async () => {
    let partnersDown = false;
    const { queryClient } = showAdminRoute('/admin/painel', <Dashboard />, (path) => {
      if (path.startsWith('/api/parceiro?'))
        return partnersDown ? { status: 500, body: { message: 'Erro' } } : { body: PARTNERS };
      if (path.startsWith('/api/painel?')) return { body: { data: ANSWER } };
      return undefined;
    });
    expect((await screen.findByTestId('dashboard-summary')).textContent).toContain('Acme Cobranças');

    partnersDown = true;
    await queryClient.refetchQueries({ queryKey: partnerKeys.all });
    await waitFor(() => expect(queryClient.getQueryState(partnerKeys.list('todos'))?.status).toBe('error'));
    expect(screen.getByTestId('dashboard-summary').textContent).toContain('Acme Cobranças');
    expect(screen.queryByText('Não foi possível carregar o painel. Tente novamente.')).toBeNull();
  });

  it('takes the card reversals of the period off the money recovered (decision 053)', async () => {
    const money = {
      recovered: { agreementPayments: 10_000, cardPayments: 30_000, secondCopyPayments: 0, unapplied: 500 },
      reversedCents: 30_000,
      promisedCents: 0,
    };
    showAdminRoute('/admin/painel', <Dashboard />, (path) => {
      if (path.startsWith('/api/parceiro?')) return { body: PARTNERS };
      if (path.startsWith('/api/painel?')) return { body: { data: { ...ANSWER, money } } };
      return undefined;
    });
    const table = await screen.findByTestId('money-table');
    const amountOf = (key: string) =>
      table.querySelector(`[data-money="${key}"] td`)?.textContent?.replace(/\u00a0/g, ' ');
    expect(table.querySelector('[data-money="reversed"] th')?.textContent).toBe('Estornos de cartão');
    expect(amountOf('reversed')).toBe('-R$ 300,00');
    expect(amountOf('recovered')).toBe('R$ 105,00');
  });
});

import type { CustomizationFields, PartnerConfig } from '@portal/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { type ApiCall, ok, stubApiActions } from '../../../test/api-stub';
import { agreementsRequest, FIRST_AGREEMENTS_PAGE } from '../lib/agreements';
import { agreementKeys } from './agreements';
import { debtorKeys } from './debts';
import { prefetchDebtorPage } from './prefetch';

// The reads a debtor page starts as the router loads, with only fetch (the network edge) replaced: which calls go
// out for which page, and that their answers land under the keys the screens read.

let calls: ApiCall[];
const answers: Record<string, unknown> = {
  sessao: { pesNome: 'João', pesCpfCnpj: '39053344705', quantidadeDividas: 1, proximaEtapa: 'AccordionTabs' },
  passo_2_novo: { dividas: [], pessoa: {} },
  passo_5: { acordos: [], pessoa: { email_cadastrado: null }, paginacao: null },
};

beforeEach(() => {
  calls = stubApiActions((action) => ok(answers[action] ?? null));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function config(customization: CustomizationFields = {}) {
  return {
    id: 1,
    nome: 'Portal Demo',
    identificador: 'demo',
    capacidades: {},
    sessoes: [{ nome: 'customization', campos: customization, arquivos: [] }],
  } as unknown as PartnerConfig;
}

async function prefetched(pathname: string, partner = config()) {
  const client = createQueryClient();
  prefetchDebtorPage(client, partner, pathname);
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  return client;
}

describe('prefetchDebtorPage', () => {
  it('Meus Acordos: the session and the first page of agreements, under the screen’s keys', async () => {
    const partner = config({ myAgreements: { flgPaginar: true } });
    const client = await prefetched('/meus-acordos', partner);
    const firstPage = agreementsRequest(true, FIRST_AGREEMENTS_PAGE);
    expect(firstPage).toEqual({ paginaAtual: 1, pagina: 'PRI', itensPorPagina: 5 });
    expect(calls.map((call) => call.action).sort()).toEqual(['passo_5', 'sessao']);
    expect(calls.find((call) => call.action === 'passo_5')?.body).toEqual(firstPage);
    expect(client.getQueryData(debtorKeys.session)).toEqual(answers.sessao);
    expect(client.getQueryData(agreementKeys.list(firstPage))).toEqual(answers.passo_5);
  });

  it('the debts page reads its debts, the menu only the session', async () => {
    const debts = await prefetched('/minhas-dividas');
    expect(calls.map((call) => call.action).sort()).toEqual(['passo_2_novo', 'sessao']);
    expect(debts.getQueryData(debtorKeys.debts)).toEqual(answers.passo_2_novo);
    calls.length = 0;
    await prefetched('/menu');
    expect(calls.map((call) => call.action)).toEqual(['sessao']);
  });

  it('asks nothing elsewhere, nor for a cpf in the path (that person must be checked first)', async () => {
    for (const path of ['/', '/portal-de-privacidade', '/minhas-dividas/39053344705', '/menu/39053344705'])
      await prefetched(path);
    expect(calls).toEqual([]);
  });
});

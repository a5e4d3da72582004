import { storeFormValues } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../src/db/schema';
import {
  ALLOWED,
  callRow,
  expectNothingOfOthers,
  FAQ_TITLES,
  fx,
  logIn,
  NOT_STAFF,
  PERIOD,
  PORTAL_ACTIONS,
  ROWS,
  setUpStaffMatrix,
  tokens,
} from './staff-access';
import { createTestApp, type TestApp } from './test-app';

// Issue 18 item 5 "Tests that must exist": every staff route, for every role, answers as its access rule says
// (decision 024), and an operator's answers hold nothing of a partner that is not theirs: another partner's rows are
// 404, as if they did not exist. The routes come from the Fastify instance, so a staff route added without a row in
// staff-access.ts fails here (and one without `config.staffAccess` stops the server from starting). The debtors and
// anonymous callers of the same routes are access-matrix.test.ts's.

/**
 * Every method and path the instance serves, from its route tree (`printRoutes`): each line is a node whose path
 * continues its parent's; parameters are written `:p` (the tree joins the names of routes sharing a node).
 */
function registeredRoutes(tree: string): string[] {
  const stack: { depth: number; path: string }[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([\s│├└─]*?)(?:[├└]── )?(\S+)(?: \(([^)]*)\))?$/u.exec(line.replace(/\s+$/, ''));
    if (!match?.[2]) continue;
    const depth = (match[1] ?? '').length;
    while (stack.length > 0 && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const path = (stack[stack.length - 1]?.path ?? '') + match[2].replace(/:[\w|:]+/g, ':p');
    stack.push({ depth, path });
    for (const method of (match[3] ?? '').split(', '))
      if (method && method !== 'HEAD' && method !== 'OPTIONS')
        routes.push(`${method} ${path.replace(/^\/\//, '/')}`);
  }
  return routes;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setUpStaffMatrix(t);
});
afterAll(async () => {
  await t?.close();
});

describe('the access matrix over every staff route', () => {
  it('has a row for every /api route the instance serves that is not public or the debtor’s', () => {
    const served = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (route) => route.split(' ')[1]!.startsWith('/api/') && !NOT_STAFF.has(route),
    );
    const covered = new Set(ROWS.map((row) => `${row.method} ${row.route}`));
    expect(served.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !served.includes(route))).toEqual([]);
  });

  for (const role of ['administrator', 'operator', 'auditor'] as const) {
    it(`answers each route as its rule says for the ${role}, and nothing of another partner to an operator`, async () => {
      for (const row of [...ROWS, ...PORTAL_ACTIONS]) {
        const label = `${role} ${row.method} ${row.url('other')}`;
        // Logging out ends the token: a token of its own.
        const token = row.route === '/api/logout' ? await logIn(`matriz.${role}`) : tokens[role]!;
        const allowed = ALLOWED[row.access].includes(role);
        const other = await callRow(row, 'other', token);
        if (!allowed) {
          expect(other.statusCode, label).toBe(403);
          expect(other.json().message ?? other.json().mensagem, label).toBe('Acesso negado');
          continue;
        }
        if (role === 'operator' && row.byPartner) {
          expect(other.statusCode, label).toBe(404);
          if (row.skipOwn) continue;
          const own = await callRow(row, 'own', token);
          expect(own.statusCode, `${label} (own)`).toBeLessThan(300);
          expectNothingOfOthers(own, `${label} (own)`);
          continue;
        }
        expect([401, 403], `${label}: ${other.body}`).not.toContain(other.statusCode);
        if (role === 'operator') expectNothingOfOthers(other, label);
      }
    });
  }

  it('lets only an administrator move a partner to another company or other stores', async () => {
    const put = (role: 'operator' | 'administrator', body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/parceiro/${fx.own.id}`,
        headers: { authorization: `Bearer ${tokens[role]}` },
        payload: body,
      });
    const own = (
      await t.app.inject({
        method: 'GET',
        url: `/api/parceiro/${fx.own.id}/info`,
        headers: { authorization: `Bearer ${tokens.operator}` },
      })
    ).json().data;
    // Another partner's store would show its debtors' agreements to this operator; another company, its creditor.
    for (const [campo, value] of [
      ['emp_codigo', own.emp_codigo + 7_000],
      ['loj_codigo', `${own.loj_codigo},${fx.other.storeId}`],
      ['loj_codigo_nao_negocia', String(fx.other.storeId)],
    ] as const) {
      const refused = await put('operator', { [campo]: value });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({
        message: 'Somente um administrador pode mudar o subdomínio, a empresa ou as lojas de um parceiro.',
        dados: { campo },
      });
    }
    // The same company and stores, in another order, and the portal's own content: the operator's to change.
    const stores = String(own.loj_codigo).split(',').reverse().join(', ');
    const kept = await put('operator', {
      emp_codigo: own.emp_codigo,
      loj_codigo: stores,
      nome: 'Acme Cobranças',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ nome: 'Acme Cobranças', emp_codigo: own.emp_codigo });
    const moved = await put('administrator', { loj_codigo: `${own.loj_codigo},${fx.other.storeId}` });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await put('administrator', { loj_codigo: own.loj_codigo, nome: own.nome })).statusCode).toBe(200);
  });

  it('lets only an administrator choose which server secrets a store’s API Pix uses, and where they go', async () => {
    type Role = 'operator' | 'administrator';
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, role: Role, body?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${tokens[role]}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    const url = `/api/lojas/${fx.own.storeId}`;
    // Each role's form of the store: an operator's lists their partners' links only.
    // Without its version (decision 088): each body here is about the roles, and saves over the one before it.
    const formOf = async (role: Role) => ({
      ...storeFormValues((await call('GET', url, role)).json().data),
      versao: undefined,
    });
    // Another store's client secret and certificate, which the server would send to this PSP at the first charge.
    const theirs = {
      baseUrl: 'https://psp.example.net',
      clientId: 'portal',
      clientSecretEnv: 'PIX_API_BELA_CASA_SECRET',
      certPath: '/etc/portal/pix/bela-casa.crt',
      keyPath: '/etc/portal/pix/bela-casa.key',
    };
    const message = 'Somente um administrador pode mudar o acesso à API Pix de uma loja.';
    const form = await formOf('operator');
    const pixApi = { ...form, provedor_pagamento: 'pix-api', pix_api: theirs };
    // (A new store is an administrator's: POST /api/lojas is refused to an operator whatever it holds.)
    const refused = await call('PUT', url, 'operator', pixApi);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ message, dados: { pix_api: message } });
    const [store] = await t.database.db.select().from(stores).where(eq(stores.id, fx.own.storeId));
    expect(store).toMatchObject({ paymentProvider: 'local', pixApi: null });

    // The access an administrator set is the operator's to keep, or to leave for the local PSP; not to redirect.
    const set = await call('PUT', url, 'administrator', {
      ...(await formOf('administrator')),
      provedor_pagamento: 'pix-api',
      pix_api: theirs,
    });
    expect(set.statusCode, set.body).toBe(200);
    const kept = await call('PUT', url, 'operator', { ...pixApi, tolerancia_quebra_dias: 9 });
    expect(kept.statusCode, kept.body).toBe(200);
    const redirected = await call('PUT', url, 'operator', {
      ...pixApi,
      pix_api: { ...theirs, baseUrl: 'https://outro.example.net' },
    });
    expect(redirected.statusCode, redirected.body).toBe(403);
    // Where the store's money goes is an administrator's: the PSP, the PIX key, the bank account (decision 027).
    const payee = 'Somente um administrador pode mudar os dados de recebimento de uma loja.';
    for (const [field, change] of [
      ['provedor_pagamento', form],
      ['chave_pix', { ...pixApi, chave_pix: 'golpe@example.com' }],
      ['banco_conta', { ...pixApi, banco_conta: '99999-9' }],
    ] as const) {
      const refused = await call('PUT', url, 'operator', change);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ message: payee, dados: { [field]: payee } });
    }
    const local = await call('PUT', url, 'administrator', {
      ...(await formOf('administrator')),
      provedor_pagamento: 'local',
      pix_api: null,
    });
    expect(local.statusCode, local.body).toBe(200);
    expect(local.json().data).toMatchObject({ provedor_pagamento: 'local', pix_api: null });
  });

  it('shows an operator their own partner’s rows', async () => {
    const get = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.operator}` } });
    expect((await get('/api/parceiro?situacao=todos')).json().data.map((p: { id: number }) => p.id)).toEqual([
      fx.own.id,
    ]);
    expect((await get('/api/solicitacoes-privacidade')).body).toContain('Pessoa Acme');
    expect((await get(`/api/leads?${PERIOD}`)).body).toContain('Lead Acme');
    expect((await get('/api/candidaturas')).body).toContain('Candidata Acme');
    expect((await get('/api/lojas')).body).toContain('Faculdade Saber');
    expect((await get('/api/filas/contatos')).body).toContain('Contato Acme');
    expect((await get('/api/duvidas')).body).toContain(FAQ_TITLES.own);
  });
});

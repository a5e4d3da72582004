import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { type StoreItem, storeFormValues, UNSET_NEGOTIATION_TERMS } from '@portal/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, partnerStores, partners, stores } from '../src/db/schema';
import { setStaffAccess } from '../src/repositories/staff-repository';
import { storePolicy } from '../src/services/debts/debt-figures';
import { importPortfolio } from '../src/services/import/import-portfolio';
import { createStaffUser } from '../src/services/staff/create-staff-user';
import { type DebtCard, quotePlans } from './debt-helpers';
import { hostOf, login, MARIA, call as portal } from './identification-helpers';
import { createTestApp, type TestApp } from './test-app';

// Issue 18 item 1 (docs/api.md "Stores"; decision 027): stores listed, created, edited and switched off from the
// back office, scoped to an operator's partners, audited in the change's transaction; the policy staff set is the
// one the next plan quote uses, and a store nobody set a policy for (an imported one) offers no discount.

const PASSWORD = 'Lojas#2026x';
const DISCOUNTS = {
  ...UNSET_NEGOTIATION_TERMS,
  cashDiscount: { feesBp: 10_000, principalBp: 2_000 },
  instalmentDiscount: { feesBp: 5_000, principalBp: 0 },
};
// A 1x1 PNG.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let t: TestApp;
let admin: string;
let operator: string;
let auditor: string;
const partnerIds: Record<string, number> = {};
const storeIds: Record<string, number> = {};
let ip = 0;

async function logIn(username: string): Promise<string> {
  ip += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: PASSWORD },
    remoteAddress: `10.27.0.${ip}`,
  });
  return res.json().access_token;
}

function api(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(method === 'GET' ? {} : { payload: (payload ?? {}) as object }),
  });
}

const newStore = (overrides: Record<string, unknown> = {}) => ({
  ...storeFormValues(),
  nome_fantasia: 'Loja Nova',
  razao_social: 'Loja Nova Comércio Ltda.',
  cpf_cnpj: '77.665.544/0001-05',
  cidade: 'Recife',
  estado: 'pe',
  parceiros: [{ parceiro: partnerIds.acme, negocia: true }],
  ...overrides,
});

async function formOf(id: number, token = admin) {
  const res = await api('GET', `/api/lojas/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return storeFormValues(res.json().data as StoreItem);
}

const auditRows = (entityId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'store'), eq(auditLog.entityId, String(entityId))))
    .orderBy(asc(auditLog.id));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  for (const partner of await db.select().from(partners)) partnerIds[partner.identifier] = partner.id;
  for (const store of await db.select().from(stores)) storeIds[store.tradeName] = store.id;
  for (const role of ['administrator', 'operator', 'auditor'] as const) {
    const user = await createStaffUser(db, { username: `lojas.${role}`, password: PASSWORD, role });
    if (role === 'operator') await setStaffAccess(db, user.id, { role, partnerIds: [partnerIds.acme!] });
  }
  admin = await logIn('lojas.administrator');
  operator = await logIn('lojas.operator');
  auditor = await logIn('lojas.auditor');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/lojas', () => {
  it('lists every store with its partners and state to an administrator', async () => {
    const res = await api('GET', '/api/lojas', admin);
    expect(res.statusCode).toBe(200);
    const list: StoreItem[] = res.json().data;
    expect(list.map((s) => s.nome_fantasia)).toContain('Conecta Telecom');
    const horizonte = list.find((s) => s.nome_fantasia === 'Banco Horizonte')!;
    expect(horizonte.ativa).toBe(true);
    expect(horizonte.parceiros.map((p) => p.nome)).toEqual(
      expect.arrayContaining(['Acme Cobranças', 'Portal Demo']),
    );
    // The seed's policy is explicit: the demo stores offer the discounts staff chose for them.
    expect(horizonte.politica?.cashDiscount).toEqual({ feesBp: 10_000, principalBp: 2_000 });
    expect(list.find((s) => s.nome_fantasia === 'Energia Luz')?.parceiros).toContainEqual(
      expect.objectContaining({ nome: 'Portal Demo', negocia: false }),
    );
  });

  it('shows an operator only the stores their partners serve, and only their partners', async () => {
    const list: StoreItem[] = (await api('GET', '/api/lojas', operator)).json().data;
    expect(list.map((s) => s.nome_fantasia)).toEqual(['Banco Horizonte', 'Faculdade Saber']);
    expect(list.flatMap((s) => s.parceiros.map((p) => p.nome))).toEqual(['Acme Cobranças', 'Acme Cobranças']);
  });

  it('answers 404 to an operator for a store no partner of theirs serves, however it is asked', async () => {
    const conecta = storeIds['Conecta Telecom']!;
    const form = await formOf(conecta);
    for (const res of [
      await api('GET', `/api/lojas/${conecta}`, operator),
      await api('PUT', `/api/lojas/${conecta}`, operator, form),
      await api('PUT', `/api/lojas/${conecta}/situacao`, operator, { ativa: false }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('Loja não encontrada.');
    }
    expect((await auditRows(conecta)).length).toBe(0);
  });

  it('lets an auditor read but not write', async () => {
    expect((await api('GET', '/api/lojas', auditor)).statusCode).toBe(200);
    expect((await api('POST', '/api/lojas', auditor, newStore())).statusCode).toBe(403);
  });
});

describe('POST /api/lojas and PUT /api/lojas/{id}', () => {
  it('refuses an invalid store with Portuguese messages per field', async () => {
    const res = await api(
      'POST',
      '/api/lojas',
      admin,
      newStore({
        nome_fantasia: '',
        cpf_cnpj: '123',
        chave_pix: 'chave',
        politica: { ...DISCOUNTS, lateFineBp: 500 },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().dados).toMatchObject({
      nome_fantasia: 'O campo nome fantasia é obrigatório',
      cpf_cnpj: 'Digite um CPF ou CNPJ válido!',
      chave_pix: 'Chave PIX inválida: use CPF, CNPJ, e-mail, telefone (+55...) ou chave aleatória.',
      'politica.lateFineBp': 'O campo multa por atraso deve estar entre 0% e 2%.',
    });
  });

  it('creates a store with its partners, logo and policy, audited in its transaction', async () => {
    const res = await api(
      'POST',
      '/api/lojas',
      admin,
      newStore({
        logo: PNG,
        politica: DISCOUNTS,
        chave_pix: 'financeiro@lojanova.com.br',
        parceiros: [
          { parceiro: partnerIds.acme, negocia: true },
          { parceiro: partnerIds.demo, negocia: false },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Loja cadastrada com sucesso!');
    const item: StoreItem = res.json().data;
    expect(item).toMatchObject({
      nome_fantasia: 'Loja Nova',
      cpf_cnpj: '77665544000105',
      estado: 'PE',
      ativa: true,
      politica: DISCOUNTS,
      chave_pix: 'financeiro@lojanova.com.br',
    });
    expect(item.logo_url).toMatch(/^\/files\/[0-9a-f]{64}\.webp$/);
    expect(item.parceiros).toEqual([
      { id: partnerIds.acme, nome: 'Acme Cobranças', negocia: true, arquivado_em: null },
      { id: partnerIds.demo, nome: 'Portal Demo', negocia: false, arquivado_em: null },
    ]);
    storeIds['Loja Nova'] = item.id;
    const [row] = await auditRows(item.id);
    expect(row).toMatchObject({
      action: 'create',
      route: 'POST /api/lojas',
      username: 'lojas.administrator',
    });
    expect(row!.after).toMatchObject({ nome_fantasia: 'Loja Nova' });

    const again = await api('POST', '/api/lojas', admin, newStore());
    expect(again.statusCode).toBe(409);
    expect(again.json().dados).toEqual({ cpf_cnpj: 'Já existe uma loja com este CPF/CNPJ.' });
  });

  it('leaves the creation of a store and its CPF/CNPJ to an administrator; an operator links only their partners', async () => {
    // The import files a creditor's debts under the store of its CPF/CNPJ: a store an operator gave a creditor's
    // CPF/CNPJ would serve that creditor's debtors once they are imported for another partner.
    const created = await api('POST', '/api/lojas', operator, newStore({ cpf_cnpj: '45.997.418/0001-53' }));
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe('Acesso negado');
    const id = storeIds['Loja Nova']!;
    const form = await formOf(id, operator);
    const moved = await api('PUT', `/api/lojas/${id}`, operator, { ...form, cpf_cnpj: '45.997.418/0001-53' });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().dados).toEqual({
      cpf_cnpj: 'Somente um administrador pode mudar o CPF/CNPJ de uma loja.',
    });
    const otherPartner = await api('PUT', `/api/lojas/${id}`, operator, {
      ...form,
      parceiros: [{ parceiro: partnerIds.demo, negocia: true }],
    });
    expect(otherPartner.statusCode).toBe(400);
    expect(otherPartner.json().dados).toEqual({ parceiros: 'Parceiro não encontrado.' });
    const none = await api('PUT', `/api/lojas/${id}`, operator, { ...form, parceiros: [] });
    expect(none.json().dados).toEqual({
      parceiros: 'Selecione ao menos um dos seus parceiros para atender a loja.',
    });
    // An administrator may correct it.
    const adminForm = await formOf(id, admin);
    const corrected = await api('PUT', `/api/lojas/${id}`, admin, {
      ...adminForm,
      cpf_cnpj: '45.997.418/0001-53',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(
      (await api('PUT', `/api/lojas/${id}`, admin, { ...(await formOf(id)), cpf_cnpj: '77.665.544/0001-05' }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps the links of partners an operator does not work for when they save', async () => {
    const id = storeIds['Loja Nova']!;
    const form = await formOf(id, operator);
    expect(form.parceiros).toEqual([{ parceiro: partnerIds.acme, negocia: true }]);
    const res = await api('PUT', `/api/lojas/${id}`, operator, {
      ...form,
      tolerancia_quebra_dias: 7,
      parceiros: [{ parceiro: partnerIds.acme, negocia: false }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Loja atualizada com sucesso!');
    const links = await t.database.db.select().from(partnerStores).where(eq(partnerStores.storeId, id));
    expect(links.map((l) => [l.partnerId, l.negotiates]).sort()).toEqual(
      [
        [partnerIds.acme, false],
        [partnerIds.demo, false],
      ].sort(),
    );
    const rows = await auditRows(id);
    // This save's row: the operator's (an administrator's corrections came before).
    const update = rows.find((row) => row.action === 'update' && row.username === 'lojas.operator')!;
    expect(update.before).toMatchObject({ tolerancia_quebra_dias: 5 });
    expect(update.after).toMatchObject({ tolerancia_quebra_dias: 7 });
    // The logo sent back as its URL is kept.
    const [stored] = await t.database.db.select().from(stores).where(eq(stores.id, id));
    expect(form.logo).toContain(stored!.logoFile!);
  });
});

describe('a store form over the body limit (4 MB)', () => {
  // Only the logo can make it that large: the form's other fields are short.
  const TOO_LARGE = 'A imagem enviada é maior que 2 MB. Envie uma imagem menor.';

  it.each([
    ['announced by Content-Length', (body: string) => body],
    ['sent chunked, without Content-Length', (body: string) => Readable.from([Buffer.from(body)])],
  ])('%s: 413 saying the logo is too large, nothing saved', async (_how, payloadOf) => {
    const before = (await api('GET', '/api/lojas', admin)).json().data.length;
    const form = newStore({ nome_fantasia: 'Loja Do Logo Grande', logo: 'A'.repeat(5 * 1024 * 1024) });
    for (const [method, url] of [
      ['POST', '/api/lojas'],
      ['PUT', `/api/lojas/${storeIds['Bela Casa']}`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: payloadOf(JSON.stringify(form)),
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        retorno: false,
        dados: { campo: 'logo' },
        mensagem: TOO_LARGE,
        message: TOO_LARGE,
      });
    }
    expect((await api('GET', '/api/lojas', admin)).json().data.length).toBe(before);
  });
});

describe('the policy the portal quotes with', () => {
  let maria: string;
  const card = async (store: string): Promise<DebtCard> => {
    const answer = await portal(
      t,
      'negociacao_robo/passo_2_novo',
      {},
      { host: hostOf('demo'), cookie: maria },
    );
    return (answer.json().dados.dividas as DebtCard[]).find((d) => d.loja.loj_fantasia === store)!;
  };
  const cashPlan = async (store: string) => {
    const res = await quotePlans(t, await card(store), { cookie: maria, partner: 'demo' });
    return res.json();
  };
  beforeAll(async () => {
    maria = await login(t, MARIA);
  });

  it('a policy change changes the next plan quote (passo_3_novo)', async () => {
    const id = storeIds['Bela Casa']!;
    const before = (await cashPlan('Bela Casa')).dados.pre_acordo[0];
    expect(before.valor_desconto).toBeGreaterThan(0);

    const form = await formOf(id);
    const noDiscount = await api('PUT', `/api/lojas/${id}`, admin, { ...form, politica: null });
    expect(noDiscount.statusCode, noDiscount.body).toBe(200);
    const after = (await cashPlan('Bela Casa')).dados.pre_acordo[0];
    expect(after.valor_desconto).toBe(0);
    expect(after.valor_total_acordo).toBe(before.valor_total_acordo + before.valor_desconto);

    const bigger = await api('PUT', `/api/lojas/${id}`, admin, {
      ...(await formOf(id)),
      politica: { ...DISCOUNTS, cashDiscount: { feesBp: 10_000, principalBp: 5_000 } },
    });
    expect(bigger.statusCode).toBe(200);
    const larger = (await cashPlan('Bela Casa')).dados.pre_acordo[0];
    expect(larger.valor_desconto).toBeGreaterThan(before.valor_desconto);
    expect((await auditRows(id)).filter((row) => row.action === 'update')).toHaveLength(2);
  });

  it('refuses a save from a form opened before another save, and saves nothing of it (decision 088)', async () => {
    const id = storeIds['Bela Casa']!;
    const [first, second] = [await formOf(id), await formOf(id)];
    const saved = await api('PUT', `/api/lojas/${id}`, admin, { ...first, tolerancia_quebra_dias: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.versao).toBe(first.versao! + 1);
    const stale = await api('PUT', `/api/lojas/${id}`, admin, { ...second, cidade: 'Campinas' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().mensagem).toBe(
      'Esta loja foi alterada por outra pessoa depois que você abriu o formulário, e nada foi salvo. Recarregue a página para ver os dados atuais e refaça a sua alteração.',
    );
    expect(await formOf(id)).toMatchObject({ tolerancia_quebra_dias: 30, cidade: first.cidade });
    // A client that sends no version (the API before it) saves as before.
    const { versao: _versao, ...unversioned } = await formOf(id);
    const old = await api('PUT', `/api/lojas/${id}`, admin, { ...unversioned, tolerancia_quebra_dias: 5 });
    expect(old.statusCode).toBe(200);
  });

  it('a switched-off store lists its debts but negotiates nothing, until switched on again', async () => {
    const id = storeIds['Banco Horizonte']!;
    const off = await api('PUT', `/api/lojas/${id}/situacao`, operator, { ativa: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message: 'Loja desativada com sucesso!', data: { ativa: false } });
    const listed = await card('Banco Horizonte');
    expect(listed.tipo_necociacao).toBe('N');
    const refused = await cashPlan('Banco Horizonte');
    expect(refused.retorno).toBe(false);
    const [row] = await t.database.db.select().from(stores).where(eq(stores.id, id));
    expect(row!.switchedOffAt).not.toBeNull();

    const on = await api('PUT', `/api/lojas/${id}/situacao`, admin, { ativa: true });
    expect(on.json().message).toBe('Loja reativada com sucesso!');
    expect((await cashPlan('Banco Horizonte')).retorno).toBe(true);
    expect((await auditRows(id)).map((r) => r.action)).toEqual(['switch_off', 'switch_on']);
  });
});

describe('POST /api/lojas/simulacao', () => {
  it('prices a sample debt with the engine, before the policy is saved', async () => {
    const none = await api('POST', '/api/lojas/simulacao', auditor, {
      politica: null,
      valor: 100_000,
      dias_atraso: 30,
    });
    expect(none.statusCode, none.body).toBe(200);
    const plain = none.json().data;
    // 2% fine and 1% a month for 30 days on R$ 1.000,00: R$ 30,00 of charges, and no discount.
    expect(plain).toMatchObject({ principal: 100_000, encargos: 3_000 });
    expect(plain.planos[0]).toMatchObject({ parcelas: 0, total: 103_000, desconto: 0 });
    const discounted = (
      await api('POST', '/api/lojas/simulacao', admin, {
        politica: DISCOUNTS,
        valor: 100_000,
        dias_atraso: 30,
      })
    ).json().data;
    // 100% off charges and 20% off principal when paying in full.
    expect(discounted.planos[0]).toMatchObject({ parcelas: 0, total: 80_000, desconto: 23_000 });
    expect(discounted.planos.slice(1).map((p: { parcelas: number }) => p.parcelas)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    const invalid = await api('POST', '/api/lojas/simulacao', admin, {
      politica: { ...DISCOUNTS, maxInstalments: 500 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().dados).toEqual({
      'politica.maxInstalments': 'O campo número máximo de parcelas deve estar entre 0 e 120.',
    });
  });
});

describe('the portfolio import (decision 027)', () => {
  it('creates stores with no policy: no discount until staff set one', async () => {
    const file = readFileSync(new URL('../../../docs/examples/carteira.csv', import.meta.url));
    const outcome = await importPortfolio(t.database, {
      input: Readable.from([file]),
      partnerId: partnerIds.demo!,
    });
    expect(outcome.ok).toBe(true);
    const [imported] = await t.database.db.select().from(stores).where(eq(stores.cpfCnpj, '55667788000186'));
    expect(imported!.negotiationPolicy).toBeNull();
    const policy = storePolicy(imported!);
    expect(policy.cashDiscount).toEqual({ feesBp: 0, principalBp: 0 });
    expect(policy.instalmentDiscount).toEqual({ feesBp: 0, principalBp: 0 });
    const item: StoreItem = (await api('GET', `/api/lojas/${imported!.id}`, admin)).json().data;
    expect(item.politica).toBeNull();
  });
});

describe('an archived partner (decision 014)', () => {
  it('is marked on the stores it still serves, with the date it was archived', async () => {
    const partnerId = partnerIds.boletos!;
    const served = (stores: StoreItem[]) =>
      stores.flatMap((s) =>
        s.parceiros.filter((p) => p.id === partnerId).map((p) => ({ store: s.id, ...p })),
      );
    const before = served((await api('GET', '/api/lojas', admin)).json().data);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((link) => link.arquivado_em === null)).toBe(true);
    const archived = await t.app.inject({
      method: 'DELETE',
      url: `/api/parceiro/${partnerId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const [row] = await t.database.db.select().from(partners).where(eq(partners.id, partnerId));
    const after = served((await api('GET', '/api/lojas', admin)).json().data);
    expect(after.map((link) => link.store)).toEqual(before.map((link) => link.store));
    expect(after.every((link) => link.arquivado_em === row!.archivedAt!.toISOString())).toBe(true);
    // The other partners of those stores are not.
    const others = ((await api('GET', '/api/lojas', admin)).json().data as StoreItem[]).flatMap((s) =>
      s.parceiros.filter((p) => p.id !== partnerId),
    );
    expect(others.every((p) => p.arquivado_em === null)).toBe(true);
  });
});

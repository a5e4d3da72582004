import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { PARTNER_FORM_MESSAGES as M } from '@portal/domain';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreements,
  contactMessages,
  debtorRequests,
  debtorSessions,
  instalments,
  jobApplications,
  leads,
  partnerStores,
  partners,
  persons,
  privacyRequests,
  secondCopies,
  staffTokens,
  staffUsers,
  stepLogs,
  stores,
} from '../src/db/schema';
import { savePartner } from '../src/repositories/partner-admin-repository';
import { leadRow } from './reports-helpers';
import { createTestApp, type TestApp } from './test-app';

// The partner calls of the back office (spec 002 §2 ListPartners / partner form, §3, §5, §7, §8, §9; issue 5 item 3).
// The partner cache keeps entries for an hour here: every change below shows at once only because the writes
// invalidate it.

let t: TestApp;
let token: string;
let png: string;
let storeIds: number[];

beforeAll(async () => {
  t = await createTestApp({ env: { PARTNER_CACHE_SECONDS: '3600' } });
  token = await login();
  png = (
    await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .png()
      .toBuffer()
  ).toString('base64');
  storeIds = (await t.database.db.select({ id: stores.id }).from(stores).orderBy(stores.id)).map((s) => s.id);
});
afterAll(async () => {
  await t?.close();
});

let nextIp = 1;
async function login(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: 'Demo@2026' },
    remoteAddress: `10.9.0.${nextIp++}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().access_token;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, payload?: object, bearer: string | null = token) {
  return t.app.inject({
    method,
    url,
    headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` },
    ...(payload ? { payload } : {}),
  });
}

const publicInfo = (identifier: string, host?: string) =>
  t.app.inject({ method: 'GET', url: `/api/parceiro/${identifier}/info`, headers: host ? { host } : {} });

let serial = 0;
/** The least a new partner needs: name, subdomain, company code, logo and the two colours. */
function minimalForm(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    nome: `Parceiro Teste ${serial}`,
    identificador: `teste${serial}`,
    emp_codigo: 5000 + serial,
    logo: png,
    tipoLogo: 'png',
    estilo: { corPrimaria: '#123456', corSecundaria: '#654321' },
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/parceiro', minimalForm(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const sectionOf = (config: { sessoes: { nome: string }[] }, nome: string) =>
  config.sessoes.find((s) => s.nome === nome) as
    | {
        nome: string;
        campos: Record<string, Record<string, unknown>>;
        arquivos: { tipoImagem: string; url: string; identificador: string }[];
      }
    | undefined;

describe('POST /api/parceiro and GET /api/parceiro/{id}/info', () => {
  it('creates a partner with the form defaults, served on its subdomain at once', async () => {
    // Asked before it exists: 'Subdomínio não encontrado!' must not be remembered.
    expect((await publicInfo('novaportal')).statusCode).toBe(404);
    const res = await call('POST', '/api/parceiro', {
      ...minimalForm({ identificador: ' NovaPortal ', nome: 'Nova Portal' }),
      loj_codigo: `${storeIds[0]}, ${storeIds[1]}`,
      loj_codigo_nao_negocia: String(storeIds[7]),
      hotjar_id: '123',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Parceiro cadastrado com sucesso!');
    const created = res.json().data;
    expect(created).toMatchObject({
      nome: 'Nova Portal',
      identificador: 'novaportal',
      ativo: true,
      hotjar_id: '123',
    });

    const staffView = (await call('GET', `/api/parceiro/${created.id}/info`)).json().data;
    expect(staffView).toEqual(created);
    expect(sectionOf(staffView, 'header')!.campos).toEqual({
      title: 'Negocie aqui suas dívidas',
      subtitle: 'É seguro, rápido e online!',
    });
    const custom = sectionOf(staffView, 'customization')!.campos;
    expect(custom.landPage?.textBotaoBuscar).toBe('Buscar minhas dívidas ');
    expect(custom.menuDebits?.textAbaixoLogo).toBe(
      'Negocie seus débitos com descontos e volte a ter crédito para comprar novamente!',
    );
    expect(custom.myDebits).toMatchObject({
      textMyDebits: 'Minhas Dívidas',
      subtextMyDebits: 'Você possui dívidas?',
    });
    expect(custom.myAgreements).toMatchObject({ textMyAgreements: 'Meus Acordos' });
    expect(staffView.loj_codigo).toBe(`${storeIds[0]},${storeIds[1]}`);
    expect(staffView.loj_codigo_nao_negocia).toBe(String(storeIds[7]));
    expect(staffView.logo).toMatch(/^\/files\/[0-9a-f]{64}\.webp$/);
    expect((await t.app.inject({ method: 'GET', url: staffView.logo })).headers['content-type']).toBe(
      'image/webp',
    );

    const served = await publicInfo('novaportal');
    expect(served.statusCode).toBe(200);
    expect(served.json().data).toMatchObject({
      identificador: 'novaportal',
      estilo: { corPrimaria: '#123456', corSecundaria: '#654321' },
    });
    expect(served.json().data).not.toHaveProperty('ativo');
    // The host resolves to it: a portal call on the subdomain finds its partner.
    const step = await t.app.inject({
      method: 'POST',
      url: '/api.php?a=portal&b=salvarEtapa',
      headers: { host: 'novaportal.portal.localhost' },
      payload: { esn_fk_ets_codigo: 31 },
    });
    expect(step.json()).toMatchObject({ retorno: true });
    // And its portal is switched on (a company token).
    const companyToken = await t.app.inject({
      method: 'POST',
      url: '/api.php?a=portal&b=retornarTokenEmpresa',
      payload: { emp_codigo: created.emp_codigo },
    });
    expect(companyToken.json().dados).toMatch(/^[0-9a-f]{48}$/);
  });

  it('stores every section, flag, omni channel and capability of the form, and the header images by id', async () => {
    const form = minimalForm({
      pixel_meta: '999',
      creditorAccessUrl: 'https://credor.example.com',
      capacidades: { workWithUsMenu: true, largeFonts: false },
      favicon: png,
      sessoes: [
        {
          nome: 'header',
          campos: { title: 'Título', subtitle: 'Sub', firstTitleColor: '#ffffff', background: '#000000' },
          arquivos: [
            {
              identificador: '1',
              arquivo: `data:image/png;base64,${png}`,
              adicionais: { name: 'desktop.png' },
            },
            { identificador: '2', arquivo: png, adicionais: { name: 'mobile.png' } },
          ],
        },
        { nome: 'about', campos: { title: 'Sobre', text: 'Quem somos' }, arquivos: [{ arquivo: png }] },
        {
          nome: 'tutorial',
          campos: {
            title: 'Como funciona',
            steps: [0, 1, 2, 3].map((code) => ({ code, title: `T${code}`, text: `X${code}` })),
          },
          arquivos: [{ arquivo: png }],
        },
        {
          nome: 'contact',
          campos: {
            phone: '1140028922',
            phoneZeroEightHundred: '0800-123-4567',
            initialTime: '08:00',
            finalTime: '18:00',
            initialTimeWeekend: '09:00',
            finalTimeWeekend: '13:00',
            site: 'https://exemplo.com',
            campoDesconhecido: 'descartado',
          },
        },
        {
          nome: 'omniChannel',
          campos: {
            whatsappOmni: '11999990000',
            whatsappLinkOmni: 'https://wa.me/5511999990000',
            flgdiscadoraOmni: 'S',
          },
        },
        {
          nome: 'customization',
          campos: {
            confirmBirthday: { flgValidarDataNasc: true, flgPrefeituraMode: 1 },
            myDebits: { flgDesativarPix: true, textMyDebits: 'Débitos' },
            menuDebits: { corFundoMenuDebits: '#eeeeee' },
            landPage: { flgModoServico: true },
            myAgreements: { flgPaginar: true },
          },
        },
      ],
    });
    const res = await call('POST', '/api/parceiro', form);
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json().data;
    expect(view).toMatchObject({ pixel_meta: '999', creditorAccessUrl: 'https://credor.example.com' });
    expect(view.capacidades).toEqual({ workWithUsMenu: true });
    expect(view.favicon).toMatch(/\.png$/);
    const header = sectionOf(view, 'header')!;
    expect(header.arquivos.map((f) => [f.identificador, f.tipoImagem])).toEqual([
      ['1', 'desktop'],
      ['2', 'mobile'],
    ]);
    expect(sectionOf(view, 'about')!.arquivos).toHaveLength(1);
    expect(sectionOf(view, 'tutorial')!.campos.steps).toHaveLength(4);
    expect(sectionOf(view, 'contact')!.campos).not.toHaveProperty('campoDesconhecido');
    expect(sectionOf(view, 'omniChannel')!.campos.flgdiscadoraOmni).toBe(true);
    const custom = sectionOf(view, 'customization')!.campos;
    expect(custom.confirmBirthday).toEqual({ flgValidarDataNasc: true, flgPrefeituraMode: true });
    expect(custom.myDebits).toMatchObject({
      flgDesativarPix: true,
      textMyDebits: 'Débitos',
      textMyDebitsDetails: 'Detalhes',
    });
  });

  it('refuses a subdomain or company code another partner has, and unknown stores', async () => {
    const taken = await call('POST', '/api/parceiro', minimalForm({ identificador: 'demo' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Este subdomínio já pertence a outro parceiro.');
    const company = await call('POST', '/api/parceiro', minimalForm({ emp_codigo: 100 }));
    expect(company.json().message).toBe('Este código de empresa já pertence a outro parceiro.');
    const store = await call('POST', '/api/parceiro', minimalForm({ loj_codigo: '999999' }));
    expect(store.statusCode).toBe(400);
    expect(store.json()).toMatchObject({
      message: 'Loja não encontrada. Verifique os códigos de loja informados.',
      dados: { campo: 'loj_codigo', lojas: [999999] },
    });
  });

  it('answers the same when two saves race for a subdomain or a company code', async () => {
    const noAudit = async () => {};
    const [demo] = await t.database.db.select().from(partners).where(eq(partners.identifier, 'demo'));
    const { id: _id, createdAt: _c, updatedAt: _u, ...values } = demo!;
    await expect(
      savePartner(
        t.database.db,
        null,
        {
          values: { ...values, companyCode: 98_765 },
          sections: [],
          storeLinks: null,
        },
        noAudit,
      ),
    ).rejects.toMatchObject({
      code: 'PARTNER_SUBDOMAIN_TAKEN',
    });
    await expect(
      savePartner(
        t.database.db,
        null,
        {
          values: { ...values, identifier: 'corrida' },
          sections: [],
          storeLinks: null,
        },
        noAudit,
      ),
    ).rejects.toMatchObject({
      code: 'PARTNER_COMPANY_TAKEN',
    });
  });

  it('answers 404 for an unknown id and keeps the public identifier call as it was', async () => {
    const res = await call('GET', '/api/parceiro/999999/info');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Parceiro não encontrado.');
    const demo = await publicInfo('demo');
    expect(demo.json().data.identificador).toBe('demo');
    // Revalidated each time, so an edit shows at once; unchanged, it costs a 304.
    expect(demo.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/parceiro/demo/info',
      headers: { 'if-none-match': String(demo.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/parceiro (spec 002 §7, ListPartners)', () => {
  it('pages the partners by name with id, name, subdomain, logo and archive date, and the last page', async () => {
    const first = (await call('GET', '/api/parceiro')).json();
    const total = first.meta.total as number;
    for (let i = total; i <= 21; i++) await create();
    const page1 = await call('GET', '/api/parceiro?page=1');
    expect(page1.statusCode).toBe(200);
    expect(page1.headers['cache-control']).toBe('no-store');
    const { data, meta } = page1.json();
    expect(meta).toMatchObject({ current_page: 1, per_page: 20, last_page: Math.ceil(meta.total / 20) });
    expect(meta.last_page).toBeGreaterThanOrEqual(2);
    expect(data).toHaveLength(20);
    expect(Object.keys(data[0]).sort()).toEqual([
      'arquivado_em',
      'emp_codigo',
      'id',
      'identificador',
      'logo',
      'nome',
    ]);
    expect(data[0].arquivado_em).toBeNull();
    expect(data[0].logo).toMatch(/^\/files\/[0-9a-f]{64}\.webp$/);
    const all = [...data];
    for (let page = 2; page <= meta.last_page; page++) {
      all.push(...(await call('GET', `/api/parceiro?page=${page}`)).json().data);
    }
    expect(all).toHaveLength(meta.total);
    expect(new Set(all.map((p) => p.id)).size).toBe(meta.total);
    const names = all.map((p) => p.nome.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const beyond = (await call('GET', `/api/parceiro?page=${meta.last_page + 1}`)).json();
    expect(beyond.data).toEqual([]);
  });
});

describe('PUT /api/parceiro/{id}', () => {
  it('changes the colours and the subdomain shows them at once', async () => {
    const created = await create();
    const before = await publicInfo(created.identificador);
    expect(before.json().data.estilo.corPrimaria).toBe('#123456');
    const res = await call('PUT', `/api/parceiro/${created.id}`, {
      id: created.id,
      estilo: { corPrimaria: '#ff0000', corSecundaria: '#00ff00' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Parceiro atualizado com sucesso!');
    // A browser holding the old answer gets the new one, not a 304.
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/parceiro/${created.identificador}/info`,
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.estilo).toEqual({ corPrimaria: '#ff0000', corSecundaria: '#00ff00' });
  });

  it('saves back what info answered unchanged (images by URL), and keeps what the form leaves out', async () => {
    const demoId = (await t.database.db.select().from(partners).where(eq(partners.identifier, 'demo')))[0]!
      .id;
    const before = (await call('GET', `/api/parceiro/${demoId}/info`)).json().data;
    const res = await call('PUT', `/api/parceiro/${demoId}`, before);
    expect(res.statusCode, res.body).toBe(200);
    // The save counts itself in the version (decision 090).
    expect(res.json().data).toEqual({ ...before, versao: before.versao + 1 });
    // Only the header texts: its images, the other sections and the store links stay.
    const header = sectionOf(before, 'header')!;
    const partial = await call('PUT', `/api/parceiro/${demoId}`, {
      sessoes: [{ nome: 'header', campos: { ...header.campos, title: 'Novo título' } }],
    });
    const after = partial.json().data;
    expect(sectionOf(after, 'header')!.campos.title).toBe('Novo título');
    expect(sectionOf(after, 'header')!.arquivos).toEqual(header.arquivos);
    expect(after.sessoes.map((s: { nome: string }) => s.nome)).toEqual(
      before.sessoes.map((s: { nome: string }) => s.nome),
    );
    expect(after.loj_codigo).toBe(before.loj_codigo);
    expect(
      (await publicInfo('demo')).json().data.sessoes.find((s: { nome: string }) => s.nome === 'header').campos
        .title,
    ).toBe('Novo título');
  });

  it('replaces the store lists and a header image, moves the subdomain, and switches the portal off', async () => {
    const created = await create({ loj_codigo: String(storeIds[0]) });
    const other = (
      await sharp({ create: { width: 30, height: 30, channels: 3, background: '#aa0000' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const res = await call('PUT', `/api/parceiro/${created.id}`, {
      identificador: `${created.identificador}-novo`,
      loj_codigo: String(storeIds[2]),
      loj_codigo_nao_negocia: '',
      ativo: false,
      sessoes: [{ nome: 'header', campos: {}, arquivos: [{ identificador: '2', arquivo: other }] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const links = await t.database.db
      .select()
      .from(partnerStores)
      .where(eq(partnerStores.partnerId, created.id));
    expect(links).toEqual([{ partnerId: created.id, storeId: storeIds[2], negotiates: true }]);
    expect(sectionOf(res.json().data, 'header')!.arquivos.map((f) => f.tipoImagem)).toEqual(['mobile']);
    expect(res.json().data.ativo).toBe(false);
    expect((await publicInfo(created.identificador)).statusCode).toBe(404);
    expect((await publicInfo(`${created.identificador}-novo`)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(partners).where(eq(partners.id, created.id));
    expect(row!.companyToken).toBeNull();
  });

  it('refuses a form opened before another staff member’s save, and writes nothing (decision 090)', async () => {
    const created = await create();
    const opened = (await call('GET', `/api/parceiro/${created.id}/info`)).json().data;
    expect(opened.versao).toBe(1);
    // Both open the form; the first saves new colours.
    const first = await call('PUT', `/api/parceiro/${created.id}`, {
      ...opened,
      estilo: { corPrimaria: '#ff0000', corSecundaria: '#00ff00' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.versao).toBe(2);
    // The second, still holding the old colours, saves the name: it would write the old colours back.
    const second = await call('PUT', `/api/parceiro/${created.id}`, { ...opened, nome: 'Outro nome' });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(
      'Este parceiro foi alterado por outra pessoa depois que você abriu o formulário, e nada foi salvo. Recarregue a página para ver os dados atuais e refaça a sua alteração.',
    );
    const now = (await call('GET', `/api/parceiro/${created.id}/info`)).json().data;
    expect(now).toMatchObject({
      nome: opened.nome,
      estilo: { corPrimaria: '#ff0000', corSecundaria: '#00ff00' },
      versao: 2,
    });
    // Reloaded, the same change saves.
    const again = await call('PUT', `/api/parceiro/${created.id}`, { ...now, nome: 'Outro nome' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      nome: 'Outro nome',
      estilo: { corPrimaria: '#ff0000' },
      versao: 3,
    });
    const audited = await t.database.db.select().from(partners).where(eq(partners.id, created.id));
    expect(audited[0]!.version).toBe(3);
  });

  it('answers 404 for an unknown partner', async () => {
    const res = await call('PUT', '/api/parceiro/999999', minimalForm());
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE /api/parceiro/{id} archives (decision 014)', () => {
  const SINCE = new Date('2025-03-10T15:00:00Z');
  const ARCHIVED = 'Este parceiro está arquivado e não pode ser alterado.';

  /** One row of every record a partner's portal keeps, as it would have been written in March 2025. */
  async function recordsOf(partnerId: number) {
    const db = t.database.db;
    const [person] = await db.select({ id: persons.id }).from(persons).limit(1);
    const [store] = await db.select({ id: stores.id }).from(stores).limit(1);
    const [instalment] = await db.select({ id: instalments.id }).from(instalments).limit(1);
    const personId = person!.id;
    const storeId = store!.id;
    const at = { createdAt: SINCE };
    const contact = { name: 'Ana Souza', email: 'ana@example.com' };
    await db.insert(privacyRequests).values({
      partnerId,
      protocol: `LGPD-${partnerId}`,
      ...contact,
      phone: '11987654321',
      requestType: 'Exclusão',
      message: 'Apaguem os meus dados.',
      dueOn: '2025-03-25',
      ...at,
    });
    await db.insert(leads).values(leadRow(partnerId, contact.name, SINCE));
    await db.insert(jobApplications).values({
      partnerId,
      ...contact,
      phone: '11987654321',
      vacancyLevel: 'pleno',
      interestArea: 'cobrança',
      consentedAt: SINCE,
      ...at,
    });
    await db
      .insert(contactMessages)
      .values({ partnerId, ...contact, cpfCnpj: '52998224725', text: 'Oi', ...at });
    await db.insert(debtorRequests).values({ partnerId, personId, storeId, kind: 'dispute', ...at });
    await db.insert(stepLogs).values({ partnerId, stepCode: 1, ...at });
    await db.insert(agreements).values({
      partnerId,
      personId,
      storeId,
      paymentMethod: 'boleto',
      instalmentCount: 0,
      entryCents: 10_000,
      instalmentCents: 0,
      totalCents: 10_000,
      firstDueDate: '2025-03-20',
      ...at,
    });
    await db.insert(secondCopies).values({
      partnerId,
      personId,
      storeId,
      instalmentId: instalment!.id,
      dueDate: '2025-03-20',
      // One boleto per instalment, due date and value: the value tells the partners' apart.
      amountCents: 10_000 + partnerId,
      ourNumber: '1',
      barcode: '1',
      digitableLine: '1',
      pixCode: '1',
      ...at,
    });
  }

  const RECORD_TABLES = {
    privacyRequests,
    leads,
    jobApplications,
    contactMessages,
    debtorRequests,
    stepLogs,
    agreements,
    secondCopies,
  };

  async function recordCounts(partnerId: number) {
    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(RECORD_TABLES)) {
      const [row] = await t.database.db
        .select({ n: count() })
        .from(table)
        .where(eq(table.partnerId, partnerId));
      counts[name] = Number(row!.n);
    }
    return counts;
  }

  const listed = async (situacao?: string) =>
    (await call('GET', `/api/parceiro?page=1${situacao ? `&situacao=${situacao}` : ''}`)).json();

  it('switches the portal off, ends its sessions and moves it to the archived list; every record stays, listed', async () => {
    const created = await create();
    await recordsOf(created.id);
    const before = await recordCounts(created.id);
    expect(Object.values(before)).toEqual(Object.values(RECORD_TABLES).map(() => 1));
    const [person] = await t.database.db.select({ id: persons.id }).from(persons).limit(1);
    const ofPartner = eq(debtorSessions.partnerId, created.id);
    await t.database.db.insert(debtorSessions).values({
      tokenHash: 'a'.repeat(64),
      partnerId: created.id,
      personId: person!.id,
      status: 'open',
      expiresAt: new Date(Date.now() + 60_000),
    });

    const res = await call('DELETE', `/api/parceiro/${created.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Parceiro arquivado com sucesso!' });

    // Switched off like the 'inativo' partner: the portal's start-up call gets no company token.
    const token = await t.app.inject({
      method: 'POST',
      url: '/api.php?a=portal&b=retornarTokenEmpresa',
      payload: { emp_codigo: created.emp_codigo },
    });
    expect(token.json()).toMatchObject({ dados: null });
    expect(await t.database.db.select().from(debtorSessions).where(ofPartner)).toEqual([]);
    const [row] = await t.database.db.select().from(partners).where(eq(partners.id, created.id));
    const [admin] = await t.database.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.username, 'admin'));
    expect(row).toMatchObject({ companyToken: null, archivedBy: admin!.id });
    expect(row!.archivedAt).toBeInstanceOf(Date);
    const archivedAt = row!.archivedAt!.toISOString();

    // Out of the active list, in the archived one; the staff view says so.
    expect((await listed()).data.map((p: { id: number }) => p.id)).not.toContain(created.id);
    expect((await listed('ativos')).data.map((p: { id: number }) => p.id)).not.toContain(created.id);
    const archived = await listed('arquivados');
    expect(archived.data).toEqual([
      {
        id: created.id,
        nome: created.nome,
        identificador: created.identificador,
        emp_codigo: created.emp_codigo,
        logo: expect.any(String),
        arquivado_em: archivedAt,
      },
    ]);
    expect(archived.meta.total).toBe(1);
    const every = await listed('todos');
    expect(every.meta.total).toBe((await listed()).meta.total + 1);
    const staffView = (await call('GET', `/api/parceiro/${created.id}/info`)).json().data;
    expect(staffView).toMatchObject({ ativo: false, arquivado_em: archivedAt });

    // Its subdomain and company code stay reserved: e-mailed links and protocols still name this partner.
    const taken = await call('POST', '/api/parceiro', minimalForm({ identificador: created.identificador }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Este subdomínio já pertence a outro parceiro.');

    // Every record stays and the back-office queues still list it.
    expect(await recordCounts(created.id)).toEqual(before);
    const privacy = (await call('GET', `/api/solicitacoes-privacidade?parceiro=${created.id}`)).json();
    expect(privacy.data.map((r: { protocolo: string }) => r.protocolo)).toEqual([`LGPD-${created.id}`]);
    const applications = (await call('GET', `/api/candidaturas?parceiro=${created.id}`)).json();
    expect(applications.data).toHaveLength(1);
    const leadList = (await call('GET', '/api/leads?data_inicial=2025-03-10&data_final=2025-03-10')).json();
    expect(leadList.data.leads).toHaveLength(1);
    const dashboard = (
      await call('GET', `/api/painel?parceiro=${created.id}&data_inicial=2025-03-01&data_final=2025-03-31`)
    ).json().data;
    expect(dashboard.queues.disputes.open).toBe(1);
    expect(dashboard.agreements).toMatchObject([{ paymentMethod: 'boleto', count: 1, totalCents: 10_000 }]);

    // An archived partner is not archived again, nor edited back on.
    const again = await call('DELETE', `/api/parceiro/${created.id}`);
    expect([again.statusCode, again.json().message]).toEqual([409, ARCHIVED]);
    const edit = await call('PUT', `/api/parceiro/${created.id}`, minimalForm({ ...created, ativo: true }));
    expect([edit.statusCode, edit.json().message]).toEqual([409, ARCHIVED]);
    const [still] = await t.database.db.select().from(partners).where(eq(partners.id, created.id));
    expect(still).toMatchObject({ companyToken: null, archivedAt: row!.archivedAt, name: created.nome });
  });

  it.each(Object.keys(RECORD_TABLES))(
    'keeps the partner row while it has %s, even against a direct delete',
    async (name) => {
      const created = await create();
      await recordsOf(created.id);
      for (const [other, table] of Object.entries(RECORD_TABLES)) {
        if (other !== name) await t.database.db.delete(table).where(eq(table.partnerId, created.id));
      }
      await expect(t.database.db.delete(partners).where(eq(partners.id, created.id))).rejects.toThrow();
      expect(await recordCounts(created.id)).toMatchObject({ [name]: 1 });
    },
  );

  it('never archives partner 1, and answers 404 for an unknown id', async () => {
    const res = await call('DELETE', '/api/parceiro/1');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('O parceiro principal não pode ser arquivado.');
    const [one] = await t.database.db.select().from(partners).where(eq(partners.id, 1));
    expect(one).toMatchObject({ archivedAt: null });
    expect(one!.companyToken).not.toBeNull();
    expect((await call('DELETE', '/api/parceiro/999999')).statusCode).toBe(404);
  });
});

describe('partner form validation (spec 002 §5, messages of §8, in order)', () => {
  const about = (campos: object, arquivos: object[] = []) => ({
    sessoes: [{ nome: 'about', campos, arquivos }],
  });
  const contact = (campos: object) => ({ sessoes: [{ nome: 'contact', campos }] });
  const tutorial = (campos: object, arquivos: object[] = []) => ({
    sessoes: [{ nome: 'tutorial', campos, arquivos }],
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no name', { nome: '' }, M.nameRequired],
    ['no subdomain', { identificador: null }, M.subdomainRequired],
    ['no logo', { logo: '' }, M.logoRequired],
    ['no primary colour', { estilo: { corSecundaria: '#000000' } }, M.primaryColorRequired],
    ['no secondary colour', { estilo: { corPrimaria: '#000000' } }, 'O campo cor sercundária é obrigatório'],
    ['an about without image', about({ title: 'Sobre', text: 'Texto' }), M.aboutIncomplete],
    ['an about with an image only', about({}, [{ arquivo: 'x' }]), M.aboutIncomplete],
    ['a tutorial without image', tutorial({ title: 'Passo' }), M.tutorialIncomplete],
    ['weekday hours without end', contact({ initialTime: '08:00' }), M.hoursIncomplete],
    [
      'weekend hours without weekday hours',
      contact({ initialTimeWeekend: '08:00', finalTimeWeekend: '12:00' }),
      M.hoursIncomplete,
    ],
    ['weekday start after end', contact({ initialTime: '18:00', finalTime: '08:00' }), M.hoursOrder],
    [
      'weekend start after end',
      contact({
        initialTime: '08:00',
        finalTime: '18:00',
        initialTimeWeekend: '12:00',
        finalTimeWeekend: '10:00',
      }),
      M.hoursOrder,
    ],
    ['store codes with letters', { loj_codigo: '1,a' }, M.storeCodesInvalid],
    [
      'a colour that is not hexadecimal',
      { estilo: { corPrimaria: 'blue', corSecundaria: '#000000' } },
      M.colorInvalid,
    ],
    ['an all-digit subdomain', { identificador: '4242' }, M.subdomainInvalid],
  ])('refuses %s', async (_name, overrides, message) => {
    const res = await call('POST', '/api/parceiro', minimalForm(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ retorno: false, message, mensagem: message });
    expect(res.json().dados.campo).toEqual(expect.any(String));
  });

  it('answers the first broken rule in the spec order', async () => {
    const res = await call('POST', '/api/parceiro', {
      sessoes: [{ nome: 'contact', campos: { initialTime: '9' } }],
    });
    expect(res.json().message).toBe(M.nameRequired);
    const noColours = await call('POST', '/api/parceiro', { nome: 'x', identificador: 'x', logo: png });
    expect(noColours.json().message).toBe(M.primaryColorRequired);
  });

  it('asks the tutorial rule on create only', async () => {
    const created = await create();
    const res = await call('PUT', `/api/parceiro/${created.id}`, tutorial({ title: 'Só o título' }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses an update that empties the logo, and saves nothing', async () => {
    const created = await create();
    const res = await call('PUT', `/api/parceiro/${created.id}`, { logo: null, nome: 'Outro' });
    expect(res.json().message).toBe(M.logoRequired);
    expect((await call('GET', `/api/parceiro/${created.id}/info`)).json().data.nome).toBe(created.nome);
  });
});

describe('partner images (checked by content, size-capped, SVG sanitised)', () => {
  const svg = (body: string) =>
    Buffer.from(
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">${body}</svg>`,
    ).toString('base64');

  it.each<[string, string, string]>([
    [
      'a text file renamed .png',
      Buffer.from('isto não é uma imagem').toString('base64'),
      'O arquivo enviado não é uma imagem válida. Envie uma imagem PNG, JPEG, WebP ou SVG.',
    ],
    [
      'a PDF',
      Buffer.from('%PDF-1.7\n1 0 obj').toString('base64'),
      'O arquivo enviado não é uma imagem válida. Envie uma imagem PNG, JPEG, WebP ou SVG.',
    ],
    [
      'a truncated PNG',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]).toString(
        'base64',
      ),
      'O arquivo enviado não é uma imagem válida. Envie uma imagem PNG, JPEG, WebP ou SVG.',
    ],
    [
      'an SVG with a script',
      svg('<script>alert(1)</script>'),
      'A imagem SVG contém scripts, eventos ou referências externas e não pode ser usada.',
    ],
    [
      'an SVG with an event handler',
      svg('<rect width="5" height="5" onload="alert(1)"/>'),
      'A imagem SVG contém scripts, eventos ou referências externas e não pode ser usada.',
    ],
    [
      'an SVG with an external image',
      svg('<image href="https://evil.example.com/x.png" width="5" height="5"/>'),
      'A imagem SVG contém scripts, eventos ou referências externas e não pode ser usada.',
    ],
    [
      'an SVG with a local file reference',
      svg('<image xlink:href="file:///etc/passwd"/>'),
      'A imagem SVG contém scripts, eventos ou referências externas e não pode ser usada.',
    ],
    [
      'an SVG with a file reference under another prefix of the XLink namespace',
      svg('<image xmlns:x="http://www.w3.org/1999/xlink" x:href="file:///etc/passwd"/>'),
      'A imagem SVG contém scripts, eventos ou referências externas e não pode ser usada.',
    ],
    [
      'an SVG with an entity',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"/>',
      ).toString('base64'),
      'O arquivo enviado não é uma imagem válida. Envie uma imagem PNG, JPEG, WebP ou SVG.',
    ],
  ])('refuses %s', async (_name, logo, message) => {
    const res = await call('POST', '/api/parceiro', minimalForm({ logo }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, dados: { campo: 'logo' } });
  });

  it('refuses an image over 2 MB, and names the section file', async () => {
    const big = Buffer.concat([Buffer.from(png, 'base64'), Buffer.alloc(2 * 1024 * 1024)]).toString('base64');
    const res = await call('POST', '/api/parceiro', minimalForm({ logo: big }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A imagem enviada é maior que 2 MB. Envie uma imagem menor.');
    const inSection = await call(
      'POST',
      '/api/parceiro',
      minimalForm({
        sessoes: [
          {
            nome: 'partners',
            campos: {},
            arquivos: [
              { arquivo: Buffer.from('texto').toString('base64'), adicionais: { name: 'loja.png' } },
            ],
          },
        ],
      }),
    );
    expect(inSection.json()).toMatchObject({
      message: 'O arquivo enviado não é uma imagem válida. Envie uma imagem PNG, JPEG, WebP ou SVG.',
      dados: { campo: 'partners.arquivos.0', arquivo: 'loja.png' },
    });
  });

  it('accepts a plain SVG and a JPEG, re-encoded as raster images', async () => {
    const jpeg = (
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } })
        .jpeg()
        .toBuffer()
    ).toString('base64');
    const res = await call(
      'POST',
      '/api/parceiro',
      minimalForm({
        logo: svg('<rect width="20" height="20" fill="#ff0000"/><use href="#a"/>'),
        sessoes: [{ nome: 'partners', campos: { text: 'Lojas' }, arquivos: [{ arquivo: jpeg }] }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const logo = await t.app.inject({ method: 'GET', url: res.json().data.logo });
    expect(logo.headers['content-type']).toBe('image/webp');
  });

  it('refuses a reference to an image that is not stored', async () => {
    const res = await call('POST', '/api/parceiro', minimalForm({ logo: `/files/${'a'.repeat(64)}.webp` }));
    expect(res.json()).toMatchObject({
      message: 'Imagem não encontrada. Envie a imagem novamente.',
      dados: { campo: 'logo' },
    });
  });
});

describe('a partner form over the body limit (24 MB)', () => {
  const TOO_LARGE =
    'As imagens do formulário somam mais do que um envio permite. Envie imagens menores ou em menor quantidade.';

  it.each([
    ['announced by Content-Length', (body: string) => body],
    ['sent chunked, without Content-Length', (body: string) => Readable.from([Buffer.from(body)])],
  ])('%s: 413 with a message saying what to do, nothing saved', async (_how, payloadOf) => {
    const before = (await call('GET', '/api/parceiro?situacao=todos')).json().meta.total;
    const form = minimalForm({ logo: 'A'.repeat(25 * 1024 * 1024) });
    for (const [method, url] of [
      ['POST', '/api/parceiro'],
      ['PUT', '/api/parceiro/1'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: payloadOf(JSON.stringify(form)),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ retorno: false, dados: null, mensagem: TOO_LARGE, message: TOO_LARGE });
    }
    expect((await call('GET', '/api/parceiro?situacao=todos')).json().meta.total).toBe(before);
  });
});

describe('every partner call requires a valid staff token', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const routes: [Method, string, object?][] = [
    ['GET', '/api/parceiro?page=1'],
    ['POST', '/api/parceiro', {}],
    ['PUT', '/api/parceiro/2', {}],
    ['DELETE', '/api/parceiro/2'],
    ['GET', '/api/parceiro/2/info'],
  ];

  async function expectRefused(bearer: string | null) {
    for (const [method, url, payload] of routes) {
      const res = await call(method, url, payload, bearer);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe('Unauthenticated');
    }
    expect((await t.database.db.select().from(partners).where(eq(partners.id, 2))).length).toBe(1);
  }

  it('refuses no token, an unknown one, an expired one and a revoked one', async () => {
    await expectRefused(null);
    await expectRefused('x'.repeat(43));
    const expired = await login();
    await t.database.db
      .update(staffTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffTokens.tokenHash, sha256(expired)));
    await expectRefused(expired);
    const revoked = await login();
    expect((await call('POST', '/api/logout', undefined, revoked)).statusCode).toBe(200);
    await expectRefused(revoked);
  });
});

describe('getEmpresas (the partner form company list)', () => {
  const companies = (bearer: string | null = token) =>
    t.app.inject({
      method: 'POST',
      url: '/api.php?a=portal&b=getEmpresas',
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      payload: '{}',
    });

  it('lists the creditor companies by name with the portal already on each, for staff only', async () => {
    expect((await companies(null)).statusCode).toBe(401);
    expect((await companies('x'.repeat(43))).statusCode).toBe(401);
    const res = await companies();
    expect(res.statusCode).toBe(200);
    const list = res.json().dados.empresas as {
      codigo: number;
      nome_empresa: string;
      parceiro: string | null;
    }[];
    expect(list).toContainEqual({ codigo: 100, nome_empresa: 'Portal Demo', parceiro: 'demo' });
    expect(list).toContainEqual({ codigo: 350, nome_empresa: expect.any(String), parceiro: 'especial' });
    // Signed up, no portal yet: what a new partner can be created on.
    expect(list).toContainEqual({ codigo: 1001, nome_empresa: 'Zelo Cobranças', parceiro: null });
    const names = list.map((c) => c.nome_empresa);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

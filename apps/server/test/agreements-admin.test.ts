import { formatBrDate, type PlanosResposta, todayInBrasilia } from '@portal/domain';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreementInstalments,
  agreements,
  auditLog,
  cardPaymentReversals,
  cardPayments,
  instalments,
  paymentCharges,
  paymentEvents,
  secondCopyPayments,
} from '../src/db/schema';
import { planOfCode } from '../src/repositories/plan-repository';
import { setStaffAccess } from '../src/repositories/staff-repository';
import { createStaffUser } from '../src/services/staff/create-staff-user';
import {
  contractUnderActiveAgreement,
  insertAgreement,
  insertSecondCopy,
  partyOf,
} from './agreement-admin-helpers';
import { quotePlans } from './debt-helpers';
import { call, hostOf, login, MARIA } from './identification-helpers';
import { createTestApp, type TestApp } from './test-app';

// Issue 18 item 3: the back office's agreements (filters, scope, export, the agreement's page, cancel with a reason)
// and payments (money received by day and method, totals, export); decision 029. The server clock is UTC here:
// Brasília days must not move with it.
process.env.TZ = 'UTC';

const CLIENT = '10.3.0.18';
const PASSWORD = 'Acordos#2026x';
let t: TestApp;
const tokens: Record<'administrator' | 'operator' | 'auditor', string> = {
  administrator: '',
  operator: '',
  auditor: '',
};
let adminId: number;
// Agreements written here: acme's (Maria), demo's (Maria, cancelled card), and the seed's João on demo.
let acme: Awaited<ReturnType<typeof partyOf>>;
let demo: Awaited<ReturnType<typeof partyOf>>;
let acmeAgreement: { id: number; instalmentIds: number[] };
let cardAgreement: { id: number; instalmentIds: number[] };

const get = (url: string, role: keyof typeof tokens = 'administrator') =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[role]}` } });
const cancel = (id: number, body: unknown, role: keyof typeof tokens = 'administrator') =>
  t.app.inject({
    method: 'POST',
    url: `/api/gestao/acordos/${id}/cancelar`,
    headers: { authorization: `Bearer ${tokens[role]}` },
    payload: body as object,
  });
const idsOf = (res: { json(): { data: { aco_codigo: number }[] } }) =>
  res.json().data.map((a) => a.aco_codigo);

async function openSheet(body: Buffer | string, name: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(body as Buffer) as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet(name)!;
  return Array.from({ length: sheet.rowCount }, (_, i) => (sheet.getRow(i + 1).values as unknown[]).slice(1));
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_ALLOWLIST: CLIENT, PARTNER_CACHE_SECONDS: '0' } });
  const db = t.database.db;
  acme = await partyOf(db, 'acme', '52998224725');
  demo = await partyOf(db, 'demo', '52998224725');
  let ip = 0;
  for (const role of ['administrator', 'operator', 'auditor'] as const) {
    const user = await createStaffUser(db, { username: `acordos.${role}`, password: PASSWORD, role });
    if (role === 'operator') await setStaffAccess(db, user.id, { role, partnerIds: [acme.partnerId] });
    if (role === 'administrator') adminId = user.id;
    ip += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: `acordos.${role}`, password: PASSWORD },
      remoteAddress: `10.3.1.${ip}`,
    });
    tokens[role] = res.json().access_token;
  }
  // 23:30 in Brasília on 10 March is already 11 March in UTC.
  acmeAgreement = await insertAgreement(db, {
    partnerId: acme.partnerId,
    personId: acme.person.id,
    storeId: acme.storeId,
    method: 'pix',
    createdAt: new Date('2026-03-11T02:30:00Z'),
    instalments: [
      { dueDate: '2026-03-12', amountCents: 10_000, paid: { cause: 'pix:E0001', on: '2026-03-12' } },
      { dueDate: '2026-04-12', amountCents: 20_000, paid: { cause: 'cnab:9:3', on: '2026-04-13' } },
      { dueDate: '2026-05-12', amountCents: 20_000 },
    ],
  });
  cardAgreement = await insertAgreement(db, {
    partnerId: demo.partnerId,
    personId: demo.person.id,
    storeId: demo.storeId,
    method: 'cartao',
    status: 'settled',
    createdAt: new Date('2026-03-15T15:00:00Z'),
    instalments: [
      {
        dueDate: '2026-03-15',
        amountCents: 30_000,
        paid: { cause: 'card:ch_1', on: '2026-03-15', kind: 'settled' },
      },
    ],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('the agreements list', () => {
  it('lists every agreement to an administrator, newest first, paginated, with the stores to filter by', async () => {
    const res = await get('/api/gestao/acordos');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 20 });
    expect(body.meta.total).toBe(body.data.length);
    expect(idsOf(res)).toEqual(expect.arrayContaining([acmeAgreement.id, cardAgreement.id]));
    const item = body.data.find((a: { aco_codigo: number }) => a.aco_codigo === acmeAgreement.id);
    expect(item).toEqual({
      aco_codigo: acmeAgreement.id,
      data_acordo: '2026-03-10 23:30:00',
      parceiro: { id: acme.partnerId, nome: acme.partnerName },
      loja: { id: acme.storeId, nome: expect.any(String) },
      devedor: { nome: 'Maria da Silva Santos', cpf_cnpj: '529.982.247-25' },
      forma_pagamento: 'pix',
      quantidade_parcelas: 2,
      valor_negociado: 50_000,
      valor_entrada: 10_000,
      valor_pago: 30_000,
      status: 'active',
    });
    expect(body.lojas).toEqual(
      expect.arrayContaining([{ id: acme.storeId, nome: expect.any(String), parceiros: expect.any(Array) }]),
    );
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('filters by partner, store, status, payment type, Brasília period and CPF/CNPJ', async () => {
    expect(idsOf(await get(`/api/gestao/acordos?parceiro=${acme.partnerId}`))).toEqual([acmeAgreement.id]);
    expect(idsOf(await get(`/api/gestao/acordos?loja=${acme.storeId}&parceiro=${acme.partnerId}`))).toEqual([
      acmeAgreement.id,
    ]);
    expect(idsOf(await get('/api/gestao/acordos?status=settled'))).toEqual([cardAgreement.id]);
    expect(idsOf(await get('/api/gestao/acordos?forma_pagamento=cartao'))).toEqual([cardAgreement.id]);
    const day = (d: string) => `/api/gestao/acordos?data_inicial=${d}&data_final=${d}`;
    expect(idsOf(await get(day('2026-03-10')))).toEqual([acmeAgreement.id]);
    expect(idsOf(await get(day('2026-03-11')))).toEqual([]);
    const maria = idsOf(await get('/api/gestao/acordos?cpf_cnpj=529.982.247-25'));
    expect(maria).toEqual(expect.arrayContaining([acmeAgreement.id, cardAgreement.id]));
    expect(idsOf(await get('/api/gestao/acordos?cpf_cnpj=39053344705'))).not.toContain(acmeAgreement.id);
    // Empty filters are no filters; a broken period is a 400 with the field's message.
    expect((await get('/api/gestao/acordos?status=&parceiro=')).json().meta.total).toBeGreaterThan(1);
    const broken = await get('/api/gestao/acordos?data_inicial=2026-03-10');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().dados).toEqual({ data_final: 'Informe a data final.' });
    expect((await get('/api/gestao/acordos?status=quebrado')).statusCode).toBe(400);
  });

  it('shows an operator only their partners’ agreements, and another partner’s as not found', async () => {
    const list = await get('/api/gestao/acordos', 'operator');
    expect(idsOf(list)).toEqual([acmeAgreement.id]);
    expect(
      list.json().lojas.every((s: { parceiros: number[] }) => s.parceiros.includes(acme.partnerId)),
    ).toBe(true);
    expect((await get(`/api/gestao/acordos/${acmeAgreement.id}`, 'operator')).statusCode).toBe(200);
    const other = await get(`/api/gestao/acordos/${cardAgreement.id}`, 'operator');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Acordo não encontrado.');
    expect((await get(`/api/gestao/acordos/${cardAgreement.id}/termo.pdf`, 'operator')).statusCode).toBe(404);
    expect((await cancel(cardAgreement.id, { motivo: 'Teste' }, 'operator')).statusCode).toBe(404);
    const sheet = await get('/api/gestao/acordos/planilha', 'operator');
    const rows = await openSheet(sheet.rawPayload, 'Acordos');
    expect(rows.slice(1).map((r) => r[0])).toEqual([acmeAgreement.id]);
  });

  it('exports the filtered list as XLSX with typed cells', async () => {
    const res = await get(`/api/gestao/acordos/planilha?parceiro=${acme.partnerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="acordos.xlsx"');
    const rows = await openSheet(res.rawPayload, 'Acordos');
    expect(rows[0]).toEqual([
      'Código',
      'Data do acordo',
      'Parceiro',
      'Loja',
      'Devedor',
      'C.P.F/C.N.P.J.',
      'Forma de pagamento',
      'Parcelas',
      'Entrada',
      'Valor negociado',
      'Valor pago',
      'Status',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      acmeAgreement.id,
      new Date('2026-03-10T23:30:00Z'),
      acme.partnerName,
      expect.any(String),
      'Maria da Silva Santos',
      '529.982.247-25',
      'PIX',
      2,
      100,
      500,
      300,
      'Ativo',
    ]);
  });

  it('audits the reads of people’s data', async () => {
    await get(`/api/gestao/acordos/${acmeAgreement.id}`);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'agreement'));
    expect(rows.map((r) => r.route)).toEqual(
      expect.arrayContaining([
        'GET /api/gestao/acordos',
        'GET /api/gestao/acordos/planilha',
        'GET /api/gestao/acordos/:id',
      ]),
    );
    expect(rows.find((r) => r.route === 'GET /api/gestao/acordos/:id')).toMatchObject({
      action: 'read',
      entityId: String(acmeAgreement.id),
    });
    // A download names the document, and which instalments' boletos, not only the agreement.
    await get(`/api/gestao/acordos/${acmeAgreement.id}/termo.pdf?download=1`);
    const [download] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'agreement'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(download).toMatchObject({
      route: 'GET /api/gestao/acordos/:id/:documento',
      action: 'read',
      entityId: `${acmeAgreement.id}/termo.pdf?download=1`,
    });
  });

  it('never writes the CPF/CNPJ searched to the request log', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      await createStaffUser(logged.database.db, { username: 'acordos.log', password: PASSWORD });
      const login = await logged.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'acordos.log', password: PASSWORD },
      });
      const headers = { authorization: `Bearer ${login.json().access_token}` };
      for (const url of [
        '/api/gestao/acordos?cpf_cnpj=529.982.247-25&page=1',
        '/api/gestao/acordos/planilha?status=active&cpf_cnpj=52998224725',
        '/api/gestao/acordos?cpf_cnpj=529%2E982%2E247-25',
      ])
        expect((await logged.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
      const requests = lines.filter((line) => line.includes('incoming request'));
      expect(requests.some((line) => line.includes('/api/gestao/acordos?cpf_cnpj=***&page=1'))).toBe(true);
      expect(requests.some((line) => line.includes('?status=active&cpf_cnpj=***'))).toBe(true);
      for (const line of lines) {
        expect(line).not.toMatch(/529\D?982\D?247|2E982/);
        expect(() => JSON.parse(line)).not.toThrow();
      }
    } finally {
      await logged.close();
    }
  });
});

describe('an agreement’s page', () => {
  it('has its instalments, documents, payment events and status history', async () => {
    const res = await get(`/api/gestao/acordos/${acmeAgreement.id}`);
    const data = res.json().data;
    expect(
      data.parcelas.map((p: { parcela: string; valor: number; status: string }) => [
        p.parcela,
        p.valor,
        p.status,
      ]),
    ).toEqual([
      ['Entrada', 10_000, 'P'],
      ['1/2', 20_000, 'P'],
      ['2/2', 20_000, expect.stringMatching(/^(A|AA)$/)],
    ]);
    expect(data.eventos.map((e: { tipo: string; causa: string }) => [e.tipo, e.causa])).toEqual([
      ['paid', 'pix:E0001'],
      ['paid', 'cnab:9:3'],
    ]);
    expect(data.documentos).toEqual({
      termo: `/api/gestao/acordos/${acmeAgreement.id}/termo.pdf`,
      quitacao: null,
      boletos_em_aberto: null,
    });
    expect(data.historico).toEqual([]);
    const term = await get(data.documentos.termo);
    expect(term.statusCode).toBe(200);
    expect(term.headers['content-type']).toBe('application/pdf');
    expect(term.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const settled = (await get(`/api/gestao/acordos/${cardAgreement.id}`)).json().data;
    expect(settled.documentos.quitacao).toBe(`/api/gestao/acordos/${cardAgreement.id}/quitacao.pdf`);
    expect((await get(settled.documentos.quitacao)).headers['content-type']).toBe('application/pdf');
    expect(settled.parcelas[0].status).toBe('B');
    // An active agreement has no discharge letter.
    expect((await get(`/api/gestao/acordos/${acmeAgreement.id}/quitacao.pdf`)).statusCode).toBe(404);
  });

  it('carries only what the page shows: no e-mail, no phone, the CPF/CNPJ as the page writes it', async () => {
    // The contact the debtor confirmed with the agreement: the page does not show it, so it is not sent.
    await t.database.db
      .update(agreements)
      .set({ email: 'maria.acordo@example.com', phone: '11987654321' })
      .where(eq(agreements.id, acmeAgreement.id));
    const res = await get(`/api/gestao/acordos/${acmeAgreement.id}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data).sort()).toEqual([
      'aco_codigo',
      'cartao',
      'contratos',
      'data_acordo',
      'devedor',
      'documentos',
      'eventos',
      'forma_pagamento',
      'historico',
      'loja',
      'parceiro',
      'parcelas',
      'quantidade_parcelas',
      'segundas_vias',
      'status',
      'valor_entrada',
      'valor_negociado',
      'valor_pago',
    ]);
    expect(res.json().data.devedor).toEqual({ nome: 'Maria da Silva Santos', cpf_cnpj: '529.982.247-25' });
    for (const personal of ['maria.acordo@example.com', '11987654321', '98765-4321', '52998224725'])
      expect(res.body).not.toContain(personal);
  });
});

describe('cancelling an agreement', () => {
  /** Whether the debts list shows the card of these contracts as 'Acordo Ativo'. */
  async function activeCard(cookie: string, contracts: number[]) {
    const debts = await call(
      t,
      'negociacao_robo/passo_2_novo',
      {},
      { host: hostOf('demo'), cookie, ip: CLIENT },
    );
    const cards: { pre_codigos: number[]; acordo_ativo: boolean }[] = debts.json().dados.dividas;
    return cards.find((card) => card.pre_codigos.join() === contracts.join())!.acordo_ativo;
  }

  async function pixAgreementOfMaria() {
    const maria = await login(t, MARIA);
    const session = { cookie: maria, partner: 'demo' };
    const debts = await call(
      t,
      'negociacao_robo/passo_2_novo',
      {},
      { host: hostOf('demo'), cookie: maria, ip: CLIENT },
    );
    const card = debts.json().dados.dividas.find((d: { acordo_ativo: boolean }) => !d.acordo_ativo);
    const quote = await quotePlans(t, card, session, { metodoPagamento: 'pix', pagamentoAvistaPrazo: 'P' });
    const plan = (quote.json().dados as PlanosResposta).pre_acordo.at(-1)!;
    const saved = await call(
      t,
      'negociacao_robo/passo_4_novo',
      {
        praCodigo: plan.pra_codigo,
        formaDePagamento: 'pix',
        primeiroVencimento: formatBrDate(plan.pra_primeiro_vcto),
      },
      { host: hostOf('demo'), cookie: maria, ip: CLIENT },
    );
    expect(saved.json().retorno, saved.body).toBe(true);
    // Meus Acordos issues the entry's PIX charge (due today).
    await call(t, 'negociacao_robo/passo_5', {}, { host: hostOf('demo'), cookie: maria, ip: CLIENT });
    const [agreement] = await t.database.db
      .select()
      .from(agreements)
      .where(eq(agreements.preAgreementId, planOfCode(plan.pra_codigo).searchId));
    return { id: agreement!.id, maria, contracts: card.pre_codigos as number[] };
  }

  it('refuses an auditor, and a missing reason with a Portuguese message', async () => {
    const denied = await cancel(acmeAgreement.id, { motivo: 'Teste' }, 'auditor');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Acesso negado');
    const blank = await cancel(acmeAgreement.id, { motivo: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().dados).toEqual({ motivo: 'Informe o motivo do cancelamento.' });
    const tooShort = await cancel(acmeAgreement.id, { motivo: ' ab ' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().dados).toEqual({
      motivo: 'Descreva o motivo do cancelamento com pelo menos 5 caracteres.',
    });
    expect((await get(`/api/gestao/acordos/${acmeAgreement.id}`)).json().data.status).toBe('active');
  });

  it('refuses a settled agreement', async () => {
    const res = await cancel(cardAgreement.id, { motivo: 'Teste' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Um acordo quitado não pode ser cancelado.');
  });

  it('cancels with the cause and reason, frees the contracts, cancels open charges, keeps payments; once', async () => {
    const { id, maria, contracts } = await pixAgreementOfMaria();
    expect(await activeCard(maria, contracts)).toBe(true);
    const db = t.database.db;
    const [entry] = await db
      .select()
      .from(agreementInstalments)
      .where(and(eq(agreementInstalments.agreementId, id), eq(agreementInstalments.number, 0)));
    const [charge] = await db.select().from(paymentCharges).where(eq(paymentCharges.instalmentId, entry!.id));
    expect(charge?.kind).toBe('pix');
    // A payment recorded before the cancellation stays.
    const [first] = await db
      .select()
      .from(agreementInstalments)
      .where(and(eq(agreementInstalments.agreementId, id), eq(agreementInstalments.number, 1)));
    await db.insert(paymentEvents).values({
      instalmentId: first!.id,
      kind: 'paid',
      amountCents: first!.amountCents,
      occurredOn: todayInBrasilia(),
      cause: 'test:paid-before-cancel',
    });

    const res = await cancel(id, { motivo: '  Pedido do credor  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Acordo cancelado com sucesso!');
    const data = res.json().data;
    expect(data.status).toBe('cancelled');
    expect(data.historico).toEqual([
      {
        de: 'active',
        para: 'cancelled',
        causa: `staff:${adminId}`,
        motivo: 'Pedido do credor',
        em: expect.any(String),
      },
    ]);
    // The charge is cancelled as the break does; the payment is still there.
    const kinds = data.eventos.map((e: { tipo: string; causa: string }) => `${e.tipo} ${e.causa}`);
    expect(kinds).toContain(`charge_cancelled staff:${adminId}`);
    expect(kinds).toContain('paid test:paid-before-cancel');
    // The contracts are back in the debts list.
    expect(await activeCard(maria, contracts)).toBe(false);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'agreement'), eq(auditLog.action, 'cancel')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entityId: String(id),
      route: 'POST /api/gestao/acordos/:id/cancelar',
      before: { status: 'active' },
      after: { status: 'cancelled', motivo: 'Pedido do credor' },
    });

    // Again: nothing more is recorded.
    const again = await cancel(id, { motivo: 'Outra vez' });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Este acordo já estava cancelado.');
    expect(again.json().data.historico).toHaveLength(1);
    expect(
      again.json().data.eventos.filter((e: { tipo: string }) => e.tipo === 'charge_cancelled'),
    ).toHaveLength(1);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'agreement'), eq(auditLog.action, 'cancel'))),
    ).toHaveLength(1);
  });

  it('returns a covered contract to the debts list (agreement_contracts) for an agreement over one', async () => {
    const db = t.database.db;
    const { id } = await insertAgreement(db, {
      partnerId: acme.partnerId,
      personId: acme.person.id,
      storeId: acme.storeId,
      contractId: acme.contract.id,
      method: 'boleto',
      createdAt: new Date(),
      instalments: [{ dueDate: todayInBrasilia(), amountCents: 5_000 }],
    });
    expect(await contractUnderActiveAgreement(db, acme.contract.id)).toBe(true);
    expect((await cancel(id, { motivo: 'Devedor desistiu' }, 'operator')).statusCode).toBe(200);
    expect(await contractUnderActiveAgreement(db, acme.contract.id)).toBe(false);
  });
});

describe('the payments list', () => {
  const PERIOD = 'data_inicial=2026-03-01&data_final=2026-04-30';

  beforeAll(async () => {
    // A second copy paid on 12 March for a demo instalment.
    const db = t.database.db;
    const [portfolio] = await db
      .select()
      .from(instalments)
      .where(eq(instalments.contractId, demo.contract.id))
      .limit(1);
    const copy = await insertSecondCopy(db, demo, {
      instalmentId: portfolio!.id,
      dueDate: '2026-03-12',
      amountCents: 4_000,
      ourNumber: '12345670000000099',
    });
    // Its boleto liquidated on 13 April too (decision 061): money beyond the copy's value, which paid nothing.
    await db.insert(secondCopyPayments).values([
      { secondCopyId: copy.id, amountCents: 4_000, occurredOn: '2026-03-12', cause: 'pix:E-SECOND' },
      { secondCopyId: copy.id, amountCents: 4_000, occurredOn: '2026-04-13', cause: 'cnab:99:3' },
    ]);
    // Decision 049: a PIX paying acme's third instalment short on 13 April paid nothing: unapplied money.
    await db.insert(paymentEvents).values({
      instalmentId: acmeAgreement.instalmentIds[2]!,
      kind: 'unapplied',
      amountCents: 5_000,
      occurredOn: '2026-04-13',
      cause: 'pix:E0009',
      unappliedReason: 'underpaid',
    });
    // Decision 047: the card paid on 15 March was refunded, heard at 23:30 in Brasília on 1 April (2 April in UTC).
    const [card] = await db
      .insert(cardPayments)
      .values({
        agreementId: cardAgreement.id,
        gateway: 'local',
        reference: `acordo-${cardAgreement.id}`,
        amountCents: 30_000,
        instalments: 1,
        brand: 'visa',
        lastFour: '1111',
      })
      .returning();
    await db.insert(cardPaymentReversals).values([
      // Decision 075: R$ 100,00 of it refunded on 20 March, the charge still paid: that amount leaves, not the value.
      {
        cardPaymentId: card!.id,
        kind: 'partially_refunded',
        amountCents: 10_000,
        refundedThroughCents: 10_000,
        gatewayChargeId: 'ch_1',
        cause: 'webhook:hook_0',
        occurredAt: new Date('2026-03-20T15:00:00Z'),
      },
      {
        cardPaymentId: card!.id,
        kind: 'refunded',
        amountCents: 20_000,
        refundedThroughCents: 30_000,
        gatewayChargeId: 'ch_1',
        cause: 'webhook:hook_1',
        // Given back on 1 April, Brasília time (decision 056); the portal heard of it a week later.
        occurredAt: new Date('2026-04-02T02:30:00Z'),
        recordedAt: new Date('2026-04-09T12:00:00Z'),
      },
    ]);
  });

  it('sums the money received by day and method, unapplied money apart, card reversals as money leaving', async () => {
    const res = await get(`/api/gestao/pagamentos?${PERIOD}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const none = { pix: 0, boleto: 0, card: 0, second_copy: 0, unapplied: 0, reversed: 0 };
    expect(body.data).toEqual([
      { ...none, dia: '2026-04-13', boleto: 20_000, unapplied: 9_000, total: 29_000 },
      { ...none, dia: '2026-04-01', reversed: 20_000, total: -20_000 },
      { ...none, dia: '2026-03-20', reversed: 10_000, total: -10_000 },
      { ...none, dia: '2026-03-15', card: 30_000, total: 30_000 },
      { ...none, dia: '2026-03-12', pix: 10_000, second_copy: 4_000, total: 14_000 },
    ]);
    expect(body.totais).toEqual({
      pix: 10_000,
      boleto: 20_000,
      card: 30_000,
      second_copy: 4_000,
      unapplied: 9_000,
      reversed: 30_000,
      total: 43_000,
    });
  });

  it('the agreement’s page says why its unapplied money paid nothing, as the Não aplicados list does', async () => {
    // Decision 064: the reason is stored with the `unapplied` event; other events have none.
    const { eventos } = (await get(`/api/gestao/acordos/${acmeAgreement.id}`)).json().data;
    expect(eventos.map((e: { tipo: string; motivo: string | null }) => [e.tipo, e.motivo])).toEqual([
      ['paid', null],
      ['paid', null],
      ['unapplied', 'underpaid'],
    ]);
  });

  it('the agreement’s page shows the part of a second copy’s payment that paid nothing, and why', async () => {
    // An agreement over the demo contract whose second copy was paid twice (decision 061): the page lists the
    // copy's payments, the second one unapplied whole, as the Não aplicados list has it.
    const { id } = await insertAgreement(t.database.db, {
      partnerId: demo.partnerId,
      personId: demo.person.id,
      storeId: demo.storeId,
      contractId: demo.contract.id,
      method: 'boleto',
      status: 'cancelled',
      createdAt: new Date('2026-04-20T15:00:00Z'),
      instalments: [{ dueDate: '2026-04-20', amountCents: 4_000 }],
    });
    const { segundas_vias } = (await get(`/api/gestao/acordos/${id}`)).json().data;
    expect(
      segundas_vias.map(
        (p: { causa: string; valor: number; nao_aplicado: number; motivo: string | null }) => [
          p.causa,
          p.valor,
          p.nao_aplicado,
          p.motivo,
        ],
      ),
    ).toEqual([
      ['pix:E-SECOND', 4_000, 0, null],
      ['cnab:99:3', 4_000, 4_000, 'already_paid'],
    ]);
  });

  it('filters by partner and store, and limits an operator to their partners', async () => {
    const acmeOnly = {
      pix: 10_000,
      boleto: 20_000,
      card: 0,
      second_copy: 0,
      unapplied: 5_000,
      reversed: 0,
      total: 35_000,
    };
    expect((await get(`/api/gestao/pagamentos?${PERIOD}&parceiro=${acme.partnerId}`)).json().totais).toEqual(
      acmeOnly,
    );
    expect((await get(`/api/gestao/pagamentos?${PERIOD}`, 'operator')).json().totais).toEqual(acmeOnly);
    expect(
      (await get(`/api/gestao/pagamentos?${PERIOD}&parceiro=${demo.partnerId}`, 'operator')).json().totais
        .total,
    ).toBe(0);
    expect(
      (await get(`/api/gestao/pagamentos?${PERIOD}&parceiro=${demo.partnerId}&loja=${demo.storeId}`)).json()
        .totais,
    ).toEqual({
      pix: 0,
      boleto: 0,
      card: 30_000,
      second_copy: 4_000,
      unapplied: 4_000,
      reversed: 30_000,
      total: 8_000,
    });
    // The refund is counted on the day the gateway gave the money back (1 April), not the day the portal heard of it
    // (9 April, within this period; decision 056).
    expect(
      (await get(`/api/gestao/pagamentos?data_inicial=2026-04-02&data_final=2026-04-30`)).json().totais
        .reversed,
    ).toBe(0);
    expect(
      (await get(`/api/gestao/pagamentos?data_inicial=2026-03-16&data_final=2026-03-31`)).json().totais
        .reversed,
    ).toBe(10_000);
    const missing = await get('/api/gestao/pagamentos');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().dados).toEqual({ data_inicial: 'Informe a data inicial.' });
  });

  it('exports the days and a totals line as XLSX, reversals as negative money', async () => {
    const res = await get(`/api/gestao/pagamentos/planilha?${PERIOD}`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="pagamentos.xlsx"');
    const rows = await openSheet(res.rawPayload, 'Pagamentos');
    expect(rows).toEqual([
      ['Dia', 'PIX', 'Boleto', 'Cartão', '2ª via', 'Não aplicado', 'Estornos', 'Total líquido'],
      [new Date('2026-04-13T00:00:00Z'), 0, 200, 0, 0, 90, 0, 290],
      [new Date('2026-04-01T00:00:00Z'), 0, 0, 0, 0, 0, -200, -200],
      [new Date('2026-03-20T00:00:00Z'), 0, 0, 0, 0, 0, -100, -100],
      [new Date('2026-03-15T00:00:00Z'), 0, 0, 300, 0, 0, 0, 300],
      [new Date('2026-03-12T00:00:00Z'), 100, 0, 0, 40, 0, 0, 140],
      ['Total', 100, 200, 300, 40, 90, -300, 430],
    ]);
  });
});

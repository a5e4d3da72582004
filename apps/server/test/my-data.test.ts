import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { ERASURE_REMOVES, PRIVACY_PROTOCOL_PATTERN } from '@portal/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreements,
  contactMessages,
  contracts,
  debtorRequests,
  debtorSessions,
  leads,
  outboundMessages,
  partnerStores,
  partners,
  personRegistrations,
  persons,
  privacyRequests,
  stepLogs,
  stores,
} from '../src/db/schema';
import type { PersonDataExport } from '../src/services/privacy/export-person-data';
import { call, hostOf, JOAO, login, MARIA, solveRobotCheck } from './identification-helpers';
import { createTestApp, type TestApp, validContact } from './test-app';
import { validLead } from './valid-forms';

// "Meus dados" (issue 6 item 1, docs/decisions/010-lgpd-export-and-erasure.md): export scoped to the session's
// partner and person, PDF, erasure of what the decision record lists, rate limits.

let t: TestApp;
let db: TestApp['database']['db'];
beforeAll(async () => {
  // The tests log João and Maria in more often than the login's limit per CPF/CNPJ allows; that limit is not tested here.
  t = await createTestApp({ env: { LIMIT_LOGIN_PER_DOCUMENT: '100' } });
  db = t.database.db;
});
afterAll(async () => {
  await t?.close();
});

let lastIp = 0;
// Each download from its own address unless one is given: the downloads' own limit is tested apart.
const get = (path: string, cookie?: string, partner = 'demo', ip = `10.8.0.${++lastIp}`) =>
  t.app.inject({
    method: 'GET',
    url: path,
    headers: { host: hostOf(partner), ...(cookie ? { cookie } : {}) },
    remoteAddress: ip,
  });
const erase = (cookie?: string, ip = '10.9.0.2', partner = 'demo') =>
  call(
    t,
    'portal/solicitarEliminacaoDados',
    {},
    { host: hostOf(partner), ip, ...(cookie ? { cookie } : {}) },
  );

const partnerId = async (identifier: string) =>
  (await db.select().from(partners).where(eq(partners.identifier, identifier)))[0]!.id;
const personId = async (cpfCnpj: string) =>
  (await db.select().from(persons).where(eq(persons.cpfCnpj, cpfCnpj)))[0]!.id;
const storeOf = async (person: number) =>
  (await db.select().from(contracts).where(eq(contracts.personId, person)))[0]!.storeId;
const JOAO_DOC = '39053344705';
const NEW_PERSON = {
  cpfCnpj: '111.444.777-35',
  dataNascimento: '10/10/1980',
  telefone: '(31) 91234-5678',
  email: 'novo@example.com',
  sexo: 'F',
  nome: 'Beatriz Nova',
};
const MARIA_DOC = '52998224725';

describe('without an open session', () => {
  it('answers 401 to the downloads and the erasure', async () => {
    for (const path of ['/api/meus-dados.json', '/api/meus-dados.pdf']) {
      const res = await get(path);
      expect(res.statusCode).toBe(401);
      expect(res.json().mensagem).toBe('Sua sessão expirou. Informe o seu CPF ou CNPJ novamente.');
    }
    expect((await erase(undefined, '10.9.0.3')).statusCode).toBe(401);
  });

  it('does not accept a session of another partner', async () => {
    const joao = await login(t, JOAO);
    expect((await get('/api/meus-dados.json', joao, 'acme')).statusCode).toBe(401);
  });

  it('does not accept a session still waiting for the SMS code', async () => {
    const pending = await login(
      t,
      { pesCpfCnpj: MARIA.pesCpfCnpj, dataNascimento: MARIA.dataNascimento },
      'senff',
    );
    expect((await get('/api/meus-dados.json', pending, 'senff')).statusCode).toBe(401);
  });
});

describe('the JSON export', () => {
  it("holds the person's data on the session's partner, and nobody else's", async () => {
    const joaoId = await personId(JOAO_DOC);
    const demo = await partnerId('demo');
    const acme = await partnerId('acme');
    const acmeStore = (await db.select().from(partnerStores).where(eq(partnerStores.partnerId, acme)))[0]!
      .storeId;
    // João on another partner, Maria on this one, and a visitor who typed João's CPF: none may show (decision 069).
    await db.insert(stepLogs).values([
      { partnerId: demo, personId: joaoId, cpfCnpj: JOAO_DOC, stepCode: 8 },
      { partnerId: acme, personId: joaoId, cpfCnpj: JOAO_DOC, stepCode: 9 },
      { partnerId: demo, cpfCnpj: MARIA_DOC, stepCode: 10 },
      { partnerId: demo, cpfCnpj: JOAO_DOC, stepCode: 12 },
    ]);
    await db.insert(debtorRequests).values([
      {
        partnerId: demo,
        personId: joaoId,
        storeId: await storeOf(joaoId),
        kind: 'cannot_pay',
        reason: 'Desemprego',
      },
      { partnerId: acme, personId: joaoId, storeId: acmeStore, kind: 'proposal', reason: 'Outro parceiro' },
      // A call request with the phone he gave, and a proposal the partner answered with a counter-offer.
      {
        partnerId: demo,
        personId: joaoId,
        storeId: await storeOf(joaoId),
        kind: 'call',
        phone: '31933334444',
      },
      {
        partnerId: demo,
        personId: joaoId,
        storeId: await storeOf(joaoId),
        kind: 'proposal',
        entryCents: 10_000,
        instalmentCount: 10,
        instalmentCents: 5_000,
        counterEntryCents: 20_000,
        counterInstalmentCount: 6,
        counterInstalmentCents: 9_000,
      },
    ]);
    const [notice] = await db
      .insert(outboundMessages)
      .values({
        partnerId: demo,
        channel: 'email',
        template: 'lead',
        recipient: 'contato@demo.example',
        replyTo: 'joao.lima@example.com',
        subject: 'Nova proposta',
        bodyText: 'João Pereira Lima propõe pagar',
      })
      .returning();
    const lead = {
      name: 'João Pereira Lima',
      email: 'joao.lima@example.com',
      mobile: '21998765432',
      store: 'Loja da proposta',
      city: 'Rio de Janeiro',
      cpfCnpj: JOAO_DOC,
      // He sent it logged in (docs/decisions/054).
      personId: joaoId,
      amountCents: 50_000,
      paymentForm: 'A',
      affordableCents: 20_000,
    };
    await db.insert(leads).values([
      { ...lead, partnerId: demo, outboundMessageId: notice!.id },
      { ...lead, partnerId: acme, store: 'Loja de outro parceiro' },
    ]);
    const contact = { name: 'João', email: 'joao.lima@example.com', cpfCnpj: JOAO_DOC, personId: joaoId };
    await db.insert(contactMessages).values([
      { ...contact, partnerId: demo, text: 'Olá demo' },
      { ...contact, partnerId: acme, text: 'Olá acme' },
    ]);

    const joao = await login(t, JOAO);
    await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf('demo'), cookie: joao });
    const res = await get('/api/meus-dados.json', joao);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="meus-dados-demo-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json() as PersonDataExport;
    expect(data.parceiro.identificador).toBe('demo');
    expect(data.titular).toMatchObject({
      nome: 'João Pereira Lima',
      cpfCnpj: JOAO_DOC,
      dataNascimento: '1985-02-01',
      telefone: '21998765432',
      email: 'joao.lima@example.com',
    });
    expect(data.contratos.length).toBe(2);
    expect(data.contratos.every((c) => c.parcelas.length > 0)).toBe(true);
    expect(data.registrosDeNavegacao.map((s) => s.etapa)).toEqual([8]);
    expect(data.solicitacoes).toEqual([
      expect.objectContaining({ tipo: 'Não consigo pagar', motivo: 'Desemprego', contraproposta: null }),
      expect.objectContaining({ telefone: '31933334444', contraproposta: null }),
      expect.objectContaining({
        entradaCentavos: 10_000,
        contraproposta: { entradaCentavos: 20_000, parcelas: 6, valorParcelaCentavos: 9_000 },
      }),
    ]);
    expect(data.mensagensDeContato.map((m) => m.texto)).toEqual(['Olá demo']);
    expect(data.propostasPeloFormulario).toEqual([
      expect.objectContaining({ loja: 'Loja da proposta', valorCentavos: 50_000, formaPagamento: 'boleto' }),
    ]);
    expect(res.body).not.toContain('Loja de outro parceiro');
    expect(data.sessoes.length).toBeGreaterThanOrEqual(2);
    // The session of this export listed the debts: the portal recorded when (the dashboard's 'Viu as dívidas').
    expect(data.sessoes.at(-1)!.dividasListadasEm).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(JSON.stringify(data.sessoes)).not.toMatch(/token|hash/i);
    expect(res.body).not.toContain('Maria');
    expect(res.body).not.toContain(MARIA_DOC);
    expect(res.body).not.toContain('Outro parceiro');
  });

  it('lists the steps its person posted logged in, not those anyone posted with their CPF/CNPJ (decision 069)', async () => {
    const demo = await partnerId('demo');
    const beatrizDoc = '11144477735';
    const maria = await login(t, MARIA);
    const step = (code: number, cookie: string) =>
      call(
        t,
        'portal/salvarEtapa',
        { cpfCnpj: beatrizDoc, esn_fk_ets_codigo: code },
        { host: hostOf('demo'), ip: '10.8.9.1', cookie },
      );
    // Maria, logged in, posts a step that carries another CPF; an anonymous visitor posts one with Maria's.
    expect((await step(15, maria)).json().retorno).toBe(true);
    expect(
      (
        await call(
          t,
          'portal/salvarEtapa',
          { cpfCnpj: MARIA_DOC, esn_fk_ets_codigo: 18 },
          { host: hostOf('demo'), ip: '10.8.9.2' },
        )
      ).json().retorno,
    ).toBe(true);
    const [posted] = await db
      .select()
      .from(stepLogs)
      .where(and(eq(stepLogs.partnerId, demo), eq(stepLogs.stepCode, 15)));
    expect(posted).toMatchObject({ personId: await personId(MARIA_DOC), cpfCnpj: beatrizDoc });
    const data = (await get('/api/meus-dados.json', maria)).json() as PersonDataExport;
    const codes = data.registrosDeNavegacao.map((s) => s.etapa);
    expect(codes).toContain(15);
    expect(codes).not.toContain(18);
  });

  it('lists the answers queued before the outbox named people (migration 0047 backfills them)', async () => {
    const demo = await partnerId('demo');
    const joaoId = await personId(JOAO_DOC);
    // As the outbox stored an answer before migration 0040: naming nobody.
    const [answer, stranger] = await db
      .insert(outboundMessages)
      .values(
        ['resposta-antiga', 'mensagem-de-outra-pessoa'].map((template) => ({
          partnerId: demo,
          channel: 'email' as const,
          template,
          recipient: 'joao.lima@example.com',
          bodyText: 'Resposta',
        })),
      )
      .returning();
    await db.insert(debtorRequests).values({
      partnerId: demo,
      personId: joaoId,
      storeId: await storeOf(joaoId),
      kind: 'proposal',
      status: 'answered',
      answerText: 'Resposta',
      answerMessageId: answer!.id,
    });
    const migration = readFileSync(
      new URL('../src/db/migrations/0047_step_log_person.sql', import.meta.url),
      'utf8',
    );
    // The backfill's statements, as the migrator runs them (the column is already there).
    await db.transaction(async (tx) => {
      for (const statement of migration.split('--> statement-breakpoint'))
        if (statement.includes('UPDATE "outbound_messages"')) await tx.execute(sql.raw(statement));
    });
    const data = (await get('/api/meus-dados.json', await login(t, JOAO))).json() as PersonDataExport;
    const templates = data.mensagens.map((m) => m.modelo);
    expect(templates).toContain('resposta-antiga');
    expect(templates).not.toContain(stranger!.template);
  });

  it("lists only the stores of the session's partner for a person several partners serve", async () => {
    const storesOf = async (identifier: string) => {
      const served = db
        .select({ id: partnerStores.storeId })
        .from(partnerStores)
        .where(eq(partnerStores.partnerId, await partnerId(identifier)));
      const rows = await db
        .select({ name: stores.tradeName })
        .from(contracts)
        .innerJoin(stores, eq(stores.id, contracts.storeId))
        .where(and(eq(contracts.personId, await personId(MARIA_DOC)), inArray(contracts.storeId, served)));
      return rows.map((r) => r.name).sort();
    };
    const demo = (await get('/api/meus-dados.json', await login(t, MARIA))).json() as PersonDataExport;
    const acme = (
      await get('/api/meus-dados.json', await login(t, MARIA, 'acme'), 'acme')
    ).json() as PersonDataExport;
    expect(demo.contratos.map((c) => c.loja).sort()).toEqual(await storesOf('demo'));
    expect(acme.contratos.map((c) => c.loja).sort()).toEqual(await storesOf('acme'));
    expect(acme.contratos.map((c) => c.loja)).not.toEqual(demo.contratos.map((c) => c.loja));
    expect(demo.titular.nome).toBe('Maria da Silva Santos');
    expect(acme.registrosDeNavegacao).toEqual([]);
  });

  it("holds the partner's written answers to the person's requests, contact messages and privacy requests", async () => {
    const demo = await partnerId('demo');
    const maria = await personId(MARIA_DOC);
    const answeredAt = new Date('2026-11-20T13:00:00Z');
    const answered = { status: 'answered' as const, answeredAt };
    await db.insert(debtorRequests).values({
      partnerId: demo,
      personId: maria,
      storeId: await storeOf(maria),
      kind: 'cannot_pay',
      reason: 'Doença',
      answerText: 'Podemos esperar até janeiro.',
      ...answered,
    });
    await db.insert(contactMessages).values({
      partnerId: demo,
      name: 'Maria',
      email: 'demo@example.com',
      cpfCnpj: MARIA_DOC,
      personId: maria,
      text: 'Quero falar com alguém',
      answerText: 'Ligaremos amanhã.',
      ...answered,
    });
    await db.insert(privacyRequests).values({
      partnerId: demo,
      protocol: 'LGPD-20261119-ABCDEF',
      name: 'Maria da Silva Santos',
      phone: '',
      email: 'demo@example.com',
      requestType: 'Correção de dados',
      message: 'Meu endereço mudou',
      personId: maria,
      dueOn: '2026-12-04',
      answerText: 'Endereço corrigido.',
      ...answered,
    });

    const data = (await get('/api/meus-dados.json', await login(t, MARIA))).json() as PersonDataExport;
    expect(data.solicitacoes).toContainEqual(
      expect.objectContaining({
        motivo: 'Doença',
        resposta: 'Podemos esperar até janeiro.',
        respondidaEm: answeredAt.toISOString(),
      }),
    );
    expect(data.mensagensDeContato).toContainEqual(
      expect.objectContaining({
        texto: 'Quero falar com alguém',
        resposta: 'Ligaremos amanhã.',
        respondidaEm: answeredAt.toISOString(),
      }),
    );
    expect(data.solicitacoesDePrivacidade).toContainEqual(
      expect.objectContaining({ protocolo: 'LGPD-20261119-ABCDEF', resposta: 'Endereço corrigido.' }),
    );
  });

  it('lists the messages sent to the person without their content', async () => {
    const demo = await partnerId('demo');
    await db.insert(outboundMessages).values({
      partnerId: demo,
      personId: await personId(JOAO_DOC),
      channel: 'sms',
      template: 'login-token',
      recipient: '21998765432',
      bodyText: 'Seu código é 123456',
    });
    const res = await get('/api/meus-dados.json', await login(t, JOAO));
    const data = res.json() as PersonDataExport;
    expect(data.mensagens).toContainEqual(
      expect.objectContaining({
        canal: 'SMS',
        modelo: 'login-token',
        destinatario: '21998765432',
        situacao: 'pendente',
      }),
    );
    expect(res.body).not.toContain('123456');
  });
});

describe('the PDF export', () => {
  it('is a real PDF, an attachment, with the same data in Portuguese', async () => {
    const res = await get('/api/meus-dados.pdf', await login(t, JOAO));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="meus-dados-demo-.*\.pdf"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
    if (!existsSync('/usr/bin/pdftotext')) return;
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], {
      input: res.rawPayload,
    }).toString();
    for (const expected of [
      'Meus dados',
      '1. Identificação',
      'João Pereira Lima',
      '390.533.447-05',
      '01/02/1985',
      '2. Contratos e parcelas',
      '5. Pedidos sobre dívidas',
      'Não consigo pagar',
      'Desemprego',
      '7. Mensagens enviadas a você',
      '10. Propostas pelo formulário de proposta',
      'Loja da proposta',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Maria');
  });
});

describe('the erasure', () => {
  it('erases what the decision record lists on this partner, keeps the rest, ends the sessions, confirms by e-mail', async () => {
    const joaoId = await personId(JOAO_DOC);
    const demo = await partnerId('demo');
    const store = await storeOf(joaoId);
    await db.insert(debtorRequests).values([
      { partnerId: demo, personId: joaoId, storeId: store, kind: 'dispute' },
      { partnerId: demo, personId: joaoId, storeId: store, kind: 'call', phone: '31933334444' },
    ]);
    // The dialog and the e-mail say so: the call request with its phone is among what goes.
    expect(ERASURE_REMOVES.join(' ')).toContain('os pedidos de ligação e de contato por WhatsApp');
    await db.insert(agreements).values({
      partnerId: demo,
      personId: joaoId,
      storeId: store,
      paymentMethod: 'boleto',
      instalmentCount: 1,
      entryCents: 10_000,
      instalmentCents: 0,
      totalCents: 10_000,
      firstDueDate: '2026-12-01',
      // The contact he confirmed with the agreement, other than the one on file: boletos were sent there.
      phone: '11912345678',
      email: 'Joao.Acordo@example.com',
    });
    const acme = await partnerId('acme');
    const toAgreementContact = {
      personId: joaoId,
      channel: 'sms' as const,
      template: 'agreement-boleto',
      bodyText: 'Linha 0019...',
    };
    await db.insert(outboundMessages).values([
      { ...toAgreementContact, partnerId: demo, recipient: '11912345678' },
      { ...toAgreementContact, partnerId: demo, channel: 'email', recipient: 'joao.acordo@example.com' },
      // His message on another partner is not this erasure's.
      { ...toAgreementContact, partnerId: acme, recipient: '11912345678' },
    ]);
    // João's store is also served by 'negocie': his session there is not this erasure's.
    const onNegocie = await login(t, JOAO, 'negocie');
    const other = await login(t, JOAO);
    const joao = await login(t, JOAO);

    const res = await erase(joao);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.retorno).toBe(true);
    expect(body.dados.protocolo).toMatch(PRIVACY_PROTOCOL_PATTERN);
    expect(body.dados).toMatchObject({ cadastroEliminado: false, emailEnviado: true });
    expect(body.mensagem).toBe(`Seus dados foram eliminados. Protocolo ${body.dados.protocolo}.`);
    expect(String(res.headers['set-cookie'])).toMatch(/portal_sessao=;/);

    // Every session of João on this partner is over; the other partner's is not.
    expect((await get('/api/meus-dados.json', joao)).statusCode).toBe(401);
    expect((await get('/api/meus-dados.json', other)).statusCode).toBe(401);
    expect(
      await db
        .select()
        .from(debtorSessions)
        .where(and(eq(debtorSessions.personId, joaoId), eq(debtorSessions.partnerId, demo))),
    ).toEqual([]);
    expect((await get('/api/meus-dados.json', onNegocie, 'negocie')).statusCode).toBe(200);

    // The shared registration stays for the other partners that serve him.
    const [person] = await db.select().from(persons).where(eq(persons.id, joaoId));
    expect(person).toMatchObject({
      birthDate: '1985-02-01',
      phone: '21998765432',
      email: 'joao.lima@example.com',
    });
    const requests = await db.select().from(debtorRequests).where(eq(debtorRequests.personId, joaoId));
    // The dispute stays; on demo the cannot-pay and the call request went; the other partner's request is not this
    // erasure's.
    expect(requests.map((r) => `${r.partnerId === demo ? 'demo' : 'acme'}:${r.kind}`).sort()).toEqual([
      'acme:proposal',
      'demo:dispute',
    ]);
    // The seeded agreement (Meus Acordos demo) and this test's: money records stay.
    expect((await db.select().from(agreements).where(eq(agreements.personId, joaoId))).length).toBe(2);
    expect((await db.select().from(contracts).where(eq(contracts.personId, joaoId))).length).toBe(2);
    const contacts = await db.select().from(contactMessages).where(eq(contactMessages.cpfCnpj, JOAO_DOC));
    expect(contacts.map((c) => c.text)).toEqual(['Olá acme']);
    const proposals = await db.select().from(leads).where(eq(leads.cpfCnpj, JOAO_DOC));
    expect(proposals.map((l) => l.store)).toEqual(['Loja de outro parceiro']);
    const [notice] = await db.select().from(outboundMessages).where(eq(outboundMessages.template, 'lead'));
    // The partner's copy keeps its address and loses what the person wrote.
    expect(notice).toMatchObject({
      recipient: 'contato@demo.example',
      replyTo: null,
      subject: null,
      bodyText: 'Conteúdo eliminado a pedido do titular (LGPD).',
    });
    const steps = await db.select().from(stepLogs).where(eq(stepLogs.cpfCnpj, JOAO_DOC));
    expect(steps.map((s) => s.stepCode)).toEqual([9]);
    // His own steps on demo no longer name him either (decision 069); acme's still do.
    const hisSteps = await db
      .select()
      .from(stepLogs)
      .where(eq(stepLogs.personId, await personId(JOAO_DOC)));
    expect(hisSteps.map((s) => s.partnerId)).toEqual([await partnerId('acme')]);
    const boletoMessages = await db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.template, 'agreement-boleto'))
      .orderBy(outboundMessages.id);
    expect(
      boletoMessages.map((m) => [m.partnerId === demo ? 'demo' : 'acme', m.recipient, m.bodyText]),
    ).toEqual([
      ['demo', 'eliminado', 'Conteúdo eliminado a pedido do titular (LGPD).'],
      ['demo', 'eliminado', 'Conteúdo eliminado a pedido do titular (LGPD).'],
      ['acme', '11912345678', 'Linha 0019...'],
    ]);
    const sms = await db.select().from(outboundMessages).where(eq(outboundMessages.template, 'login-token'));
    expect(sms).toEqual([
      expect.objectContaining({
        recipient: 'eliminado',
        bodyText: 'Conteúdo eliminado a pedido do titular (LGPD).',
        status: 'failed',
      }),
    ]);

    const [request] = await db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.protocol, body.dados.protocolo));
    expect(request).toMatchObject({
      partnerId: demo,
      personId: joaoId,
      requestType: 'Eliminação',
      status: 'answered',
      name: 'João Pereira Lima',
      email: 'joao.lima@example.com',
    });
    expect(request!.answeredAt).not.toBeNull();
    const [mail] = await db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.id, request!.personMessageId!));
    expect(mail).toMatchObject({ recipient: 'joao.lima@example.com', template: 'privacy-erasure-person' });
    expect(mail!.subject).toContain(body.dados.protocolo);
    expect(mail!.bodyText).toContain('O que a lei nos obriga a guardar:');
    expect(mail!.bodyText).toContain('contratos, parcelas, acordos e segundas vias de boleto');

    // He can still log in on demo (his debts there are kept) and sees the answered request.
    const again = (await get('/api/meus-dados.json', await login(t, JOAO))).json() as PersonDataExport;
    expect(again.solicitacoesDePrivacidade).toEqual([
      expect.objectContaining({
        protocolo: body.dados.protocolo,
        tipo: 'Eliminação',
        situacao: 'respondida',
      }),
    ]);
    expect(again.solicitacoes.map((r) => r.tipo)).toEqual(['Não reconheço a dívida']);
    expect(again.mensagensDeContato).toEqual([]);
  });

  it('clears the registration of a person only this partner knows', async () => {
    const res = await call(
      t,
      'portal/atualizarCadastro',
      { ...NEW_PERSON, captcha: await solveRobotCheck(t) },
      { host: hostOf('demo'), ip: '10.9.0.6' },
    );
    expect(res.json().retorno).toBe(true);
    const credentials = {
      pesCpfCnpj: NEW_PERSON.cpfCnpj,
      dataNascimento: '10/10/1980',
      telefone: NEW_PERSON.telefone,
    };
    const erased = await erase(await login(t, credentials), '10.9.0.7');
    expect(erased.json().dados).toMatchObject({ cadastroEliminado: true, emailEnviado: true });
    const [person] = await db.select().from(persons).where(eq(persons.cpfCnpj, '11144477735'));
    expect(person).toMatchObject({
      name: 'Beatriz Nova',
      birthDate: null,
      phone: null,
      email: null,
      gender: null,
    });
    expect(
      await db.select().from(personRegistrations).where(eq(personRegistrations.personId, person!.id)),
    ).toEqual([]);
    const [mail] = await db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.template, 'privacy-erasure-person'))
      .orderBy(desc(outboundMessages.id))
      .limit(1);
    expect(mail).toMatchObject({ recipient: 'novo@example.com' });
    expect(mail!.bodyText).toContain('data de nascimento, telefone, e-mail, sexo e endereço do seu cadastro');
    // Nothing identifies her by her birth date any more.
    const relogin = await call(
      t,
      'negociacao_robo/passo_1',
      { ...credentials, aceite: true, captcha: await solveRobotCheck(t) },
      { host: hostOf('demo'), ip: '10.9.0.8' },
    );
    expect(relogin.json().retorno).toBe(false);
  });

  it("erases the phone of a call or WhatsApp request from the partner's e-mail about it", async () => {
    const maria = await login(t, MARIA);
    const asked = [];
    for (const [action, phone] of [
      ['portal/solicitarLigacao', '(31) 99999-1111'],
      ['portal/contatoWhatsapp', '(31) 98888-2222'],
    ] as const)
      asked.push(
        (
          await call(t, action, { loj_codigo: 1, telefone: phone }, { host: hostOf('demo'), cookie: maria })
        ).json().retorno,
      );
    expect(asked).toEqual([true, true]);
    const notices = () =>
      db
        .select()
        .from(outboundMessages)
        .where(eq(outboundMessages.template, 'call-request'))
        .orderBy(outboundMessages.id);
    expect((await notices()).map((m) => m.bodyText).join('\n')).toContain('(31) 99999-1111');

    expect((await erase(maria, '10.9.0.11')).json().retorno).toBe(true);
    // The requests went, and with them what the partner's copies said: name, CPF/CNPJ and the phone to call.
    for (const notice of await notices())
      expect(notice).toMatchObject({
        recipient: 'contato@demo.example.com',
        replyTo: null,
        subject: null,
        bodyText: 'Conteúdo eliminado a pedido do titular (LGPD).',
        bodyHtml: null,
      });
  });

  it('records the erasure without an e-mail when there is none on file', async () => {
    await db.update(persons).set({ email: null }).where(eq(persons.cpfCnpj, '12ABC34501DE35'));
    const company = await login(t, { pesCpfCnpj: '12.ABC.345/01DE-35', telefone: '(11) 3333-4444' });
    const res = await erase(company, '10.9.0.10');
    expect(res.json().dados).toMatchObject({ emailEnviado: false });
    const [request] = await db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.protocol, res.json().dados.protocolo));
    expect(request).toMatchObject({ name: 'Comércio Exemplo Ltda.', email: '', personMessageId: null });
  });

  it('is rate-limited per client, and so are the downloads', async () => {
    const downloads = [];
    for (let i = 0; i < 11; i++)
      downloads.push((await get('/api/meus-dados.pdf', undefined, 'demo', '10.9.0.9')).statusCode);
    expect(downloads).toEqual([...Array(10).fill(401), 429]);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await erase(undefined, '10.9.0.5')).statusCode);
    expect(answers).toEqual([401, 401, 401, 429]);
  });

  it('counts the addresses of one IPv6 /64 as one client (decision 096)', async () => {
    const downloads = [];
    for (let i = 1; i <= 11; i++)
      downloads.push((await get('/api/meus-dados.json', undefined, 'demo', `2001:db8:9:9::${i}`)).statusCode);
    expect(downloads).toEqual([...Array(10).fill(401), 429]);
  });
});

describe("another person's address", () => {
  it('neither exports nor erases the messages sent to someone whose e-mail or phone the person gave', async () => {
    const joaoId = await personId(JOAO_DOC);
    const mariaId = await personId(MARIA_DOC);
    const demo = await partnerId('demo');
    // João confirmed an agreement with Maria's phone and e-mail as his contact (passo_4_novo takes any valid one).
    await db.insert(agreements).values({
      partnerId: demo,
      personId: joaoId,
      storeId: await storeOf(joaoId),
      paymentMethod: 'boleto',
      instalmentCount: 1,
      entryCents: 10_000,
      instalmentCents: 0,
      totalCents: 10_000,
      firstDueDate: '2026-12-01',
      phone: '11987654321',
      email: 'demo@example.com',
    });
    // What the portal sent Maria, still waiting for the worker.
    const toMaria = await db
      .insert(outboundMessages)
      .values([
        {
          partnerId: demo,
          personId: mariaId,
          channel: 'sms',
          template: 'second-copy',
          recipient: '11987654321',
          bodyText: 'Linha digitavel da Maria',
        },
        {
          partnerId: demo,
          personId: mariaId,
          channel: 'email',
          template: 'agreement-boletos',
          recipient: 'demo@example.com',
          bodyText: 'Boletos da Maria',
        },
      ])
      .returning();

    const joao = await login(t, JOAO);
    const data = (await get('/api/meus-dados.json', joao)).json() as PersonDataExport;
    expect(data.mensagens.map((m) => m.destinatario)).not.toContain('11987654321');
    expect(data.mensagens.map((m) => m.destinatario)).not.toContain('demo@example.com');

    expect((await erase(joao, '10.9.0.12')).json().retorno).toBe(true);
    const after = await db
      .select()
      .from(outboundMessages)
      .where(
        inArray(
          outboundMessages.id,
          toMaria.map((m) => m.id),
        ),
      )
      .orderBy(outboundMessages.id);
    expect(after.map(({ recipient, bodyText, status }) => ({ recipient, bodyText, status }))).toEqual([
      { recipient: '11987654321', bodyText: 'Linha digitavel da Maria', status: 'pending' },
      { recipient: 'demo@example.com', bodyText: 'Boletos da Maria', status: 'pending' },
    ]);
    // What the portal queued for him names him: his export lists the erasure's confirmation.
    const again = (await get('/api/meus-dados.json', await login(t, JOAO))).json() as PersonDataExport;
    expect(again.mensagens.at(-1)).toMatchObject({
      modelo: 'privacy-erasure-person',
      destinatario: 'joao.lima@example.com',
    });
  });
});

describe("a contact message or proposal typed with the person's CPF/CNPJ", () => {
  it('is theirs only when they sent it logged in: what another sender typed with it is neither exported nor erased', async () => {
    const demo = { host: hostOf('demo') };
    // Someone else, not logged in, types Maria's CPF/CNPJ in the contact form and the proposal form.
    const stranger = validContact({ name: 'Ana Souza', text: 'Mensagem da Ana com o CPF da Maria.' });
    expect(
      (await call(t, 'portal/enviarContato', stranger, { ...demo, ip: '10.9.1.1' })).json().retorno,
    ).toBe(true);
    const strangerLead = validLead({ loja: 'Loja da Ana' });
    expect(
      (await call(t, 'portal/cadastrarLead', strangerLead, { ...demo, ip: '10.9.1.2' })).json().retorno,
    ).toBe(true);
    // João, logged in, types it too: what he sent is his.
    const joao = await login(t, JOAO);
    const fromJoao = validContact({ name: 'João Lima', text: 'Mensagem do João com o CPF da Maria.' });
    expect(
      (await call(t, 'portal/enviarContato', fromJoao, { ...demo, cookie: joao, ip: '10.9.1.3' })).statusCode,
    ).toBe(200);
    // Maria, logged in, writes her own.
    const maria = await login(t, MARIA);
    const own = validContact({ name: 'Maria Santos', text: 'Mensagem da própria Maria.' });
    expect(
      (await call(t, 'portal/enviarContato', own, { ...demo, cookie: maria, ip: '10.9.1.4' })).statusCode,
    ).toBe(200);
    const ownLead = validLead({ nome: 'Maria da Silva Santos', loja: 'Loja da Maria' });
    expect(
      (await call(t, 'portal/cadastrarLead', ownLead, { ...demo, cookie: maria, ip: '10.9.1.5' })).statusCode,
    ).toBe(200);

    const res = await get('/api/meus-dados.json', maria);
    const data = res.json() as PersonDataExport;
    expect(data.mensagensDeContato.map((m) => m.texto)).toContain('Mensagem da própria Maria.');
    expect(data.propostasPeloFormulario.map((l) => l.loja)).toEqual(['Loja da Maria']);
    expect(res.body).not.toContain('Mensagem da Ana');
    expect(res.body).not.toContain('Mensagem do João');
    expect(res.body).not.toContain('Loja da Ana');
    const joaoData = (await get('/api/meus-dados.json', joao)).json() as PersonDataExport;
    expect(joaoData.mensagensDeContato.map((m) => m.texto)).toContain('Mensagem do João com o CPF da Maria.');

    expect((await erase(maria, '10.9.1.6')).json().retorno).toBe(true);
    const contacts = await db.select().from(contactMessages).where(eq(contactMessages.cpfCnpj, MARIA_DOC));
    const texts = contacts.map((c) => c.text);
    expect(texts).toContain('Mensagem da Ana com o CPF da Maria.');
    expect(texts).toContain('Mensagem do João com o CPF da Maria.');
    expect(texts).not.toContain('Mensagem da própria Maria.');
    const proposals = await db.select().from(leads).where(eq(leads.cpfCnpj, MARIA_DOC));
    expect(proposals.map((l) => l.store)).toEqual(['Loja da Ana']);
  });
});

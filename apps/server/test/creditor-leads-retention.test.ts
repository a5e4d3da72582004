import {
  CREDITOR_LEAD_NOT_FOUND,
  CREDITOR_LEAD_SIGNED_UP,
  firstKeptInstant,
  RETENTION_PERIODS,
  todayInBrasilia,
} from '@portal/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, creditorCompanies, creditorLeads, outboundMessages } from '../src/db/schema';
import { SCHEDULED_JOBS } from '../src/scheduler/jobs';
import { runDueJobs } from '../src/scheduler/run-due-jobs';
import { eraseExpired } from '../src/services/retention/erase-expired';
import { KEPT_RECORD_RETENTIONS } from '../src/services/retention/kept-record-retentions';
import { storedLeads } from './creditor-lead-helpers';
import { api, hostOf } from './identification-helpers';
import { pinClock } from './pinned-clock';
import { createTestApp, NO_CVS, type TestApp } from './test-app';

// Retention of the simple creditor registration (decision 084): five years after the send a lead never signed up is
// erased with its e-mails and its link answers as unknown; a signed-up one keeps only the CNPJ and code its company
// needs, and the company is untouched.

const CLIENT = '10.57.0.1';
const DAY_MS = 86_400_000;
const JOBS = ['expire-creditor-leads', 'expire-signed-up-creditor-leads'];
const ERASED = 'Conteúdo eliminado ao fim do prazo de guarda (LGPD).';
const CNPJ_REFUSED =
  'Esta empresa já concluiu o cadastro. Entre na área do credor com o usuário e a senha criados.';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestApp;

const post = (action: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: api(`portal/${action}`),
    payload,
    headers: { host: hostOf('acme') },
    remoteAddress: CLIENT,
  });

/** A registration by `contact` (its e-mail made from the name), sent now: its lead's row. */
async function register(contact: string, cnpj = '12.ABC.345/01DE-35') {
  const email = `${contact.toLowerCase().replace(' ', '.')}@alfa.com.br`;
  const res = await post('cadastrarEmpresaCredora', {
    razao_social: `${contact} Cobranças Ltda`,
    cnpj,
    nome_contato: contact,
    telefone_cel: '(41) 98765-4321',
    telefone_fixo: '(41) 3333-4444',
    email,
    website: 'www.alfa.com.br',
  });
  expect(res.json().retorno, res.body).toBe(true);
  return (await storedLeads(t)).find((lead) => lead.email === email)!;
}

/** The wizard finished through the lead's link. */
async function signUp(lead: { code: string }, login: string) {
  const res = await post('cadastrarCliente', {
    codigo: lead.code,
    emp_nome_banco: `${login}ltda`,
    emp_nome: `${login} Ltda`,
    usu_nome: 'Ana Souza',
    usu_email: `${login}@alfa.com.br`,
    emp_usuario_banco: login,
    emp_senha_banco: 'Segura123',
    usu_login: login,
    usu_senha: 'Segura123',
    emp_numero_usuarios: 1,
    emp_cobranca_prospeccao: 'cobranca',
    emp_usa_site: 'S',
    pla_codigo: 2,
  });
  expect(res.json().retorno, res.body).toBe(true);
}

const sentAt = (id: number, createdAt: Date) =>
  t.database.db.update(creditorLeads).set({ createdAt }).where(eq(creditorLeads.id, id));
const leadRows = (ids: number[]) =>
  t.database.db.select().from(creditorLeads).where(inArray(creditorLeads.id, ids)).orderBy(creditorLeads.id);
const prefill = async (code: string) => (await post('getEmpresasCredoras', { codigo: code })).json();

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_ALLOWLIST: CLIENT, PUBLIC_URL_TEMPLATE: 'https://{partner}.portal.example.com' },
  });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the daily retention of creditor leads (decision 084)', () => {
  it('erases a lead never signed up five years after its send, minimises a signed-up one and leaves its company alone', async () => {
    pinClock();
    const { db } = t.database;
    const now = new Date();
    const today = todayInBrasilia();
    const fiveYearsAgo = new Date(now);
    fiveYearsAgo.setFullYear(now.getFullYear() - 5);
    const firstKept = firstKeptInstant(today, RETENTION_PERIODS.creditor_lead);

    const older = await register('Otto Antigo');
    const lastDay = await register('Lara Ultima');
    const firstDay = await register('Fabio Primeiro');
    const younger = await register('Yara Recente');
    const signedOld = await register('Sara Assinou', '11.222.333/0001-81');
    const signedYoung = await register('Sofia Assinou', '11.444.777/0001-61');
    await signUp(signedOld, 'saraantiga');
    await signUp(signedYoung, 'sofiarecente');
    // Five years and a day, the last instant of the date erased today, the first one kept; five years less a day.
    await sentAt(older.id, new Date(fiveYearsAgo.getTime() - DAY_MS));
    await sentAt(lastDay.id, new Date(firstKept.getTime() - 1));
    await sentAt(firstDay.id, firstKept);
    await sentAt(younger.id, new Date(fiveYearsAgo.getTime() + DAY_MS));
    await sentAt(signedOld.id, new Date(fiveYearsAgo.getTime() - DAY_MS));
    await sentAt(signedYoung.id, new Date(fiveYearsAgo.getTime() + DAY_MS));

    const erased = [older, lastDay];
    const kept = [firstDay, younger, signedYoung];
    const keptBefore = await leadRows(kept.map((lead) => lead.id));
    const [signedBefore] = await leadRows([signedOld.id]);
    const companiesBefore = await db.select().from(creditorCompanies).orderBy(creditorCompanies.id);
    expect(companiesBefore.filter((company) => company.creditorLeadId !== null)).toEqual([
      expect.objectContaining({ creditorLeadId: signedOld.id }),
      expect.objectContaining({ creditorLeadId: signedYoung.id }),
    ]);
    for (const lead of [...erased, ...kept, signedOld]) expect(lead.partnerMessageId).not.toBeNull();

    // Its retention over, the link answers as unknown even before the job runs; a younger one still prefills.
    const notFound = { retorno: false, dados: null, mensagem: CREDITOR_LEAD_NOT_FOUND };
    expect(await prefill(lastDay.code)).toEqual(notFound);
    expect((await prefill(firstDay.code)).dados.credores).toEqual([
      { razaoSocial: 'Fabio Primeiro Cobranças Ltda', nomeContato: 'Fabio Primeiro', email: firstDay.email },
    ]);

    const reports = await runDueJobs(
      {
        database: t.database,
        providers: new Map(),
        pix: { gatewayFor: () => Promise.reject(new Error('no PIX here')), afterMinutes: 30 },
        log: silent,
        cvDir: NO_CVS,
      },
      SCHEDULED_JOBS.filter((job) => JOBS.includes(job.name)),
      now,
      today,
    );
    expect(reports.map(({ name, dates }) => ({ name, dates }))).toEqual(
      JOBS.map((name) => ({ name, dates: [today] })),
    );

    // Never signed up, past the period: gone, and its link unknown; the others as they were.
    expect(await leadRows(erased.map((lead) => lead.id))).toEqual([]);
    for (const lead of erased) expect(await prefill(lead.code)).toEqual(notFound);
    expect(await leadRows(kept.map((lead) => lead.id))).toEqual(keptBefore);
    expect(await prefill(younger.code)).toMatchObject({ retorno: true });

    // Signed up, past the period: the CNPJ and code its company needs, nothing of its contact; the company untouched.
    const [{ minimisedAt, ...signedAfter }] = (await leadRows([signedOld.id])) as [typeof signedBefore & {}];
    expect(minimisedAt).toEqual(expect.any(Date));
    const { id, codeHash, partnerId, cnpj, outboundMessageId, partnerMessageId, createdAt } = signedBefore!;
    expect(Object.fromEntries(Object.entries(signedAfter).filter(([, value]) => value !== null))).toEqual({
      id,
      codeHash,
      partnerId,
      cnpj,
      outboundMessageId,
      partnerMessageId,
      createdAt,
    });
    expect(await db.select().from(creditorCompanies).orderBy(creditorCompanies.id)).toEqual(companiesBefore);
    expect(await prefill(signedOld.code)).toEqual({
      retorno: false,
      dados: null,
      mensagem: CREDITOR_LEAD_SIGNED_UP,
    });
    // The company's CNPJ still refuses a second registration.
    const again = await post('cadastrarEmpresaCredora', {
      razao_social: 'Sara Cobranças Ltda',
      cnpj: '11.222.333/0001-81',
      nome_contato: 'Sara Outra',
      telefone_cel: '(41) 98765-4321',
      email: 'sara.outra@alfa.com.br',
    });
    expect(again.json().dados).toEqual({ cnpj: CNPJ_REFUSED });

    // The link to the creditor loses its address and content, the partner's notification its content (and the
    // creditor's address it answered to); nothing of the erased contacts is left in the outbox.
    const messageIds = [...erased, signedOld].flatMap((lead) => [
      lead.outboundMessageId!,
      lead.partnerMessageId!,
    ]);
    const messages = await db.select().from(outboundMessages).where(inArray(outboundMessages.id, messageIds));
    expect(messages).toHaveLength(6);
    for (const message of messages) {
      expect(message).toMatchObject({ bodyText: ERASED, bodyHtml: null, subject: null, replyTo: null });
      expect(message.recipient).toBe(
        message.template === 'creditor-lead' ? 'contato@acme.example.com' : 'eliminado',
      );
    }
    const outbox = JSON.stringify(await db.select().from(outboundMessages));
    for (const lead of [...erased, signedOld]) expect(outbox).not.toContain(lead.contactName!);
    for (const lead of kept) expect(outbox).toContain(lead.contactName!);

    // Each audited as the system.
    const audit = await db.select().from(auditLog).where(eq(auditLog.staffUserId, 0));
    expect(
      audit
        .map(({ username, route, action, entity, entityId }) => ({
          username,
          route,
          action,
          entity,
          entityId,
        }))
        .sort((a, b) => Number(a.entityId) - Number(b.entityId)),
    ).toEqual(
      [
        ['job expire-creditor-leads', older.id, 'delete'],
        ['job expire-creditor-leads', lastDay.id, 'delete'],
        ['job expire-signed-up-creditor-leads', signedOld.id, 'anonymise'],
      ].map(([route, id, action]) => ({
        username: 'sistema',
        route,
        action,
        entity: 'creditor_lead',
        entityId: String(id),
      })),
    );

    // A second run of the day finds nothing and changes nothing.
    const tables = async () => ({
      leads: await db.select().from(creditorLeads).orderBy(creditorLeads.id),
      companies: await db.select().from(creditorCompanies).orderBy(creditorCompanies.id),
      outbox: await db.select().from(outboundMessages).orderBy(outboundMessages.id),
      audit: await db.select().from(auditLog).orderBy(auditLog.id),
    });
    const afterFirstRun = await tables();
    for (const kind of ['creditor_lead', 'signed_up_creditor_lead'] as const) {
      const retention = KEPT_RECORD_RETENTIONS.find((kept) => kept.kind === kind)!;
      expect(await eraseExpired({ db, cvDir: NO_CVS }, retention, today)).toEqual({ erased: 0, more: false });
    }
    expect(await tables()).toEqual(afterFirstRun);
  });
});

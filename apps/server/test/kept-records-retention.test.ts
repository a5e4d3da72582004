import {
  type AuditItem,
  addDays,
  brasiliaDayStart,
  type DividasResposta,
  lastDateExpired,
  RETENTION_PERIODS,
  type RetainedKind,
  todayInBrasilia,
} from '@portal/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  auditLog,
  contactMessages,
  debtorRequests,
  debtorSessions,
  leads,
  outboundMessages,
  persons,
  privacyRequests,
  scheduledJobRuns,
  smsTokens,
  stepLogs,
  workItemEvents,
} from '../src/db/schema';
import { SCHEDULED_JOBS } from '../src/scheduler/jobs';
import { runDueJobs } from '../src/scheduler/run-due-jobs';
import { ACCESS_RECORD_RETENTIONS } from '../src/services/retention/access-record-retentions';
import { eraseExpired } from '../src/services/retention/erase-expired';
import { KEPT_RECORD_RETENTIONS } from '../src/services/retention/kept-record-retentions';
import { call, hostOf, JOAO, login } from './identification-helpers';
import { pinClock } from './pinned-clock';
import { staffToken } from './reports-helpers';
import { CONTACT_ACTION, createTestApp, NO_CVS, type TestApp, validContact } from './test-app';
import { validLead, validRightsRequest } from './valid-forms';

// Retention of leads, contact messages, call requests and privacy requests (decision 057): the daily jobs erase each
// record on the Brasília date its period ends (counted from the send for a lead, from the answer for a queue's item),
// with what the partner's and the person's e-mails say; items still waiting for an answer stay however old. A lead is
// deleted; a queue's item, which the dashboard counts, is minimised and no longer shown (decision 081).

const CLIENT = '10.56.0.1';
const HOUR_MS = 3_600_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const JOBS = ['expire-leads', 'expire-contact-messages', 'expire-call-requests', 'expire-privacy-requests'];

let t: TestApp;
let token: string;
let joao: string;
let storeId: number;

const deps = () => ({
  database: t.database,
  providers: new Map(),
  pix: { gatewayFor: () => Promise.reject(new Error('no PIX here')), afterMinutes: 30 },
  log: silent,
  cvDir: NO_CVS,
});
const retentionJobs = (names = JOBS) => SCHEDULED_JOBS.filter((job) => names.includes(job.name));

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { host: hostOf('demo'), ...headers },
    remoteAddress: CLIENT,
  });
const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

/** The last instant of the Brasília date whose records a run on `date` erases, and the first one it keeps. */
function boundary(kind: RetainedKind, date: string) {
  const firstKept = brasiliaDayStart(addDays(lastDateExpired(date, RETENTION_PERIODS[kind]), 1));
  return { lastErased: new Date(firstKept.getTime() - 1), firstKept };
}

/** The queue's item `id`, answered by staff through the API. */
async function answered(queue: string, id: number): Promise<number> {
  const res = await staff('POST', `/api/filas/${queue}/${id}/resposta`, {
    texto: 'Respondido pelo atendimento.',
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const newest = async (table: typeof contactMessages | typeof privacyRequests | typeof debtorRequests) =>
  (await t.database.db.select({ id: table.id }).from(table).orderBy(table.id)).at(-1)!.id;

async function contactMessage(name: string) {
  expect((await post(CONTACT_ACTION, validContact({ name }))).statusCode).toBe(200);
  return newest(contactMessages);
}
async function rightsRequest(name: string) {
  const res = await post(
    '/api.php?a=portal&b=enviarSolicitacaoPrivacidade',
    validRightsRequest({ nome: name }),
  );
  expect(res.json().retorno, res.body).toBe(true);
  return newest(privacyRequests);
}
async function callRequest(action: 'portal/solicitarLigacao' | 'portal/contatoWhatsapp') {
  const res = await call(
    t,
    action,
    { loj_codigo: storeId, telefone: '(21) 99876-5432' },
    { host: hostOf('demo'), cookie: joao, ip: CLIENT },
  );
  expect(res.json().retorno, res.body).toBe(true);
  return newest(debtorRequests);
}
async function lead(name: string) {
  const res = await post('/api.php?a=portal&b=cadastrarLead', validLead({ nome: name }));
  expect(res.json().retorno, res.body).toBe(true);
  return (await t.database.db.select({ id: leads.id }).from(leads).orderBy(leads.id)).at(-1)!.id;
}

/** Dates a row's clock: its send, and its answer when it has one. */
async function dated(
  table: typeof contactMessages | typeof privacyRequests | typeof debtorRequests,
  id: number,
  at: Date,
) {
  const [row] = await t.database.db
    .select({ answeredAt: table.answeredAt })
    .from(table)
    .where(eq(table.id, id));
  await t.database.db
    .update(table)
    .set({
      createdAt: new Date(at.getTime() - 48 * HOUR_MS),
      ...(row!.answeredAt ? { answeredAt: at } : {}),
    })
    .where(eq(table.id, id));
}

/** Which of these items staff can still open in the queue (an erased one answers 404). */
async function listed(queue: string, ids: number[]): Promise<number[]> {
  const found: number[] = [];
  for (const id of ids) {
    const res = await staff('GET', `/api/filas/${queue}/${id}`);
    expect([200, 404]).toContain(res.statusCode);
    if (res.statusCode === 200) found.push(id);
  }
  return found;
}

/** A list's answered items (every page's ids, as its total counts them): a queue's, or the privacy requests' screen. */
async function answeredListed(url: string): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await staff('GET', `${url}?status=answered&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json();
    ids.push(...data.map((item: { id: number }) => item.id));
    if (page >= meta.last_page) {
      expect(ids).toHaveLength(meta.total);
      return { ids, total: meta.total };
    }
  }
}

/** Whether every retention of these kinds finds nothing left: a second run touches nothing. */
async function nothingLeft(kinds: RetainedKind[], today: string) {
  for (const kind of kinds) {
    const retention = KEPT_RECORD_RETENTIONS.find((kept) => kept.kind === kind)!;
    expect(await eraseExpired({ db: t.database.db, cvDir: NO_CVS }, retention, today)).toEqual({
      erased: 0,
      more: false,
    });
  }
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_ALLOWLIST: CLIENT } });
  token = await staffToken(t);
  joao = await login(t, JOAO);
  const debts = await call(
    t,
    'negociacao_robo/passo_2_novo',
    {},
    { host: hostOf('demo'), cookie: joao, ip: CLIENT },
  );
  storeId = (debts.json().dados as DividasResposta).dividas[0]!.loj_codigo;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  pinClock();
  await t.database.db.delete(scheduledJobRuns);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the daily retention of leads, contact messages, call requests and privacy requests', () => {
  it('erases a lead and minimises a queue item on the Brasília date its period ends, the day after the last it is kept', async () => {
    const today = todayInBrasilia();
    const now = new Date();
    const { db } = t.database;
    const leadDates = boundary('lead', today);
    const messageDates = boundary('contact_message', today);
    const requestDates = boundary('privacy_request', today);
    const callDates = boundary('call_request', today);

    // On each side of the date's Brasília midnight: the last instant erased today, the first one kept until tomorrow.
    const oldLead = await lead('Lia Antiga');
    const newLead = await lead('Leo Recente');
    await db.update(leads).set({ createdAt: leadDates.lastErased }).where(eq(leads.id, oldLead));
    await db.update(leads).set({ createdAt: leadDates.firstKept }).where(eq(leads.id, newLead));

    const oldMessage = await answered('contatos', await contactMessage('Cida Antiga'));
    const newMessage = await answered('contatos', await contactMessage('Caio Recente'));
    // Never answered, sent long before the others: still waiting in the queue.
    const waitingMessage = await contactMessage('Cris Esperando');
    await dated(contactMessages, oldMessage, messageDates.lastErased);
    await dated(contactMessages, newMessage, messageDates.firstKept);
    await dated(
      contactMessages,
      waitingMessage,
      new Date(messageDates.lastErased.getTime() - 400 * 24 * HOUR_MS),
    );

    const oldRequest = await answered('lgpd', await rightsRequest('Rita Antiga'));
    const newRequest = await answered('lgpd', await rightsRequest('Rui Recente'));
    // Open past its legal deadline: the portal still owes the answer.
    const openRequest = await rightsRequest('Rosa Aberta');
    await dated(privacyRequests, oldRequest, requestDates.lastErased);
    await dated(privacyRequests, newRequest, requestDates.firstKept);
    await dated(
      privacyRequests,
      openRequest,
      new Date(requestDates.lastErased.getTime() - 400 * 24 * HOUR_MS),
    );

    const oldCall = await answered('ligacoes', await callRequest('portal/solicitarLigacao'));
    const newCall = await answered('ligacoes', await callRequest('portal/contatoWhatsapp'));
    const startedCall = await callRequest('portal/solicitarLigacao');
    expect((await staff('PUT', `/api/filas/ligacoes/${startedCall}/andamento`)).statusCode).toBe(200);
    await dated(debtorRequests, oldCall, callDates.lastErased);
    await dated(debtorRequests, newCall, callDates.firstKept);
    await dated(debtorRequests, startedCall, new Date(callDates.lastErased.getTime() - 400 * 24 * HOUR_MS));
    // A proposal answered as long ago is not a call request: not this job's.
    const proposal = await (async () => {
      const res = await call(
        t,
        'portal/cadastrarProposta',
        { loj_codigo: storeId, entrada: 'R$ 150,00', quantidade_parcelas: '6', valor_parcela: '120,00' },
        { host: hostOf('demo'), cookie: joao, ip: CLIENT },
      );
      expect(res.json().retorno, res.body).toBe(true);
      return answered('propostas', await newest(debtorRequests));
    })();
    await dated(debtorRequests, proposal, callDates.lastErased);

    const [erasedMessage] = await db.select().from(contactMessages).where(eq(contactMessages.id, oldMessage));
    const [erasedRequest] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, oldRequest));
    const [erasedCall] = await db.select().from(debtorRequests).where(eq(debtorRequests.id, oldCall));
    const eventsBefore = await db.select().from(workItemEvents);
    const lists = [
      '/api/filas/contatos',
      '/api/filas/lgpd',
      '/api/filas/ligacoes',
      '/api/solicitacoes-privacidade',
    ];
    const listsBefore = await Promise.all(lists.map(answeredListed));
    expect(listsBefore.map(({ ids }) => ids)).toEqual([
      expect.arrayContaining([oldMessage]),
      expect.arrayContaining([oldRequest]),
      expect.arrayContaining([oldCall]),
      expect.arrayContaining([oldRequest]),
    ]);

    const reports = await runDueJobs(deps(), retentionJobs(), now, today);
    expect(reports.map(({ name, dates }) => ({ name, dates }))).toEqual(
      JOBS.map((name) => ({ name, dates: [today] })),
    );

    // Gone from staff's lists (the leads' spreadsheet is built from the same list); the newer ones and those still
    // waiting stay.
    const leadsDays = `data_inicial=${lastDateExpired(today, RETENTION_PERIODS.lead)}&data_final=${addDays(lastDateExpired(today, RETENTION_PERIODS.lead), 1)}`;
    const leadsListed = await staff('GET', `/api/leads?${leadsDays}`);
    expect(leadsListed.statusCode, leadsListed.body).toBe(200);
    expect(leadsListed.json().data.leads.map((row: { led_codigo: number }) => row.led_codigo)).toEqual([
      newLead,
    ]);
    expect(await listed('contatos', [oldMessage, newMessage, waitingMessage])).toEqual([
      newMessage,
      waitingMessage,
    ]);
    expect(await listed('lgpd', [oldRequest, newRequest, openRequest])).toEqual([newRequest, openRequest]);
    expect(await listed('ligacoes', [oldCall, newCall, startedCall])).toEqual([newCall, startedCall]);
    expect(await listed('propostas', [proposal])).toEqual([proposal]);
    // Nor in the lists of answered items, nor in their totals.
    const listsAfter = await Promise.all(lists.map(answeredListed));
    for (const [index, erased] of [oldMessage, oldRequest, oldCall, oldRequest].entries()) {
      expect(listsAfter[index]!.ids).toEqual(listsBefore[index]!.ids.filter((id) => id !== erased));
      expect(listsAfter[index]!.total).toBe(listsBefore[index]!.total - 1);
    }

    // The rows the dashboard counts stay, minimised: their kind, status, partner, store and dates, the outbox
    // messages' ids; nothing of who sent them, what they said, who answered and what.
    const minimised = {
      minimisedAt: expect.any(Date),
      personId: null,
      assignedTo: null,
      answeredBy: null,
      answerText: null,
    };
    const [keptMessage] = await db.select().from(contactMessages).where(eq(contactMessages.id, oldMessage));
    expect(keptMessage).toEqual({
      ...erasedMessage,
      ...minimised,
      name: null,
      email: null,
      cpfCnpj: null,
      text: null,
    });
    const [keptRequest] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, oldRequest));
    expect(keptRequest).toEqual({
      ...erasedRequest,
      ...minimised,
      protocol: null,
      name: null,
      phone: null,
      email: null,
      requestType: null,
      message: null,
    });
    const [keptCall] = await db.select().from(debtorRequests).where(eq(debtorRequests.id, oldCall));
    expect(erasedCall).toMatchObject({ phone: '21998765432', answerText: 'Respondido pelo atendimento.' });
    expect(keptCall).toEqual({ ...erasedCall, ...minimised, phone: null });

    // The partner's copies lose their content and keep their address; the answer to the person loses both.
    const messages = await db
      .select()
      .from(outboundMessages)
      .where(
        inArray(outboundMessages.id, [
          erasedMessage!.outboundMessageId!,
          erasedMessage!.answerMessageId!,
          erasedRequest!.partnerMessageId!,
          erasedRequest!.personMessageId!,
          erasedRequest!.answerMessageId!,
        ]),
      );
    expect(messages).toHaveLength(5);
    // They say the retention erased them, not the person (nobody asked).
    for (const message of messages) {
      expect(message.bodyText).toBe('Conteúdo eliminado ao fim do prazo de guarda (LGPD).');
      if (message.status === 'failed')
        expect(message.lastError).toBe('Cancelada: dados eliminados ao fim do prazo de guarda (LGPD).');
    }
    expect(messages.some((message) => message.status === 'failed')).toBe(true);
    const recipients = Object.fromEntries(messages.map((message) => [message.id, message.recipient]));
    expect(recipients[erasedMessage!.outboundMessageId!]).toBe('contato@demo.example.com');
    expect(recipients[erasedMessage!.answerMessageId!]).toBe('eliminado');
    expect(recipients[erasedRequest!.personMessageId!]).toBe('eliminado');
    expect(recipients[erasedRequest!.answerMessageId!]).toBe('eliminado');
    const everything = JSON.stringify(await db.select().from(outboundMessages));
    for (const name of ['Lia Antiga', 'Cida Antiga', 'Rita Antiga']) expect(everything).not.toContain(name);
    for (const name of ['Leo Recente', 'Caio Recente', 'Rui Recente']) expect(everything).toContain(name);
    // Nor does the audit trail keep what staff answered (decision 062).
    expect(JSON.stringify(await db.select().from(auditLog))).not.toContain('Respondido pelo atendimento');

    // Each erasure audited as the system; the queues' history stays.
    const audit = await db.select().from(auditLog).where(eq(auditLog.staffUserId, 0));
    expect(
      audit.map(({ username, ip, route, action, entity, entityId }) => ({
        username,
        ip,
        route,
        action,
        entity,
        entityId,
      })),
    ).toEqual(
      expect.arrayContaining(
        [
          ['job expire-leads', 'lead', oldLead, 'delete'],
          ['job expire-contact-messages', 'contact_message', oldMessage, 'anonymise'],
          ['job expire-call-requests', 'call_request', oldCall, 'anonymise'],
          ['job expire-privacy-requests', 'privacy_request', oldRequest, 'anonymise'],
        ].map(([route, entity, id, action]) => ({
          username: 'sistema',
          ip: null,
          route,
          action,
          entity,
          entityId: String(id),
        })),
      ),
    );
    expect(audit).toHaveLength(4);
    // Auditoria finds a call request's answer and erasure under its own kind, in the words of the screen.
    const calls = await staff('GET', `/api/auditoria?entidade=call_request`);
    expect(calls.statusCode, calls.body).toBe(200);
    expect(
      calls
        .json()
        .data.filter((row: AuditItem) => row.entidade_id === String(oldCall))
        .map((row: AuditItem) => row.acao),
    ).toEqual(['anonymise', 'answer']);
    expect(await db.select().from(workItemEvents)).toEqual(eventsBefore);

    // Once minimised, an item is not reached again: a second run of the day touches nothing and audits nothing.
    await nothingLeft(['contact_message', 'call_request', 'privacy_request'], today);
    expect(await db.select().from(contactMessages).where(eq(contactMessages.id, oldMessage))).toEqual([
      keptMessage,
    ]);
    expect(await db.select().from(auditLog).where(eq(auditLog.staffUserId, 0))).toHaveLength(4);

    // The next date takes those whose period ended on it; those still waiting stay.
    const tomorrow = addDays(today, 1);
    await runDueJobs(deps(), retentionJobs(), new Date(now.getTime() + 24 * HOUR_MS), tomorrow);
    expect(
      await db
        .select({ id: leads.id })
        .from(leads)
        .where(inArray(leads.id, [oldLead, newLead])),
    ).toEqual([]);
    expect(await listed('contatos', [newMessage, waitingMessage])).toEqual([waitingMessage]);
    expect(await listed('lgpd', [newRequest, openRequest])).toEqual([openRequest]);
    expect(await listed('ligacoes', [newCall, startedCall])).toEqual([startedCall]);
  });

  it('erases batch after batch, oldest first, until none is left or the run time is up', async () => {
    const today = todayInBrasilia();
    const { lastErased } = boundary('lead', today);
    await t.database.db.delete(leads);
    const ids = [await lead('Lia Um'), await lead('Lia Dois'), await lead('Lia Tres')];
    // The last one sent the earliest.
    for (const [index, id] of ids.entries())
      await t.database.db
        .update(leads)
        .set({ createdAt: new Date(lastErased.getTime() - index * HOUR_MS) })
        .where(eq(leads.id, id));
    const leadsRetention = KEPT_RECORD_RETENTIONS.find((retention) => retention.kind === 'lead')!;
    const cv = { db: t.database.db, cvDir: NO_CVS };

    // The run's time is up after its first batch of two: the oldest two go, the third waits for the next run.
    const timeUp = { batch: 2, maxRunMs: 0 };
    expect(await eraseExpired(cv, leadsRetention, today, timeUp)).toEqual({ erased: 2, more: true });
    const left = await t.database.db.select({ id: leads.id }).from(leads).where(inArray(leads.id, ids));
    expect(left.map((row) => row.id)).toEqual([ids[0]]);
    expect(await eraseExpired(cv, leadsRetention, today, timeUp)).toEqual({ erased: 1, more: false });
  });
});

describe('the daily retention of the other debtor requests and of the access records (decision 072)', () => {
  const systemRows = (route: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.route, route))
      .then((rows) =>
        rows.map(({ username, action, entity, entityId, after }) => ({
          username,
          action,
          entity,
          entityId,
          after,
        })),
      );

  it('minimises an answered cannot-pay or proposal 90 days after its answer, a dispute five years after; waiting ones stay', async () => {
    const today = todayInBrasilia();
    const { db } = t.database;
    const [joaoRow] = await db.select().from(persons).where(eq(persons.cpfCnpj, '39053344705'));
    const [someRequest] = await db.select().from(debtorRequests).limit(1);
    const request = async (kind: 'cannot_pay' | 'proposal' | 'dispute', answeredAt: Date | null) => {
      const [answer] = await db
        .insert(outboundMessages)
        .values({
          partnerId: someRequest!.partnerId,
          personId: joaoRow!.id,
          channel: 'email',
          template: 'work-answer',
          recipient: 'joao.lima@example.com',
          bodyText: `Resposta a ${kind}`,
        })
        .returning();
      const [row] = await db
        .insert(debtorRequests)
        .values({
          partnerId: someRequest!.partnerId,
          personId: joaoRow!.id,
          storeId,
          kind,
          reason: 'Motivo do João',
          ...(kind === 'proposal'
            ? { entryCents: 15_000, instalmentCount: 6, instalmentCents: 12_000, counterInstalmentCount: 4 }
            : {}),
          createdAt: new Date((answeredAt ?? new Date(0)).getTime() - 48 * HOUR_MS),
          ...(answeredAt
            ? {
                status: 'answered' as const,
                answeredAt,
                answerText: 'Respondido',
                answerMessageId: answer!.id,
              }
            : {}),
        })
        .returning();
      return { id: row!.id, answer: answer!.id };
    };
    const made: Record<string, { old: number; kept: number; waiting: number; answer: number }> = {};
    for (const kind of ['cannot_pay', 'proposal', 'dispute'] as const) {
      const { lastErased, firstKept } = boundary(kind, today);
      const old = await request(kind, lastErased);
      made[kind] = {
        old: old.id,
        answer: old.answer,
        kept: (await request(kind, firstKept)).id,
        waiting: (await request(kind, null)).id,
      };
    }
    const ids = Object.values(made).flatMap(({ old, kept, waiting }) => [old, kept, waiting]);
    const rowsBefore = await db
      .select()
      .from(debtorRequests)
      .where(inArray(debtorRequests.id, ids))
      .orderBy(debtorRequests.id);
    // João's data and the queues show them all until the job runs.
    const joaoRequests = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/meus-dados.json',
        headers: { host: hostOf('demo'), cookie: joao },
        remoteAddress: CLIENT,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().solicitacoes as { motivo: string | null }[]).filter(
        (row) => row.motivo === 'Motivo do João',
      ).length;
    };
    expect(await joaoRequests()).toBe(9);
    const queues = { cannot_pay: 'nao-posso-pagar', proposal: 'propostas', dispute: 'contestacoes' } as const;
    for (const [kind, { old, kept, waiting }] of Object.entries(made))
      expect(await listed(queues[kind as keyof typeof queues], [old, kept, waiting])).toEqual([
        old,
        kept,
        waiting,
      ]);

    const jobs = ['expire-cannot-pay', 'expire-proposals', 'expire-disputes'];
    const reports = await runDueJobs(deps(), retentionJobs(jobs), new Date(), today);
    expect(reports.map(({ name }) => name)).toEqual(jobs);

    // Every row stays; the old ones keep only what the dashboard counts (decision 081).
    const olds = new Set(Object.values(made).map(({ old }) => old));
    const rowsAfter = await db
      .select()
      .from(debtorRequests)
      .where(inArray(debtorRequests.id, ids))
      .orderBy(debtorRequests.id);
    expect(rowsAfter).toEqual(
      rowsBefore.map((row) =>
        olds.has(row.id)
          ? {
              ...row,
              personId: null,
              reason: null,
              entryCents: null,
              instalmentCount: null,
              instalmentCents: null,
              counterInstalmentCount: null,
              answerText: null,
              minimisedAt: expect.any(Date),
            }
          : row,
      ),
    );
    // Neither João's data nor the queues show them any more.
    expect(await joaoRequests()).toBe(6);
    for (const [kind, { old, kept, waiting }] of Object.entries(made))
      expect(await listed(queues[kind as keyof typeof queues], [old, kept, waiting])).toEqual([
        kept,
        waiting,
      ]);
    const answers = await db
      .select()
      .from(outboundMessages)
      .where(
        inArray(
          outboundMessages.id,
          Object.values(made).map(({ answer }) => answer),
        ),
      );
    for (const answer of answers)
      expect(answer).toMatchObject({
        recipient: 'eliminado',
        bodyText: 'Conteúdo eliminado ao fim do prazo de guarda (LGPD).',
      });
    // (The proposal the first test answered 90 days back goes too.)
    for (const [job, kind] of [
      ['expire-cannot-pay', 'cannot_pay'],
      ['expire-proposals', 'proposal'],
      ['expire-disputes', 'dispute'],
    ] as const)
      expect(await systemRows(`job ${job}`)).toEqual(
        expect.arrayContaining([
          {
            username: 'sistema',
            action: 'anonymise',
            entity: 'debtor_request',
            entityId: String(made[kind]!.old),
            after: null,
          },
        ]),
      );
    // A second run touches nothing, and audits nothing.
    const audited = await db.select().from(auditLog).where(eq(auditLog.staffUserId, 0));
    await nothingLeft(['cannot_pay', 'proposal', 'dispute'], today);
    expect(
      await db
        .select()
        .from(debtorRequests)
        .where(inArray(debtorRequests.id, ids))
        .orderBy(debtorRequests.id),
    ).toEqual(rowsAfter);
    expect(await db.select().from(auditLog).where(eq(auditLog.staffUserId, 0))).toEqual(audited);
  });

  it('makes a step anonymous six months after it was logged, and a session six months after it expired', async () => {
    const today = todayInBrasilia();
    const { db } = t.database;
    const [joaoRow] = await db.select().from(persons).where(eq(persons.cpfCnpj, '39053344705'));
    const [someRequest] = await db.select().from(debtorRequests).limit(1);
    const partnerId = someRequest!.partnerId;
    const steps = boundary('step_log', today);
    const step = (createdAt: Date) => ({
      partnerId,
      personId: joaoRow!.id,
      cpfCnpj: '39053344705',
      stepCode: 20,
      reason: 'Ligar à tarde',
      isError: true,
      errorDetails: { resposta: null, mensagem: 'Falhou' },
      createdAt,
    });
    const [old1, old2, kept] = await db
      .insert(stepLogs)
      .values([
        step(steps.lastErased),
        step(new Date(steps.lastErased.getTime() - 30 * 24 * HOUR_MS)),
        step(steps.firstKept),
      ])
      .returning();
    const sessions = boundary('debtor_session', today);
    const session = (tokenHash: string, expiresAt: Date) => ({
      tokenHash,
      partnerId,
      personId: joaoRow!.id,
      status: 'open' as const,
      createdAt: new Date(expiresAt.getTime() - HOUR_MS),
      lastSeenAt: new Date(expiresAt.getTime() - HOUR_MS),
      expiresAt,
    });
    await db.insert(debtorSessions).values([
      {
        ...session('retencao-antiga', sessions.lastErased),
        lastSeenAt: new Date(sessions.lastErased.getTime() - 600_000),
        debtsListedAt: new Date(sessions.lastErased.getTime() - 3_000_000),
        originChannel: 'sms',
        advisoryCode: '12',
      },
      { ...session('retencao-recente', sessions.firstKept), originChannel: 'sms' },
    ]);
    await db.insert(smsTokens).values({
      sessionHash: 'retencao-antiga',
      tokenHash: 'x',
      phone: '21998765432',
      expiresAt: sessions.lastErased,
    });

    const jobs = ['expire-step-logs', 'expire-sessions'];
    await runDueJobs(deps(), retentionJobs(jobs), new Date(), today);

    const after = await db
      .select()
      .from(stepLogs)
      .where(inArray(stepLogs.id, [old1!.id, old2!.id, kept!.id]))
      .orderBy(stepLogs.id);
    const anonymous = {
      personId: null,
      cpfCnpj: null,
      reason: null,
      errorDetails: null,
      stepCode: 20,
      isError: true,
    };
    expect(after).toEqual([
      expect.objectContaining({ ...anonymous, createdAt: old1!.createdAt }),
      expect.objectContaining({ ...anonymous, createdAt: old2!.createdAt }),
      kept,
    ]);
    // The old session keeps what the dashboard counts (decision 015), under a key no cookie's hash can be.
    const left = await db
      .select()
      .from(debtorSessions)
      .where(inArray(debtorSessions.expiresAt, [sessions.lastErased, sessions.firstKept]))
      .orderBy(debtorSessions.expiresAt);
    expect(left).toEqual([
      {
        ...session('x', sessions.lastErased),
        tokenHash: expect.stringMatching(/^apagada:[0-9a-f-]{36}$/),
        // Its last use goes (as its start), its end is its expiry; its debt listing stays.
        lastSeenAt: new Date(sessions.lastErased.getTime() - HOUR_MS),
        revokedAt: sessions.lastErased,
        originChannel: null,
        advisoryCode: null,
        debtsListedAt: new Date(sessions.lastErased.getTime() - 3_000_000),
      },
      expect.objectContaining({ tokenHash: 'retencao-recente', originChannel: 'sms', revokedAt: null }),
    ]);
    expect(await db.select().from(smsTokens).where(eq(smsTokens.sessionHash, 'retencao-antiga'))).toEqual([]);
    // Once minimised, a session is not reached again.
    const sessionsRetention = ACCESS_RECORD_RETENTIONS.find(
      (retention) => retention.kind === 'debtor_session',
    )!;
    expect(await eraseExpired({ db, cvDir: NO_CVS }, sessionsRetention, today)).toEqual({
      erased: 0,
      more: false,
    });
    // One audit row per batch, with how many: it names nobody.
    expect(await systemRows('job expire-step-logs')).toEqual([
      {
        username: 'sistema',
        action: 'anonymise',
        entity: 'step_log',
        entityId: null,
        after: { registros: 2 },
      },
    ]);
    expect(await systemRows('job expire-sessions')).toEqual([
      {
        username: 'sistema',
        action: 'anonymise',
        entity: 'debtor_session',
        entityId: null,
        after: { registros: 1 },
      },
    ]);
  });
});

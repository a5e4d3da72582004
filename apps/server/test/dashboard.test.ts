import { addDays, formatBrDate, type PlanosResposta, todayInBrasilia } from '@portal/domain';
import { inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreementInstalments,
  agreementStatusEvents,
  agreements,
  cardPaymentReversals,
  cardPayments,
  contactMessages,
  debtorRequests,
  debtorSessions,
  instalments,
  outboundMessages,
  paymentEvents,
  preAgreements,
  privacyRequests,
  secondCopies,
  secondCopyPayments,
  smsTokens,
  stepLogs,
} from '../src/db/schema';
import { SCHEDULED_JOBS } from '../src/scheduler/jobs';
import { runDueJobs } from '../src/scheduler/run-due-jobs';
import { plansBody } from './debt-helpers';
import { call, hostOf, login, MARIA } from './identification-helpers';
import { demoIds, planQuoteRow, sessionRow, staffGet, staffToken } from './reports-helpers';
import { createTestApp, NO_CVS, type TestApp } from './test-app';

// The operations dashboard (issue 5 item 6; GET /api/painel): the funnel from seeded sessions, plan quotes,
// agreements and step logs, agreements by payment type and the queues by status, for one partner and June 2025 in
// Brasília (UTC-3), staff only; and the funnel after real debtor calls (issue 14 item 9).

let t: TestApp;
let token: string;
let ids: Awaited<ReturnType<typeof demoIds>>;

const JUNE = 'data_inicial=2025-06-01&data_final=2025-06-30';
const IN_JUNE = new Date('2025-06-15T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  token = await staffToken(t);
  ids = await demoIds(t);
  const db = t.database.db;
  const { demo, acme, personId, personIds, storeId } = ids;
  const [ana, bia, caio, davi] = personIds as [number, number, number, number];
  const step = (code: number, cpfCnpj: string | null, createdAt = IN_JUNE, extra: object = {}) => ({
    partnerId: demo,
    stepCode: code,
    cpfCnpj,
    createdAt,
    ...extra,
  });
  await db.insert(stepLogs).values([
    step(31, null),
    step(31, null),
    // 30 June 23:59:59 in Brasília: still in the period; 31 May 23:59:59 is not.
    step(31, null, new Date('2025-07-01T02:59:59Z')),
    step(31, null, new Date('2025-06-01T02:59:59Z')),
    // A failed step is no progress.
    step(31, null, IN_JUNE, { isError: true }),
    // Posted codes of the stages the server observes count for nothing: anyone can post them.
    ...[8, 5, 33, 39, 28].flatMap((code) => [step(code, '11111111111'), step(code, '22222222222')]),
    step(20, '11111111111'),
    step(20, '33333333333'),
    // Another partner's visitor.
    { ...step(31, null), partnerId: acme },
  ]);

  // Identified: Ana (twice) and Bia; Caio never typed his SMS token; Davi's session began on 31 May (Brasília) but
  // listed his debts in June; another partner's session is not counted.
  // Each expired an hour after it began, as a session left alone does; Ana's first came from an SMS link, with its code.
  const session = (person: number, createdAt: Date, extra = {}) =>
    sessionRow(demo, person, {
      createdAt,
      lastSeenAt: createdAt,
      expiresAt: new Date(createdAt.getTime() + 3_600_000),
      ...extra,
    });
  const [anaSession] = await db
    .insert(debtorSessions)
    .values([
      session(ana, IN_JUNE, { debtsListedAt: IN_JUNE, originChannel: 'sms', advisoryCode: '12' }),
      session(ana, IN_JUNE, { debtsListedAt: IN_JUNE }),
      session(bia, new Date('2025-07-01T02:59:59Z')),
      session(caio, IN_JUNE, { status: 'pending' }),
      session(davi, new Date('2025-06-01T02:59:59Z'), { debtsListedAt: new Date('2025-06-01T03:00:00Z') }),
      { ...session(davi, IN_JUNE), partnerId: acme },
    ])
    .returning();
  await db.insert(smsTokens).values({
    sessionHash: anaSession!.tokenHash,
    tokenHash: 'codigo-da-ana',
    phone: '41987654321',
    expiresAt: IN_JUNE,
  });
  // Plans quoted: Ana twice (one person), Bia in July.
  await db
    .insert(preAgreements)
    .values([
      planQuoteRow(demo, ana, storeId, { createdAt: IN_JUNE }),
      planQuoteRow(demo, ana, storeId, { createdAt: IN_JUNE, paymentMode: 'P' }),
      planQuoteRow(demo, bia, storeId, { createdAt: new Date('2025-07-01T03:00:00Z') }),
    ]);

  const agreement = (
    paymentMethod: 'boleto' | 'pix' | 'cartao',
    totalCents: number,
    entryCents: number,
    extra = {},
  ) => ({
    partnerId: demo,
    personId,
    storeId,
    paymentMethod,
    instalmentCount: 3,
    entryCents,
    instalmentCents: 1000,
    totalCents,
    firstDueDate: '2025-06-20',
    createdAt: IN_JUNE,
    ...extra,
  });
  const [boletoA, boletoB, pix, broken, cancelled, card, acmePix] = await db
    .insert(agreements)
    .values([
      agreement('boleto', 100_000, 10_000),
      agreement('boleto', 50_050, 25_025),
      agreement('pix', 20_000, 20_000, { status: 'settled' }),
      // Broken by the job (its entry unpaid past the tolerance), and cancelled otherwise.
      agreement('cartao', 70_000, 7_000, { status: 'cancelled' }),
      agreement('boleto', 10_000, 0, { status: 'cancelled' }),
      agreement('cartao', 30_000, 15_000, { status: 'settled', personId: bia }),
      agreement('pix', 99_999, 0, { partnerId: acme }),
      agreement('pix', 99_999, 0, { createdAt: new Date('2025-07-01T03:00:00Z') }),
    ])
    .returning({ id: agreements.id });
  await db.insert(agreementStatusEvents).values([
    { agreementId: broken!.id, from: 'active', to: 'cancelled', cause: 'job:broken:2025-06-27' },
    { agreementId: cancelled!.id, from: 'active', to: 'cancelled', cause: 'staff:1:cancel' },
  ]);
  // The money of the period (issue 18 item 7), centavos: received on June days, and what active agreements still owe.
  const plan = (agreementId: number, amounts: number[]) =>
    db
      .insert(agreementInstalments)
      .values(
        amounts.map((amountCents, number) => ({ agreementId, number, dueDate: '2025-06-20', amountCents })),
      )
      .returning({ id: agreementInstalments.id });
  const [entryA, firstA] = await plan(boletoA!.id, [10_000, 45_000, 45_000]);
  const [entryB] = await plan(boletoB!.id, [25_025, 25_025]);
  const [pixEntry] = await plan(pix!.id, [20_000]);
  const cardInstalments = await plan(card!.id, [15_000, 15_000]);
  const [acmeEntry] = await plan(acmePix!.id, [99_999]);
  const event = (
    instalmentId: number,
    kind: 'paid' | 'settled' | 'unapplied',
    amountCents: number,
    occurredOn: string,
  ) => ({
    instalmentId,
    kind,
    amountCents,
    occurredOn,
    cause: `test:${instalmentId}:${kind}`,
  });
  await db.insert(paymentEvents).values([
    event(entryA!.id, 'paid', 10_000, '2025-06-21'),
    // Less than due: money received all the same, the instalment still owed.
    event(firstA!.id, 'unapplied', 500, '2025-06-22'),
    // Paid in July: not received in June, but no longer promised either.
    event(entryB!.id, 'paid', 25_025, '2025-07-02'),
    event(pixEntry!.id, 'paid', 20_000, '2025-06-25'),
    ...cardInstalments.map((row) => event(row.id, 'settled', 15_000, '2025-06-10')),
    event(acmeEntry!.id, 'paid', 99_999, '2025-06-15'),
  ]);
  const [portfolioInstalment] = await db.select({ id: instalments.id }).from(instalments).limit(1);
  const copy = (partnerId: number, amountCents: number) => ({
    partnerId,
    personId: caio,
    storeId,
    instalmentId: portfolioInstalment!.id,
    dueDate: '2025-06-18',
    amountCents,
    ourNumber: `9${amountCents}`,
    barcode: '0'.repeat(44),
    digitableLine: '0'.repeat(47),
    pixCode: 'pix',
  });
  const [demoCopy, acmeCopy] = await db
    .insert(secondCopies)
    .values([copy(demo, 12_345), copy(acme, 777)])
    .returning({ id: secondCopies.id });
  await db.insert(secondCopyPayments).values([
    { secondCopyId: demoCopy!.id, amountCents: 12_345, occurredOn: '2025-06-18', cause: 'test:copy:1' },
    { secondCopyId: demoCopy!.id, amountCents: 100, occurredOn: '2025-05-31', cause: 'test:copy:2' },
    { secondCopyId: acmeCopy!.id, amountCents: 777, occurredOn: '2025-06-18', cause: 'test:copy:3' },
    // Decision 061: paid again once its payments had reached its value, money that paid nothing.
    { secondCopyId: demoCopy!.id, amountCents: 2_000, occurredOn: '2025-06-20', cause: 'test:copy:4' },
  ]);
  // Decision 053: Bia's card, paid on 10 June, refunded on 28 June; the money left in the period.
  const [cardPayment] = await db
    .insert(cardPayments)
    .values({
      agreementId: card!.id,
      gateway: 'local',
      reference: `acordo-${card!.id}`,
      amountCents: 30_000,
      instalments: 2,
      brand: 'visa',
      lastFour: '1111',
    })
    .returning({ id: cardPayments.id });
  await db.insert(cardPaymentReversals).values({
    cardPaymentId: cardPayment!.id,
    kind: 'refunded',
    amountCents: 30_000,
    refundedThroughCents: 30_000,
    gatewayChargeId: 'ch_dashboard',
    cause: 'webhook:hook_dashboard',
    // The money left in June (decision 056), though the portal heard of it in July.
    occurredAt: new Date('2025-06-28T12:00:00Z'),
    recordedAt: new Date('2025-07-02T12:00:00Z'),
  });

  // An answered item was answered the day after it came (the retention's clock, decisions 057, 072).
  const ANSWERED_IN_JUNE = new Date(IN_JUNE.getTime() + 24 * 3_600_000);
  const answer = (status: string) =>
    status === 'answered' ? { answeredAt: ANSWERED_IN_JUNE, answerText: 'Respondido' } : {};
  const request = (
    kind: 'cannot_pay' | 'proposal' | 'dispute' | 'call' | 'whatsapp',
    status: 'open' | 'answered',
    extra = {},
  ) => ({
    partnerId: demo,
    personId,
    storeId,
    kind,
    status,
    reason: 'Desempregado',
    createdAt: IN_JUNE,
    ...answer(status),
    ...extra,
  });
  await db.insert(debtorRequests).values([
    request('cannot_pay', 'open'),
    request('cannot_pay', 'open'),
    request('cannot_pay', 'answered'),
    request('proposal', 'open'),
    request('proposal', 'answered', {
      instalmentCount: 6,
      counterInstalmentCount: 4,
      counterInstalmentCents: 100,
    }),
    request('dispute', 'answered'),
    request('dispute', 'open', { partnerId: acme }),
    // Calls asked for (the Ligações queue), whatever the step log says, and a WhatsApp contact.
    request('call', 'open', { phone: '11987654321' }),
    request('call', 'open', { phone: '11987654321' }),
    request('call', 'answered', { phone: '11987654321' }),
    request('whatsapp', 'open', { phone: '11987654321' }),
  ]);

  const outbox = await db
    .insert(outboundMessages)
    .values(
      (['sent', 'sent', 'failed', 'sending', 'pending'] as const).map((status) => ({
        partnerId: demo,
        channel: 'email' as const,
        template: 'contact',
        recipient: 'parceiro@example.com',
        bodyText: 'Mensagem',
        status,
      })),
    )
    .returning({ id: outboundMessages.id });
  await db.insert(contactMessages).values(
    outbox.map((message, index) => ({
      partnerId: demo,
      name: 'Ana',
      email: 'ana@example.com',
      cpfCnpj: '11111111111',
      text: 'Quero negociar',
      outboundMessageId: message.id,
      // The last one was sent in May: outside the period. June's were answered.
      ...(index === 4
        ? { createdAt: new Date('2025-05-20T12:00:00Z') }
        : { createdAt: IN_JUNE, status: 'answered' as const, ...answer('answered') }),
    })),
  );

  let protocol = 0;
  const privacy = (status: 'open' | 'in_progress' | 'answered', dueOn: string, extra = {}) => ({
    partnerId: demo,
    protocol: `DASH-${++protocol}`,
    name: 'Ana',
    phone: '41987654321',
    email: 'ana@example.com',
    requestType: 'acesso',
    message: 'Quero meus dados',
    status,
    dueOn,
    createdAt: IN_JUNE,
    ...answer(status),
    ...extra,
  });
  await db
    .insert(privacyRequests)
    .values([
      privacy('open', '2025-06-30'),
      privacy('open', '2099-01-01'),
      privacy('in_progress', '2025-06-30'),
      privacy('answered', '2025-06-30'),
      privacy('open', '2025-06-30', { partnerId: acme }),
    ]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/painel', () => {
  it('refuses a call without a staff token', async () => {
    const res = await staffGet(t, `/api/painel?parceiro=${ids.demo}&${JUNE}`, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Unauthenticated' });
  });

  it('asks for a partner, a known one, and a valid period', async () => {
    const none = await staffGet(t, `/api/painel?${JUNE}`, token);
    expect(none.statusCode).toBe(400);
    expect(none.json().dados).toEqual({ parceiro: 'Selecione o parceiro.' });
    const unknown = await staffGet(t, `/api/painel?parceiro=999999&${JUNE}`, token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Parceiro não encontrado.');
    const backwards = await staffGet(
      t,
      `/api/painel?parceiro=${ids.demo}&data_inicial=2025-06-30&data_final=2025-06-01`,
      token,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().dados).toEqual({
      data_final: 'A data final deve ser igual ou posterior à data inicial.',
    });
  });

  it('counts the funnel, the agreements and the queues of the partner in the period', async () => {
    const res = await staffGet(t, `/api/painel?parceiro=${ids.demo}&${JUNE}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(data.partner).toEqual({ id: ids.demo, nome: expect.any(String) });
    expect(data.period).toEqual({ from: '2025-06-01', to: '2025-06-30' });
    expect(data.funnel).toEqual([
      { key: 'accessedPortal', count: 3 },
      { key: 'identified', count: 2 },
      { key: 'viewedDebts', count: 2 },
      { key: 'viewedPlans', count: 1 },
      // Ana's three agreements and Bia's card; the cancelled ones, another partner's and July's are left out.
      { key: 'savedAgreement', count: 2 },
      // Ana (boleto entry, PIX), Bia (card) and Caio (a second copy); a payment in July or another partner's is not.
      { key: 'paid', count: 3 },
    ]);
    expect(data.money).toEqual({
      recovered: {
        agreementPayments: 30_000,
        cardPayments: 30_000,
        secondCopyPayments: 12_345,
        // An agreement instalment's PIX paid short, and the second copy paid again beyond its value.
        unapplied: 2_500,
      },
      // Bia's card, refunded in June: its money left.
      reversedCents: 30_000,
      // Boleto A's two unpaid instalments and boleto B's last one; settled and cancelled agreements promise nothing.
      promisedCents: 115_025,
    });
    expect(data.agreementStatuses).toEqual({ active: 2, settled: 2, cancelled: 1, broken: 1 });
    expect(data.agreements).toEqual([
      { paymentMethod: 'boleto', count: 2, totalCents: 150_050, entryCents: 35_025 },
      { paymentMethod: 'cartao', count: 1, totalCents: 30_000, entryCents: 15_000 },
      { paymentMethod: 'pix', count: 1, totalCents: 20_000, entryCents: 20_000 },
    ]);
    expect(data.queues).toEqual({
      contactMessages: { sent: 2, pending: 1, failed: 1 },
      callRequests: { open: 5, in_progress: 0, answered: 2, scheduledCalls: 3 },
      proposals: { open: 1, in_progress: 0, answered: 1 },
      disputes: { open: 0, in_progress: 0, answered: 1 },
      privacyRequests: { open: 2, in_progress: 1, answered: 1, overdue: 2 },
    });
  });

  it('answers zeros for a partner with nothing in the period', async () => {
    const res = await staffGet(
      t,
      `/api/painel?parceiro=${ids.demo}&data_inicial=2020-01-01&data_final=2020-01-31`,
      token,
    );
    const data = res.json().data;
    expect(data.funnel.map((stage: { count: number }) => stage.count)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(data.money).toEqual({
      recovered: { agreementPayments: 0, cardPayments: 0, secondCopyPayments: 0, unapplied: 0 },
      reversedCents: 0,
      promisedCents: 0,
    });
    expect(data.agreementStatuses).toEqual({ active: 0, settled: 0, cancelled: 0, broken: 0 });
    expect(data.agreements).toEqual([]);
    expect(data.queues.privacyRequests).toEqual({ open: 0, in_progress: 0, answered: 0, overdue: 0 });
  });
});

describe('the funnel: what the server observed, never what a client posted (issue 14 item 9)', () => {
  // Around now, whatever the time of day: the real calls below are stored at the server's clock.
  const today = todayInBrasilia();
  const period = `data_inicial=${addDays(today, -1)}&data_final=${addDays(today, 1)}`;
  let ip = 0;
  const debtor = (action: string, payload: Record<string, unknown> = {}, cookie?: string) =>
    call(t, action, payload, { host: hostOf('acme'), ip: `10.14.9.${++ip}`, ...(cookie ? { cookie } : {}) });
  const funnel = async () => {
    const res = await staffGet(t, `/api/painel?parceiro=${ids.acme}&${period}`, token);
    const stages: { key: string; count: number | null }[] = res.json().data.funnel;
    return Object.fromEntries(stages.map((stage) => [stage.key, stage.count]));
  };
  const nothing = {
    accessedPortal: 0,
    identified: 0,
    viewedDebts: 0,
    viewedPlans: 0,
    savedAgreement: 0,
    paid: 0,
  };

  it('counts no stage from anonymous step posts, however many', async () => {
    for (let round = 0; round < 3; round++)
      for (const code of [8, 5, 33, 39, 28]) {
        const res = await debtor('portal/salvarEtapa', {
          esn_fk_ets_codigo: code,
          cpfCnpj: MARIA.pesCpfCnpj,
        });
        expect(res.json().retorno).toBe(true);
      }
    expect(await funnel()).toEqual(nothing);
  });

  it('shows each stage the server observes after the real call, once per person', async () => {
    const maria = await login(t, MARIA, 'acme');
    expect(await funnel()).toMatchObject({ ...nothing, identified: 1 });
    // A second login of the same person is still one person.
    const again = await login(t, MARIA, 'acme');
    expect(await funnel()).toMatchObject({ identified: 1, viewedDebts: 0 });

    const listed = await debtor('negociacao_robo/passo_2_novo', {}, maria);
    await debtor('negociacao_robo/passo_2_novo', {}, again);
    expect(await funnel()).toMatchObject({ identified: 1, viewedDebts: 1, viewedPlans: 0 });

    const card = listed
      .json()
      .dados.dividas.find((d: { tipo_necociacao: string }) => d.tipo_necociacao === 'S');
    const quote = async () =>
      (await debtor('negociacao_robo/passo_3_novo', plansBody(card), maria)).json().dados as PlanosResposta;
    await quote();
    const [plan] = (await quote()).pre_acordo;
    expect(await funnel()).toMatchObject({ viewedDebts: 1, viewedPlans: 1, savedAgreement: 0 });

    const saved = await debtor(
      'negociacao_robo/passo_4_novo',
      { praCodigo: plan!.pra_codigo, formaDePagamento: 'boleto', primeiroVencimento: formatBrDate(today) },
      maria,
    );
    expect(saved.json()).toMatchObject({ retorno: true, mensagem: 'Acordo realizado com sucesso!' });
    expect(await funnel()).toEqual({
      accessedPortal: 0,
      identified: 1,
      viewedDebts: 1,
      viewedPlans: 1,
      savedAgreement: 1,
      paid: 0,
    });
  });
});

describe('an old period after the retention of sessions, steps and requests (decisions 015, 072, 081)', () => {
  const june = async () => (await staffGet(t, `/api/painel?parceiro=${ids.demo}&${JUNE}`, token)).json().data;
  // The rows seeded around June 2025, all past the six months; the real calls above are today's.
  const OLD = new Date('2025-08-01T00:00:00Z');
  const jobDeps = () => ({
    database: t.database,
    providers: new Map(),
    pix: { gatewayFor: () => Promise.reject(new Error('no PIX here')), afterMinutes: 30 },
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    cvDir: NO_CVS,
  });

  it('shows the same figures once they no longer say whose steps they were nor let a session be used', async () => {
    const { db } = t.database;
    const before = await june();
    const sessionsBefore = await db.select().from(debtorSessions).where(lt(debtorSessions.createdAt, OLD));
    expect(await db.select().from(smsTokens)).not.toEqual([]);

    const jobs = SCHEDULED_JOBS.filter((job) => ['expire-step-logs', 'expire-sessions'].includes(job.name));
    await runDueJobs(jobDeps(), jobs);

    expect(await june()).toEqual(before);
    // What the funnel counts stays (person, partner, status, when identified, when the debts were listed); the token's
    // hash, the SMS codes, the link it came from and its last use go.
    const sessionsAfter = await db.select().from(debtorSessions).where(lt(debtorSessions.createdAt, OLD));
    const kept = ({
      partnerId,
      personId,
      status,
      createdAt,
      debtsListedAt,
      expiresAt,
    }: (typeof sessionsBefore)[0]) => ({
      partnerId,
      personId,
      status,
      createdAt,
      debtsListedAt,
      expiresAt,
    });
    const order = (rows: ReturnType<typeof kept>[]) => rows.map((row) => JSON.stringify(row)).sort();
    expect(order(sessionsAfter.map(kept))).toEqual(order(sessionsBefore.map(kept)));
    const oldHashes = new Set(sessionsBefore.map((row) => row.tokenHash));
    for (const row of sessionsAfter) {
      expect(oldHashes.has(row.tokenHash)).toBe(false);
      expect(row).toMatchObject({ originChannel: null, advisoryCode: null, lastSeenAt: row.createdAt });
      expect(row.revokedAt).not.toBeNull();
    }
    expect(
      await db
        .select()
        .from(smsTokens)
        .where(inArray(smsTokens.sessionHash, [...oldHashes])),
    ).toEqual([]);
    // No step of the period says any more whose it was.
    const steps = await db.select().from(stepLogs).where(lt(stepLogs.createdAt, OLD));
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) expect(step).toMatchObject({ cpfCnpj: null, personId: null });
  });

  it('shows the same request, contact and privacy figures once every answered one of June is minimised', async () => {
    const { db } = t.database;
    const before = await june();
    const juneRows = async () => ({
      requests: await db
        .select()
        .from(debtorRequests)
        .where(lt(debtorRequests.createdAt, OLD))
        .orderBy(debtorRequests.id),
      contacts: await db
        .select()
        .from(contactMessages)
        .where(lt(contactMessages.createdAt, OLD))
        .orderBy(contactMessages.id),
      privacy: await db
        .select()
        .from(privacyRequests)
        .where(lt(privacyRequests.createdAt, OLD))
        .orderBy(privacyRequests.id),
    });
    const rowsBefore = await juneRows();
    expect(rowsBefore.requests.filter((row) => row.status === 'answered')).toHaveLength(4);

    // Run on a date past every period of June's answers (the five years of disputes, contacts and privacy requests).
    const jobs = SCHEDULED_JOBS.filter((job) =>
      [
        'expire-call-requests',
        'expire-cannot-pay',
        'expire-proposals',
        'expire-disputes',
        'expire-contact-messages',
        'expire-privacy-requests',
      ].includes(job.name),
    );
    expect(jobs).toHaveLength(6);
    const later = new Date('2031-01-02T15:00:00Z');
    await runDueJobs(jobDeps(), jobs, later, '2031-01-02');

    expect(await june()).toEqual(before);
    // Every row stays, what the dashboard counts unchanged; an answered one keeps nothing of whose or what it was.
    const rowsAfter = await juneRows();
    const counted = (row: { id: number; partnerId: number; status: string; createdAt: Date }) => ({
      id: row.id,
      partnerId: row.partnerId,
      status: row.status,
      createdAt: row.createdAt,
    });
    for (const table of ['requests', 'contacts', 'privacy'] as const) {
      expect(rowsAfter[table].map(counted)).toEqual(rowsBefore[table].map(counted));
      for (const row of rowsAfter[table])
        if (row.status === 'answered')
          expect(row).toMatchObject({ personId: null, answerText: null, minimisedAt: expect.any(Date) });
        else expect(row.minimisedAt).toBeNull();
    }
    for (const row of rowsAfter.requests.filter((row) => row.status === 'answered'))
      expect(row).toMatchObject({
        reason: null,
        phone: null,
        instalmentCount: null,
        counterInstalmentCount: null,
      });
    expect(rowsAfter.requests.map(({ kind, storeId }) => ({ kind, storeId }))).toEqual(
      rowsBefore.requests.map(({ kind, storeId }) => ({ kind, storeId })),
    );
    for (const row of rowsAfter.contacts.filter((row) => row.status === 'answered'))
      expect(row).toMatchObject({ name: null, email: null, cpfCnpj: null, text: null });
    for (const row of rowsAfter.privacy.filter((row) => row.status === 'answered'))
      expect(row).toMatchObject({ protocol: null, name: null, phone: null, email: null, message: null });

    // A later run finds nothing left to minimise: the figures and the rows stay as they are.
    await runDueJobs(jobDeps(), jobs, new Date(later.getTime() + 86_400_000), '2031-01-03');
    expect(await june()).toEqual(before);
    expect(await juneRows()).toEqual(rowsAfter);
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import {
  addDays,
  type DividasResposta,
  formatBrDate,
  formatMoney,
  type PlanosResposta,
  todayInBrasilia,
} from '@portal/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { latePaymentLine } from '../src/cli/lifecycle-commands';
import { runPaymentsCommand } from '../src/cli/payments-command';
import { type Database, openDatabase } from '../src/db/client';
import {
  agreementContracts,
  agreementInstalments,
  agreementStatusEvents,
  agreements,
  localPspWebhooks,
  outboundAttachments,
  outboundMessages,
  paymentCharges,
  paymentEvents,
  scheduledJobRuns,
} from '../src/db/schema';
import { loadEnv } from '../src/env';
import { createPixServices, type PixServices } from '../src/integrations/payments/pix-api/pix-services';
import { findPaymentsAfterCancellation } from '../src/repositories/lifecycle-repository';
import { recordPayment } from '../src/repositories/payment-repository';
import { planOfCode } from '../src/repositories/plan-repository';
import { withTransaction } from '../src/repositories/transaction';
import { SCHEDULED_JOBS } from '../src/scheduler/jobs';
import { runDueJobs } from '../src/scheduler/run-due-jobs';
import type { ScheduledJob } from '../src/scheduler/scheduled-job';
import { listAgreements } from '../src/services/agreements/list-agreements';
import { settleIfFullyPaid } from '../src/services/lifecycle/settle-if-fully-paid';
import { receiveInstalmentPayment } from '../src/services/payments/record-instalment-payment';
import { type DebtCard, mariaScope, quotePlans } from './debt-helpers';
import { call, hostOf, JOAO, login, MARIA } from './identification-helpers';
import { withAgreementHistory } from './my-agreements-history';
import { pdfText } from './pdf-text';
import { pinClock } from './pinned-clock';
import { createTestApp, migratedCommandDatabase, NO_CVS, type TestApp } from './test-app';

// Issue 17 item 5: overdue instalments, settled agreements and their discharge letter, broken agreements, and the
// scheduled-job runner that drives them. The server's own clock is UTC here: Brasília dates must not move with it.
process.env.TZ = 'UTC';

const CLIENT = '10.2.0.31';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestApp;
let maria: string;
let joao: string;
// The payment providers as the server builds them (PIX charges at the local PSP over the test database).
let pix: PixServices;
// The clock is pinned (pinned-clock.ts): the overdue tests count days from today.
beforeAll(async () => {
  pinClock();
  t = await createTestApp({ env: { RATE_LIMIT_ALLOWLIST: CLIENT, PARTNER_CACHE_SECONDS: '0' } });
  pix = await createPixServices({ db: t.database.db, env: loadEnv({ NODE_ENV: 'test' }), log: silent });
  [maria, joao] = await Promise.all([login(t, MARIA), login(t, JOAO)]);
});
afterAll(async () => {
  await pix?.close();
  await t?.close();
});
// Every test starts with jobs that never ran; agreements a test leaves active end by status, as agreements do.
beforeEach(async () => {
  pinClock();
  await t.database.db.delete(scheduledJobRuns);
});
afterEach(async () => {
  vi.useRealTimers();
  await t.database.db
    .update(agreements)
    .set({ status: 'cancelled' })
    .where(and(eq(agreements.status, 'active'), sql`${agreements.preAgreementId} is not null`));
});

// The lifecycle's jobs (the remessa and PIX reconciliation jobs are tested with CNAB and PIX).
const DAILY_JOBS = SCHEDULED_JOBS.filter((job) => ['overdue', 'settle', 'broken'].includes(job.name));
const deps = (database: Database = t.database) => ({
  database,
  providers: pix.providers,
  pix: { gatewayFor: pix.gatewayFor, afterMinutes: 30 },
  log: silent,
  cvDir: NO_CVS,
});
/** Noon in Brasília of a date. */
const noonOf = (date: string) => new Date(`${date}T12:00:00-03:00`);
const runJobsOn = (date: string, database?: Database) =>
  runDueJobs(deps(database), DAILY_JOBS, noonOf(date), date);

async function debtCards(cookie: string): Promise<DividasResposta> {
  const res = await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf('demo'), cookie, ip: CLIENT });
  expect(res.json().retorno).toBe(true);
  return res.json().dados as DividasResposta;
}

/**
 * An agreement of Maria's over the `index`th debt card with something due, entry due today (the plan's first due
 * date). A card left with only the future entries a settled agreement did not cover (decision 095) has none.
 */
async function agree(index: number, mode: 'A' | 'P' = 'P', cookie = maria) {
  const card = (await debtCards(cookie)).dividas.filter((d) => !d.acordo_ativo && d.total_original > 0)[
    index
  ]!;
  const quote = await quotePlans(t, card, { cookie, partner: 'demo' }, { pagamentoAvistaPrazo: mode });
  const plan = (quote.json().dados as PlanosResposta).pre_acordo.at(-1)!;
  const res = await call(
    t,
    'negociacao_robo/passo_4_novo',
    {
      praCodigo: plan.pra_codigo,
      formaDePagamento: 'boleto',
      primeiroVencimento: formatBrDate(plan.pra_primeiro_vcto),
    },
    { host: hostOf('demo'), cookie, ip: CLIENT },
  );
  expect(res.json().retorno).toBe(true);
  const [agreement] = await t.database.db
    .select()
    .from(agreements)
    .where(eq(agreements.preAgreementId, planOfCode(plan.pra_codigo).searchId));
  const instalments = await t.database.db
    .select()
    .from(agreementInstalments)
    .where(eq(agreementInstalments.agreementId, agreement!.id))
    .orderBy(asc(agreementInstalments.number));
  return { card, agreement: agreement!, instalments };
}

type Instalment = typeof agreementInstalments.$inferSelect;
const pay = (instalment: Instalment, occurredOn = instalment.dueDate) =>
  recordPayment(t.database.db, {
    instalmentId: instalment.id,
    chargeId: null,
    kind: 'paid',
    amountCents: instalment.amountCents,
    occurredOn,
    cause: `test:paid:${instalment.id}`,
  });

const eventsOf = (instalmentIds: number[], kind: 'overdue' | 'paid' | 'charge_cancelled') =>
  t.database.db
    .select()
    .from(paymentEvents)
    .where(and(inArray(paymentEvents.instalmentId, instalmentIds), eq(paymentEvents.kind, kind)));

const statusEvents = (agreementId: number) =>
  t.database.db
    .select()
    .from(agreementStatusEvents)
    .where(eq(agreementStatusEvents.agreementId, agreementId))
    .orderBy(asc(agreementStatusEvents.id));

const emailsTo = (template: string) =>
  t.database.db
    .select()
    .from(outboundMessages)
    .where(and(eq(outboundMessages.template, template), eq(outboundMessages.recipient, 'demo@example.com')))
    .orderBy(asc(outboundMessages.id));

async function myAgreements(cookie: string) {
  const res = await call(t, 'negociacao_robo/passo_5', {}, { host: hostOf('demo'), cookie, ip: CLIENT });
  expect(res.json(), res.body).toMatchObject({ retorno: true });
  return res.json().dados.acordos as {
    dadosAcordo: {
      aco_codigo: number;
      status: string;
      aco_carta_quitacao: string | null;
      parcelas: {
        aci_codigo: number;
        status: string;
        pdf: string | null;
        linha_digitavel: string | null;
        pix_copia_cola: string | null;
      }[];
    };
  }[];
}

describe('the overdue job across midnight in Brasília', () => {
  it('leaves an instalment due today A at 23:59 and marks it AA, with its event, at 00:00', async () => {
    const today = todayInBrasilia();
    const { agreement, instalments } = await agree(0, 'A');
    const [entry] = instalments;
    expect(entry!.dueDate).toBe(today);
    const lastMinute = new Date(`${today}T23:59:00-03:00`);
    const midnight = new Date(`${addDays(today, 1)}T00:00:00-03:00`);
    // The server clock says the next day already (UTC) at 23:59 in Brasília.
    expect(lastMinute.toISOString().slice(0, 10)).toBe(addDays(today, 1));

    // The job derives the date from the pinned clock, as the server's scheduler does.
    await runDueJobs(deps(), DAILY_JOBS, lastMinute);
    expect(await eventsOf([entry!.id], 'overdue')).toEqual([]);
    // Meus Acordos at the pinned clock (the listing itself: a session's expiry is kept by the database's clock).
    const statusAt = async (now: Date) => {
      vi.useFakeTimers({ toFake: ['Date'], now });
      const { acordos } = await listAgreements(
        t.database.db,
        deps().providers,
        await mariaScope(t),
        {},
        t.app.log,
      );
      return acordos.find((a) => a.dadosAcordo.aco_codigo === agreement.id)!.dadosAcordo.parcelas[0]!.status;
    };
    expect(await statusAt(lastMinute)).toBe('A');
    expect(await statusAt(midnight)).toBe('AA');
    vi.useRealTimers();
    await runDueJobs(deps(), DAILY_JOBS, midnight);
    const [event] = await eventsOf([entry!.id], 'overdue');
    expect(event).toMatchObject({ occurredOn: addDays(today, 1), cause: `job:overdue:${addDays(today, 1)}` });

    // Run again the same day: nothing more.
    expect((await runDueJobs(deps(), DAILY_JOBS, midnight)).every((r) => r.dates.length === 0)).toBe(true);
    expect(await eventsOf([entry!.id], 'overdue')).toHaveLength(1);
  });

  it('catches up 3 missed days, each date once, in order', async () => {
    const today = todayInBrasilia();
    const { agreement, instalments } = await agree(0, 'A');
    await runJobsOn(today);
    const reports = await runJobsOn(addDays(today, 4));
    const missed = [1, 2, 3, 4].map((n) => addDays(today, n));
    for (const report of reports) expect(report).toEqual({ name: report.name, dates: missed, busy: false });
    // The entry fell overdue on the first missed day: its event names that day, not the day the job caught up.
    const [event] = await eventsOf([instalments[0]!.id], 'overdue');
    expect(event).toMatchObject({ occurredOn: missed[0], cause: `job:overdue:${missed[0]}` });
    const [row] = await t.database.db
      .select()
      .from(scheduledJobRuns)
      .where(eq(scheduledJobRuns.name, 'overdue'));
    expect(row!.lastDateDone).toBe(missed[3]);
    // 4 days after its due date, within the store's 5 days of tolerance: not broken.
    expect(await statusEvents(agreement.id)).toEqual([]);
    expect((await runJobsOn(addDays(today, 4))).flatMap((r) => r.dates)).toEqual([]);
  });

  it('runs each job once when two runners start together (one event each)', async () => {
    const today = todayInBrasilia();
    const { instalments } = await agree(0, 'A');
    // A second connection pool to the same database, as a second server process has.
    let other: Database = t.database;
    if (t.database.kind === 'postgres') {
      const [{ name }] = (
        await t.database.db.execute<{ name: string }>(sql`select current_database() as name`)
      ).rows as [{ name: string }];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      other = await openDatabase({ url: url.toString() });
    }
    try {
      const date = addDays(today, 2);
      const [a, b] = await Promise.all([runJobsOn(date, t.database), runJobsOn(date, other)]);
      for (const job of DAILY_JOBS) {
        const ran = [a, b].flatMap((reports) => reports.find((r) => r.name === job.name)!.dates);
        expect(ran).toEqual([date]);
      }
      expect(await eventsOf([instalments[0]!.id], 'overdue')).toHaveLength(1);
    } finally {
      if (other !== t.database) await other.close();
    }
  });
});

describe('the job runner', () => {
  it('runs an interval job when its interval has passed, and keeps a failed daily date owed', async () => {
    const ran: string[] = [];
    let failures = 1;
    const jobs: ScheduledJob[] = [
      {
        name: 'test-flaky',
        schedule: 'daily',
        run: async ({ date }) => {
          if (failures-- > 0) throw new Error('provider down');
          ran.push(`flaky ${date}`);
        },
      },
      {
        name: 'test-every-minute',
        schedule: { everyMs: 60_000 },
        run: async ({ date }) => void ran.push(`minute ${date}`),
      },
    ];
    const at = new Date('2026-11-25T12:00:00-03:00');
    const later = (ms: number) => new Date(at.getTime() + ms);
    const first = await runDueJobs(deps(), jobs, at);
    // The failure is logged and its date stays owed; the job after it still ran.
    expect(first.map((r) => r.dates)).toEqual([[], ['2026-11-25']]);
    await runDueJobs(deps(), jobs, later(30_000));
    await runDueJobs(deps(), jobs, later(60_000));
    expect(ran).toEqual(['minute 2026-11-25', 'flaky 2026-11-25', 'minute 2026-11-25']);
  });
});

describe('settlement and the discharge letter', () => {
  it('settles after the last payment, e-mails the letter once, and serves it to its owner only', async () => {
    const { card, agreement, instalments } = await agree(1, 'P');
    expect(instalments.length).toBeGreaterThan(1);
    const last = instalments.at(-1)!;
    for (const instalment of instalments.slice(0, -1)) {
      expect(await pay(instalment)).toBe(true);
      expect(await settleIfFullyPaid(t.database.db, agreement.id, `payment:test:${instalment.id}`)).toBe(
        false,
      );
    }
    expect(await statusEvents(agreement.id)).toEqual([]);
    const sentBefore = (await emailsTo('discharge-letter')).length;

    expect(await pay(last)).toBe(true);
    expect(await settleIfFullyPaid(t.database.db, agreement.id, `payment:test:${last.id}`)).toBe(true);
    // A second call (a retried notification, the daily catch-up) changes nothing.
    expect(await settleIfFullyPaid(t.database.db, agreement.id, 'payment:again')).toBe(false);
    await runJobsOn(todayInBrasilia());

    const events = await statusEvents(agreement.id);
    expect(events).toMatchObject([{ from: 'active', to: 'settled', cause: `payment:test:${last.id}` }]);
    const [row] = await t.database.db.select().from(agreements).where(eq(agreements.id, agreement.id));
    expect(row!.status).toBe('settled');
    const covered = await t.database.db
      .select()
      .from(agreementContracts)
      .where(eq(agreementContracts.agreementId, agreement.id));
    expect(covered.every((c) => c.agreementStatus === 'settled')).toBe(true);
    // Discharged: the contracts are not offered again as debts.
    expect((await debtCards(maria)).dividas.find((d) => d.chave === card.chave)).toBeUndefined();

    const emails = await emailsTo('discharge-letter');
    expect(emails).toHaveLength(sentBefore + 1);
    const email = emails.at(-1)!;
    expect(email.subject).toBe(`[Portal Demo] Carta de quitação do acordo ${agreement.id}`);
    const [attachment] = await t.database.db
      .select()
      .from(outboundAttachments)
      .where(eq(outboundAttachments.messageId, email.id));
    expect(attachment!.filename).toBe(`carta_quitacao_${agreement.id}.pdf`);
    const mailed = await pdfText(attachment!.content);

    const paid = instalments.reduce((sum, i) => sum + i.amountCents, 0);
    const url = `/api/acordos/${agreement.id}/quitacao.pdf`;
    const res = await t.app.inject({ method: 'GET', url, headers: { host: hostOf('demo'), cookie: maria } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="carta_quitacao_${agreement.id}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    for (const text of [mailed, await pdfText(res.rawPayload)]) {
      expect(text).toContain('Carta de quitação');
      expect(text).toContain('Maria da Silva Santos, CPF/CNPJ 529.***.***-25');
      // Intl writes R$ with a no-break space; the PDF's text has a plain one.
      expect(text).toContain(`valor total de ${formatMoney(paid).replace(/\s/g, ' ')}`);
      expect(text).toContain(`último pagamento em ${formatBrDate(last.dueDate)}`);
      expect(text).toContain('quitação da dívida do(s) contrato(s)');
      expect(text).toMatch(/CNPJ \d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/);
    }

    // Another person, or no session: no letter.
    const other = await t.app.inject({ method: 'GET', url, headers: { host: hostOf('demo'), cookie: joao } });
    expect(other.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: { host: hostOf('demo') } })).statusCode).toBe(
      401,
    );

    // Listed with its letter, whether or not the partner shows its history (myAgreements.flgIncluirHistorico).
    const listed = (await myAgreements(maria)).find((a) => a.dadosAcordo.aco_codigo === agreement.id);
    expect(listed!.dadosAcordo).toMatchObject({ status: 'settled', aco_carta_quitacao: url });
    expect(listed!.dadosAcordo.parcelas.every((p) => p.status === 'P')).toBe(true);
    // An active agreement has no letter.
    const { agreement: open } = await agree(0, 'A');
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/acordos/${open.id}/quitacao.pdf`,
      headers: { host: hostOf('demo'), cookie: maria },
    });
    expect(refused.statusCode).toBe(404);
  });
  it('settles once when the last two payments are recorded at once, each in its transaction', async () => {
    const { agreement, instalments } = await agree(1, 'P');
    for (const instalment of instalments.slice(0, -2)) await pay(instalment);
    const sentBefore = (await emailsTo('discharge-letter')).length;
    const outcomes = await Promise.all(
      instalments.slice(-2).map((instalment) =>
        withTransaction(t.database.db, async (tx) => {
          await recordPayment(tx, {
            instalmentId: instalment.id,
            chargeId: null,
            kind: 'paid',
            amountCents: instalment.amountCents,
            occurredOn: instalment.dueDate,
            cause: `test:paid:${instalment.id}`,
          });
          return settleIfFullyPaid(tx, agreement.id, `payment:test:${instalment.id}`);
        }),
      ),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await statusEvents(agreement.id)).toHaveLength(1);
    expect(await emailsTo('discharge-letter')).toHaveLength(sentBefore + 1);
  });

  it('is caught up by the daily job when the payment recorder did not settle it', async () => {
    const { agreement, instalments } = await agree(1, 'A');
    for (const instalment of instalments) await pay(instalment);
    const date = todayInBrasilia();
    await runJobsOn(date);
    expect(await statusEvents(agreement.id)).toMatchObject([
      { from: 'active', to: 'settled', cause: `job:settle:${date}` },
    ]);
  });
});

describe('a broken agreement', () => {
  it('is cancelled past the tolerance: event, contracts back in the debts list, e-mail, charges cancelled, payments kept', async () => {
    const today = todayInBrasilia();
    const { card, agreement, instalments } = await agree(0, 'P');
    const [entry, first] = instalments;
    // The entry's boleto is issued when Meus Acordos is listed; a later instalment paid early stays paid.
    await myAgreements(maria);
    const [charge] = await t.database.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.instalmentId, entry!.id));
    expect(charge).toBeDefined();
    expect(await pay(first!, today)).toBe(true);
    const underAgreement = (await debtCards(maria)).dividas.find((d) => d.chave === card.chave)!;
    expect(underAgreement.acordo_ativo).toBe(true);
    const brokenBefore = (await emailsTo('agreement-broken')).length;

    // The store's tolerance is 5 days after the entry's due date: still active on the 5th day.
    await runJobsOn(addDays(today, 5));
    expect(await statusEvents(agreement.id)).toEqual([]);
    const date = addDays(today, 6);
    await runJobsOn(date);
    expect(await statusEvents(agreement.id)).toMatchObject([
      { from: 'active', to: 'cancelled', cause: `job:broken:${date}` },
    ]);

    // Meus Acordos lists a cancelled agreement only where the partner shows its history (flgIncluirHistorico).
    const listedIds = async () => (await myAgreements(maria)).map((a) => a.dadosAcordo.aco_codigo);
    expect(await listedIds()).not.toContain(agreement.id);
    await withAgreementHistory(t.database.db, async () => {
      expect(await listedIds()).toContain(agreement.id);
      // Listed as a record: none of its instalments offers a document to pay (the entry's was removed at the PSP).
      const listed = (await myAgreements(maria)).find((a) => a.dadosAcordo.aco_codigo === agreement.id)!;
      expect(listed.dadosAcordo.status).toBe('cancelled');
      expect(
        listed.dadosAcordo.parcelas.map(({ pdf, linha_digitavel, pix_copia_cola }) => [
          pdf,
          linha_digitavel,
          pix_copia_cola,
        ]),
      ).toEqual(listed.dadosAcordo.parcelas.map(() => [null, null, null]));
      const boletos = await t.app.inject({
        method: 'GET',
        url: `/api/acordos/boletos.pdf?parcelas=${entry!.id}`,
        headers: { host: hostOf('demo'), cookie: maria },
      });
      expect(boletos.statusCode).toBe(404);
    });

    // The contracts are negotiable again, with the values the debts list gave before the agreement.
    const again = (await debtCards(maria)).dividas.find((d) => d.chave === card.chave)!;
    expect(again.acordo_ativo).toBe(false);
    expect(again).toMatchObject({
      pre_codigos: card.pre_codigos,
      total_original: card.total_original,
      totalCorrigido: card.totalCorrigido,
      total_corrigido_avista: card.total_corrigido_avista,
    });
    const quote = await quotePlans(t, again as DebtCard, { cookie: maria, partner: 'demo' });
    expect(quote.json().retorno).toBe(true);

    // Told why, by e-mail.
    const emails = await emailsTo('agreement-broken');
    expect(emails).toHaveLength(brokenBefore + 1);
    expect(emails.at(-1)!.bodyText).toContain(
      `O seu acordo nº ${agreement.id} com ${card.loja.loj_fantasia} foi cancelado porque o pagamento da entrada, ` +
        `com vencimento em ${formatBrDate(entry!.dueDate)}, não foi identificado em até 5 dias após o vencimento.`,
    );
    // The entry's open charge was cancelled at the provider; the paid instalment is still paid.
    expect(await eventsOf([entry!.id], 'charge_cancelled')).toMatchObject([
      { chargeId: charge!.id, cause: `job:broken:${date}` },
    ]);
    expect(await eventsOf([first!.id], 'paid')).toHaveLength(1);

    // A late payment of the entry is still recorded, settles nothing, and is listed for staff.
    expect(await pay(entry!, addDays(today, 7))).toBe(true);
    expect(await settleIfFullyPaid(t.database.db, agreement.id, 'payment:late')).toBe(false);
    // The same money told by a payment source: kept unapplied, for staff to refund (decision 049).
    expect(
      await receiveInstalmentPayment(t.database.db, {
        instalmentId: entry!.id,
        chargeId: null,
        kind: 'paid',
        amountCents: entry!.amountCents,
        occurredOn: addDays(today, 7),
        cause: 'test:late-pix',
      }),
    ).toBe('agreement_cancelled');
    const late = (await findPaymentsAfterCancellation(t.database.db)).filter(
      (row) => row.agreementId === agreement.id,
    );
    expect(late).toEqual([
      expect.objectContaining({ instalmentNumber: 0, amountCents: entry!.amountCents, kind: 'paid' }),
      expect.objectContaining({
        instalmentNumber: 0,
        amountCents: entry!.amountCents,
        kind: 'unapplied',
        unappliedReason: 'agreement_cancelled',
      }),
    ]);
    // `npm run payments -- late-payments` says why the money paid nothing, as the Não aplicados list does (decision 064).
    expect(late.map(latePaymentLine)).toEqual([
      expect.stringContaining('(test:paid:'),
      expect.stringContaining(
        '(test:late-pix), Recebido sem baixa (não aplicado): Pago depois do cancelamento do acordo, depois do cancelamento',
      ),
    ]);
    // A second run of the same day changes nothing.
    await t.database.db.delete(scheduledJobRuns);
    await runJobsOn(date);
    expect(await statusEvents(agreement.id)).toHaveLength(1);
    expect(await emailsTo('agreement-broken')).toHaveLength(brokenBefore + 1);
  });
});

describe('an entry paid by PIX while the portal did not hear of it', () => {
  it('is asked about at the PSP before the agreement is judged: paid on its due date, never broken', async () => {
    const today = todayInBrasilia();
    const { agreement, instalments } = await agree(0, 'P');
    const [entry] = instalments;
    await myAgreements(maria);
    const [charge] = await t.database.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.instalmentId, entry!.id));
    const brokenBefore = (await emailsTo('agreement-broken')).length;
    // Paid on its due date; the webhook is lost (the server was down for days, the PSP gave up delivering it).
    const [webhook] = await t.database.db.select().from(localPspWebhooks);
    await t.database.db.update(localPspWebhooks).set({ url: 'http://localhost/perdido' });
    try {
      const paid = await t.app.inject({
        method: 'POST',
        url: `/psp-local/sandbox/pay/${charge!.txid}`,
        headers: { host: 'localhost' },
      });
      expect(paid.statusCode).toBe(200);
    } finally {
      await t.database.db.update(localPspWebhooks).set({ url: webhook!.url });
    }
    expect(await eventsOf([entry!.id], 'paid')).toEqual([]);

    // The server comes back past the tolerance: one round of every job, in the order every process runs them.
    const date = addDays(today, 6);
    await runDueJobs(deps(), SCHEDULED_JOBS, noonOf(date), date);
    expect(await eventsOf([entry!.id], 'paid')).toMatchObject([{ chargeId: charge!.id, occurredOn: today }]);
    expect(await statusEvents(agreement.id)).toEqual([]);
    expect(await emailsTo('agreement-broken')).toHaveLength(brokenBefore);
  });
});

describe('npm run payments -- run-jobs', () => {
  let database: Awaited<ReturnType<typeof migratedCommandDatabase>>;
  beforeAll(async () => {
    database = await migratedCommandDatabase(mkdtempSync(join(tmpdir(), 'portal-jobs-')));
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('runs the jobs on the server database for the day given, then has nothing to do', async () => {
    const run = async (args: string[]) => {
      let out = '';
      const stdout = new Writable({
        write(chunk, _encoding, done) {
          out += chunk.toString();
          done();
        },
      });
      const code = await runPaymentsCommand(args, { stdout, stderr: stdout, env: { ...database.env } });
      return { code, out };
    };
    expect(await run(['run-jobs', '--today', '2026-11-25'])).toEqual({
      code: 0,
      out: 'reconcile-pix: 2026-11-25\nreconcile-card: 2026-11-25\ncard-reversals: 2026-11-25\noverdue: 2026-11-25\nsettle: 2026-11-25\nbroken: 2026-11-25\nreissue-boletos: 2026-11-25\nremessa: 2026-11-25\nexpire-job-applications: 2026-11-25\nexpire-leads: 2026-11-25\nexpire-creditor-leads: 2026-11-25\nexpire-signed-up-creditor-leads: 2026-11-25\nexpire-contact-messages: 2026-11-25\nexpire-call-requests: 2026-11-25\nexpire-privacy-requests: 2026-11-25\nexpire-cannot-pay: 2026-11-25\nexpire-proposals: 2026-11-25\nexpire-disputes: 2026-11-25\nexpire-step-logs: 2026-11-25\nexpire-sessions: 2026-11-25\norphan-cvs: 2026-11-25\n',
    });
    expect((await run(['run-jobs', '--today', '2026-11-25'])).out).toBe(
      'reconcile-pix: nada a fazer\nreconcile-card: nada a fazer\ncard-reversals: nada a fazer\noverdue: nada a fazer\nsettle: nada a fazer\nbroken: nada a fazer\nreissue-boletos: nada a fazer\nremessa: nada a fazer\nexpire-job-applications: nada a fazer\nexpire-leads: nada a fazer\nexpire-creditor-leads: nada a fazer\nexpire-signed-up-creditor-leads: nada a fazer\nexpire-contact-messages: nada a fazer\nexpire-call-requests: nada a fazer\nexpire-privacy-requests: nada a fazer\nexpire-cannot-pay: nada a fazer\nexpire-proposals: nada a fazer\nexpire-disputes: nada a fazer\nexpire-step-logs: nada a fazer\nexpire-sessions: nada a fazer\norphan-cvs: nada a fazer\n',
    );
    expect((await run(['run-jobs', '--today', '25/11/2026'])).code).toBe(2);
    // A day to come is refused: it would be recorded as done before it comes.
    expect(await run(['run-jobs', '--today', '2999-01-01'])).toMatchObject({
      code: 2,
      out: expect.stringContaining('--today não pode ser depois de hoje'),
    });
    expect((await run(['nothing'])).code).toBe(2);
  });
});

import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, addMonths, brasiliaDayStart, RETENTION_PERIODS, todayInBrasilia } from '@portal/domain';
import { eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, jobApplications, outboundMessages, partners, scheduledJobRuns } from '../src/db/schema';
import { SCHEDULED_JOBS } from '../src/scheduler/jobs';
import { runDueJobs } from '../src/scheduler/run-due-jobs';
import { JOB_APPLICATION_RETENTION } from '../src/services/jobs/erase-expired-job-applications';
import { eraseExpired } from '../src/services/retention/erase-expired';
import { pinClock } from './pinned-clock';
import { createTestApp, type TestApp } from './test-app';
import { validJobApplication } from './valid-forms';

// Retention of job applications (decision 055): the daily jobs erase applications the privacy policy no longer lets
// the portal keep (spec 002 §1, §9: at most 5 years) and CV files no application names (a send that died halfway).

const NEGOCIE = 'negocie.portal.localhost:3000';
const HOUR_MS = 3_600_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestApp;
let dataDir: string;
let pdf: Buffer;
let ip = 0;
const cvDir = () => join(dataDir, 'uploads', 'curriculos');
const cvFiles = () => (existsSync(cvDir()) ? readdirSync(cvDir()).sort() : []);
const deps = () => ({
  database: t.database,
  providers: new Map(),
  pix: { gatewayFor: () => Promise.reject(new Error('no PIX here')), afterMinutes: 30 },
  log: silent,
  cvDir: cvDir(),
});
const jobsNamed = (...names: string[]) => SCHEDULED_JOBS.filter((job) => names.includes(job.name));

beforeAll(async () => {
  const document = await PDFDocument.create();
  document.addPage().drawText('Ana Souza - desenvolvedora front-end');
  pdf = Buffer.from(await document.save());
  dataDir = mkdtempSync(join(tmpdir(), 'portal-retention-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  pinClock();
  await t.database.db.delete(scheduledJobRuns);
  await t.database.db.delete(jobApplications);
  await t.database.db.delete(outboundMessages);
  rmSync(cvDir(), { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/** An application sent through the form (row, CV file, the partner's e-mail), then dated `sentAt`. */
async function sentAt(sentAt: Date, name: string): Promise<number> {
  ip += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trabalhe-conosco',
    payload: validJobApplication({ nome: name, curriculo: pdf.toString('base64') }),
    headers: { host: NEGOCIE },
    remoteAddress: `10.8.${Math.floor(ip / 250)}.${(ip % 250) + 1}`,
  });
  expect(res.statusCode).toBe(200);
  const id = res.json().dados.id as number;
  await t.database.db.update(jobApplications).set({ createdAt: sentAt }).where(eq(jobApplications.id, id));
  return id;
}

describe('the daily retention of job applications', () => {
  it('erases, as the system, each application on the date its retention ends, with its CV and e-mail text', async () => {
    const today = todayInBrasilia();
    const now = new Date();
    // The last instant of the day, five years ago: its fifth anniversary is today.
    const fiveYearsAgo = addMonths(today, -12 * RETENTION_PERIODS.job_application.years);
    const expired = await sentAt(
      new Date(brasiliaDayStart(addDays(fiveYearsAgo, 1)).getTime() - 1),
      'Ana Velha',
    );
    const kept = await sentAt(brasiliaDayStart(addDays(fiveYearsAgo, 1)), 'Bia Recente');
    expect(cvFiles()).toHaveLength(2);
    const [keptRow] = await t.database.db.select().from(jobApplications).where(eq(jobApplications.id, kept));

    const [report] = await runDueJobs(deps(), jobsNamed('expire-job-applications'), now, today);
    expect(report).toMatchObject({ name: 'expire-job-applications', dates: [today], busy: false });

    const rows = await t.database.db.select({ id: jobApplications.id }).from(jobApplications);
    expect(rows.map((row) => row.id)).toEqual([kept]);
    expect(cvFiles()).toEqual([`${keptRow!.cvFileKey}.pdf`]);
    const messages = await t.database.db.select().from(outboundMessages);
    expect(JSON.stringify(messages)).not.toMatch(/Ana Velha/);
    // The partner's e-mail says the retention erased it: the candidate asked nothing.
    expect(messages.map((message) => message.bodyText)).toContain(
      'Conteúdo eliminado ao fim do prazo de guarda (LGPD).',
    );
    expect(JSON.stringify(messages)).not.toContain('a pedido do titular');
    expect(JSON.stringify(messages)).toMatch(/Bia Recente/);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [String(expired), String(kept)]));
    expect(audit).toEqual([
      expect.objectContaining({
        staffUserId: 0,
        username: 'sistema',
        ip: null,
        route: 'job expire-job-applications',
        action: 'delete',
        entity: 'job_application',
        entityId: String(expired),
      }),
    ]);

    // Once per date: the same day again does nothing; the next day takes the one whose anniversary it is.
    expect((await runDueJobs(deps(), jobsNamed('expire-job-applications'), now, today))[0]!.dates).toEqual(
      [],
    );
    const tomorrow = addDays(today, 1);
    await runDueJobs(
      deps(),
      jobsNamed('expire-job-applications'),
      new Date(now.getTime() + 24 * HOUR_MS),
      tomorrow,
    );
    expect(await t.database.db.select().from(jobApplications)).toEqual([]);
    expect(cvFiles()).toEqual([]);
  });

  it('erases every expired one in batches, oldest first, and stops a run whose time is up', async () => {
    const today = todayInBrasilia();
    const old = brasiliaDayStart(addMonths(today, -12 * RETENTION_PERIODS.job_application.years - 1));
    const [negocie] = await t.database.db.select().from(partners).where(eq(partners.identifier, 'negocie'));
    // Three sent over five years ago, the oldest last, with no CV nor e-mail.
    const rows = await t.database.db
      .insert(jobApplications)
      .values(
        ['A', 'B', 'C'].map((name, index) => ({
          partnerId: negocie!.id,
          name,
          phone: '11987654321',
          email: `${name.toLowerCase()}@example.com`,
          vacancyLevel: 'pleno',
          interestArea: 'teste',
          consentedAt: old,
          createdAt: new Date(old.getTime() - index * HOUR_MS),
        })),
      )
      .returning({ id: jobApplications.id });
    const cv = { db: t.database.db, cvDir: cvDir() };

    // A run whose time is up after its first batch of two leaves the newest to the next run.
    const timeUp = { batch: 2, maxRunMs: 0 };
    expect(await eraseExpired(cv, JOB_APPLICATION_RETENTION, today, timeUp)).toEqual({
      erased: 2,
      more: true,
    });
    const left = await t.database.db.select({ id: jobApplications.id }).from(jobApplications);
    expect(left.map((row) => row.id)).toEqual([rows[0]!.id]);
    expect(await eraseExpired(cv, JOB_APPLICATION_RETENTION, today, timeUp)).toEqual({
      erased: 1,
      more: false,
    });
    expect(await eraseExpired(cv, JOB_APPLICATION_RETENTION, today, timeUp)).toEqual({
      erased: 0,
      more: false,
    });
  });

  it('erases more than a batch in one run while its time lasts: a day of expiries never waits for the next', async () => {
    const today = todayInBrasilia();
    const old = brasiliaDayStart(addMonths(today, -12 * RETENTION_PERIODS.job_application.years - 1));
    const [negocie] = await t.database.db.select().from(partners).where(eq(partners.identifier, 'negocie'));
    await t.database.db.insert(jobApplications).values(
      ['D', 'E', 'F', 'G', 'H'].map((name) => ({
        partnerId: negocie!.id,
        name,
        phone: '11987654321',
        email: `${name.toLowerCase()}@example.com`,
        vacancyLevel: 'pleno',
        interestArea: 'teste',
        consentedAt: old,
        createdAt: old,
      })),
    );
    const cv = { db: t.database.db, cvDir: cvDir() };
    expect(await eraseExpired(cv, JOB_APPLICATION_RETENTION, today, { batch: 2 })).toEqual({
      erased: 5,
      more: false,
    });
    expect(await t.database.db.select({ id: jobApplications.id }).from(jobApplications)).toEqual([]);
  });
});

describe('the daily sweep of orphan CV files', () => {
  it('removes CV files no application names once they are an hour old, and nothing else', async () => {
    const today = todayInBrasilia();
    const now = new Date();
    const named = await sentAt(now, 'Ana Souza');
    const [row] = await t.database.db.select().from(jobApplications).where(eq(jobApplications.id, named));
    mkdirSync(cvDir(), { recursive: true });
    const file = (name: string, ageMs: number) => {
      writeFileSync(join(cvDir(), name), pdf);
      const at = new Date(now.getTime() - ageMs);
      utimesSync(join(cvDir(), name), at, at);
    };
    const orphan = `${'a'.repeat(32)}.pdf`;
    const writing = `${'b'.repeat(32)}.pdf`;
    const justOverAnHour = `${'c'.repeat(32)}.pdf`;
    file(orphan, 2 * HOUR_MS);
    // Written a minute ago: its application's transaction may still be on its way.
    file(writing, 60_000);
    file(justOverAnHour, HOUR_MS + 60_000);
    // An old file of an application is its CV, however old.
    const namedFile = `${row!.cvFileKey}.pdf`;
    utimesSync(
      join(cvDir(), namedFile),
      new Date(now.getTime() - 48 * HOUR_MS),
      new Date(now.getTime() - 48 * HOUR_MS),
    );
    // Not a CV's name: not the sweep's to judge.
    file('leia-me.txt', 48 * HOUR_MS);

    const [report] = await runDueJobs(deps(), jobsNamed('orphan-cvs'), now, today);
    expect(report).toMatchObject({ name: 'orphan-cvs', dates: [today], busy: false });
    expect(cvFiles()).toEqual([writing, namedFile, 'leia-me.txt'].sort());
  });
});

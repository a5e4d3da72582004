import { datesToCatchUp, todayInBrasilia } from '@portal/domain';
import type { Database } from '../db/client';
import type { CardGateway } from '../integrations/card-gateway/card-gateway';
import type { PaymentProviders } from '../integrations/payments/payment-provider';
import { findJobRun, recordJobRun } from '../repositories/scheduled-job-repository';
import type { JobLog, PixReconciliation, ScheduledJob } from './scheduled-job';

export interface SchedulerDeps {
  database: Database;
  providers: PaymentProviders;
  pix: PixReconciliation;
  /** Absent or null: no card gateway, so no card payments to reconcile. */
  cardGateway?: CardGateway | null;
  log: JobLog;
  /** The folder of the job form's CVs (cvDirOf(DATA_DIR)). */
  cvDir: string;
}

export interface JobReport {
  name: string;
  /** The dates it finished; empty when nothing was due (or its first date failed: logged, owed to the next round). */
  dates: string[];
  /** Another process held the job's lock: it runs there. */
  busy: boolean;
}

/** The dates a job owes at `now` (Brasília `today`), reading its last run after the lock is held. */
function datesDue(
  job: ScheduledJob,
  last: { lastRunAt: Date | null; lastDateDone: string | null } | undefined,
  now: Date,
  today: string,
): string[] {
  if (job.schedule === 'daily') return datesToCatchUp(last?.lastDateDone ?? null, today);
  const lastRun = last?.lastRunAt?.getTime();
  return lastRun === undefined || now.getTime() - lastRun >= job.schedule.everyMs ? [today] : [];
}

/**
 * Runs each job that is due, each under its advisory lock: a second process finds the lock held and leaves the job
 * to the first, and reads the progress the first recorded once it gets the lock. A daily job's dates run one at a
 * time, each recorded as done when it finishes, so a crash resumes at the date it was on.
 */
export async function runDueJobs(
  deps: SchedulerDeps,
  jobs: readonly ScheduledJob[],
  now: Date = new Date(),
  today: string = todayInBrasilia(now),
): Promise<JobReport[]> {
  const reports: JobReport[] = [];
  for (const job of jobs)
    reports.push(await runLocked(deps, job, now, (last) => datesDue(job, last, now, today)));
  return reports;
}

/**
 * Runs a job every `everyMs` now, for today, whether it is due or not (decision 065: work another call has just
 * made), under its advisory lock as runDueJobs does; busy when another run holds it.
 */
export function runJobNow(
  deps: SchedulerDeps,
  job: ScheduledJob,
  now: Date = new Date(),
): Promise<JobReport> {
  if (job.schedule === 'daily') throw new Error(`${job.name} runs by date: it is not run now`);
  return runLocked(deps, job, now, () => [todayInBrasilia(now)]);
}

/** Runs the dates `datesOf` gives (reading the job's last run once its lock is held), each recorded as done. */
async function runLocked(
  deps: SchedulerDeps,
  job: ScheduledJob,
  now: Date,
  datesOf: (last: Awaited<ReturnType<typeof findJobRun>>) => string[],
): Promise<JobReport> {
  const { db } = deps.database;
  const held = await deps.database.withAdvisoryLock(`scheduled-job:${job.name}`, async () => {
    const done: string[] = [];
    try {
      const last = await findJobRun(db, job.name);
      let resumeAt: unknown = last?.resumeAt ?? null;
      for (const date of datesOf(last)) {
        let stoppedAt: unknown = null;
        await job.run({
          db,
          date,
          now,
          providers: deps.providers,
          pix: deps.pix,
          cardGateway: deps.cardGateway ?? null,
          log: deps.log,
          cvDir: deps.cvDir,
          resumeAt,
          stopAt: (at) => {
            stoppedAt = at;
          },
        });
        resumeAt = stoppedAt;
        await recordJobRun(db, job.name, now, job.schedule === 'daily' ? date : null, resumeAt);
        done.push(date);
      }
    } catch (error) {
      // The date stays owed and runs again next round; the other jobs still run.
      deps.log.error({ err: error, job: job.name }, 'scheduled job failed');
    }
    return done;
  });
  return { name: job.name, dates: held?.value ?? [], busy: held === null };
}

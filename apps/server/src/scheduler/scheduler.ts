import { type JobReport, runDueJobs, runJobNow, type SchedulerDeps } from './run-due-jobs';
import type { ScheduledJob } from './scheduled-job';

export interface Scheduler {
  /** Runs the due jobs now (tests, the CLI); a round already under way is shared. */
  runOnce(): Promise<JobReport[]>;
  /**
   * Runs one job every `everyMs` now, due or not (decision 065), under its lock: after this process's round and its
   * earlier runs now, never alongside them; another process holding the lock runs it there. Failures are logged.
   */
  runNow(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs the scheduled jobs while the server runs: a first round at start (catching up what was missed while no
 * process ran), then one every `pollMs`. Every server process runs one; the jobs' advisory locks keep them apart.
 * pollMs 0 starts no timer (tests run rounds by hand).
 */
export function startScheduler(
  deps: SchedulerDeps,
  jobs: readonly ScheduledJob[],
  pollMs: number,
): Scheduler {
  let running: Promise<JobReport[]> | null = null;
  let runsNow: Promise<void> = Promise.resolve();
  let stopped = false;
  const runOnce = (): Promise<JobReport[]> => {
    if (running) return running;
    if (stopped) return Promise.resolve([]);
    const round = runDueJobs(deps, jobs)
      .then((reports) => {
        // One line per run: the logs of several processes together show each job's date run once, by one of them.
        for (const report of reports)
          for (const date of report.dates) deps.log.info({ job: report.name, date }, 'scheduled job done');
        return reports;
      })
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'scheduled jobs round failed');
        return [];
      })
      .finally(() => {
        running = null;
      });
    running = round;
    return round;
  };
  const runNow = (name: string): Promise<void> => {
    runsNow = runsNow
      .then(() => running)
      .then(async () => {
        if (stopped) return;
        const job = jobs.find((candidate) => candidate.name === name);
        if (!job) throw new Error(`No scheduled job ${name}`);
        const report = await runJobNow(deps, job);
        if (report.busy) deps.log.info({ job: name }, 'scheduled job run elsewhere');
        for (const date of report.dates) deps.log.info({ job: name, date }, 'scheduled job done');
      })
      .catch((error: unknown) => {
        deps.log.error({ err: error, job: name }, 'scheduled job run now failed');
      });
    return runsNow;
  };
  const timer = pollMs > 0 ? setInterval(() => void runOnce(), pollMs) : null;
  timer?.unref();
  if (timer) setImmediate(() => void runOnce());
  return {
    runOnce,
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      await runsNow;
    },
  };
}

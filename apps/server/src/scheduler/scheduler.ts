import { type JobReport, runDueJobs, type SchedulerDeps } from './run-due-jobs';
import type { ScheduledJob } from './scheduled-job';

export interface Scheduler {
  /** Runs the due jobs now (tests, the CLI); a round already under way is shared. */
  runOnce(): Promise<JobReport[]>;
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
  const timer = pollMs > 0 ? setInterval(() => void runOnce(), pollMs) : null;
  timer?.unref();
  if (timer) setImmediate(() => void runOnce());
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

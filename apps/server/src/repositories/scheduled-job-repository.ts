import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { scheduledJobRuns } from '../db/schema';

// When each scheduled job last ran (apps/server/src/scheduler): read and written under the job's advisory lock.

export type JobRunRow = typeof scheduledJobRuns.$inferSelect;

export async function findJobRun(db: Db, name: string): Promise<JobRunRow | undefined> {
  const [row] = await db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.name, name));
  return row;
}

/**
 * Records a finished run; `dateDone` is the Brasília date a daily job finished (null for an interval job),
 * `resumeAt` where its next run goes on (null: from the start).
 */
export async function recordJobRun(
  db: Db,
  name: string,
  at: Date,
  dateDone: string | null,
  resumeAt: unknown = null,
): Promise<void> {
  const values = { lastRunAt: at, resumeAt, ...(dateDone === null ? {} : { lastDateDone: dateDone }) };
  await db
    .insert(scheduledJobRuns)
    .values({ name, ...values })
    .onConflictDoUpdate({ target: scheduledJobRuns.name, set: values });
}

import { firstKeptInstant, RETENTION_PERIODS, type RetainedKind } from '@portal/domain';
import type { Db } from '../../db/client';
import { type AuditSource, scheduledJobTrail } from '../audit/record-staff-action';

/** Records found and erased together; each is its own short transaction. */
export const RETENTION_ERASE_BATCH = 500;
/**
 * How long one run erases, batch after batch: a first run on a big table stops here and the next date's run goes on,
 * oldest first; a day's expiries, however many, are erased by the day's run.
 */
export const RETENTION_MAX_RUN_MS = 60_000;

/** What a retention job reaches: the database, and the CV folder for the job applications' files. */
export interface RetentionDeps {
  db: Db;
  cvDir: string;
}

/** One kind of personal data a daily job erases when its retention ends (decisions 055, 057, 072). */
export interface Retention {
  /** The job's name: its advisory lock, its scheduled_job_runs row and its audit rows' route. */
  job: string;
  /** Its period (RETENTION_PERIODS). */
  kind: RetainedKind;
  /**
   * Erases up to `limit` records of every partner whose retention started before `before`, oldest first, audited
   * with `trail`: how many it found (fewer than `limit`: none is left) and how many it erased.
   */
  eraseBatch(
    deps: RetentionDeps,
    trail: AuditSource,
    before: Date,
    limit: number,
  ): Promise<{ found: number; erased: number }>;
}

/**
 * A kind erased record by record, each in its own short transaction with its own audit row: `find` lists up to
 * `limit` ids, oldest first; `erase` says false for one gone meanwhile.
 */
export function oneByOne(kind: {
  find(db: Db, before: Date, limit: number): Promise<number[]>;
  erase(deps: RetentionDeps, trail: AuditSource, id: number, before: Date): Promise<boolean>;
}): Retention['eraseBatch'] {
  return async (deps, trail, before, limit) => {
    const ids = await kind.find(deps.db, before, limit);
    let erased = 0;
    for (const id of ids) if (await kind.erase(deps, trail, id, before)) erased += 1;
    return { found: ids.length, erased };
  };
}

/**
 * A retention's daily run on Brasília `date`: every record whose retention started on or before the same date one
 * period earlier is erased, oldest first, audited as the system (route `job {name}`), in batches
 * until none is left or the run's time is up; `more` says some were left to the next run.
 */
export async function eraseExpired(
  deps: RetentionDeps,
  retention: Retention,
  date: string,
  {
    batch = RETENTION_ERASE_BATCH,
    maxRunMs = RETENTION_MAX_RUN_MS,
    clock = Date.now,
  }: { batch?: number; maxRunMs?: number; clock?: () => number } = {},
): Promise<{ erased: number; more: boolean }> {
  const before = firstKeptInstant(date, RETENTION_PERIODS[retention.kind]);
  const trail = scheduledJobTrail(retention.job, 'delete');
  const deadline = clock() + maxRunMs;
  let erased = 0;
  for (;;) {
    const { found, erased: batchErased } = await retention.eraseBatch(deps, trail, before, batch);
    erased += batchErased;
    if (found < batch) return { erased, more: false };
    if (clock() >= deadline) return { erased, more: true };
  }
}

import {
  addDays,
  brasiliaDayStart,
  lastDateExpired,
  RETENTION_PERIODS,
  type RetainedKind,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { type AuditSource, scheduledJobTrail } from '../audit/record-staff-action';

/**
 * Records erased per run at most: each is its own short transaction, and a first run on a big table leaves the rest,
 * oldest first, to the next dates.
 */
export const RETENTION_ERASE_BATCH = 500;

/** What a retention job reaches: the database, and the CV folder for the job applications' files. */
export interface RetentionDeps {
  db: Db;
  cvDir: string;
}

/** One kind of personal data a daily job erases when its retention ends (decisions 055, 057). */
export interface Retention {
  /** The job's name: its advisory lock, its scheduled_job_runs row and its audit rows' route. */
  job: string;
  /** Its period (RETENTION_PERIODS). */
  kind: RetainedKind;
  /** Up to `limit` ids of every partner whose retention started before `before`, oldest first. */
  find(db: Db, before: Date, limit: number): Promise<number[]>;
  /** Erases one in its own transaction, audited with `trail`; false when it was gone meanwhile. */
  erase(deps: RetentionDeps, trail: AuditSource, id: number, before: Date): Promise<boolean>;
}

/**
 * A retention's daily run on Brasília `date`: every record whose retention started on or before the same date one
 * period earlier is erased, audited as the system (route `job {name}`, action `delete`); at most `limit` of them,
 * oldest first. `more` says some were left to the next run.
 */
export async function eraseExpired(
  deps: RetentionDeps,
  retention: Retention,
  date: string,
  limit: number = RETENTION_ERASE_BATCH,
): Promise<{ erased: number; more: boolean }> {
  const lastDate = lastDateExpired(date, RETENTION_PERIODS[retention.kind]);
  const before = brasiliaDayStart(addDays(lastDate, 1));
  const ids = await retention.find(deps.db, before, limit + 1);
  const trail = scheduledJobTrail(retention.job, 'delete');
  let erased = 0;
  for (const id of ids.slice(0, limit)) if (await retention.erase(deps, trail, id, before)) erased += 1;
  return { erased, more: ids.length > limit };
}

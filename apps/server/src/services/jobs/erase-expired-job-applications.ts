import { addDays, addMonths, brasiliaDayStart, DATA_RETENTION_YEARS } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findJobApplicationsSentBefore } from '../../repositories/job-application-repository';
import type { StaffScope } from '../../repositories/staff-scope';
import { scheduledJobTrail } from '../audit/record-staff-action';
import { deleteJobApplication } from './delete-job-application';

/**
 * How long a job application is kept: the privacy policy's "no máximo 5 anos depois que você deixar de usar o
 * serviço" (spec 002 §1 and §9, `DATA_RETENTION_YEARS` in the policy's text). A candidate's use of the service is the
 * send itself, so the years count from the day it was sent (decision 055).
 */
export const JOB_APPLICATION_RETENTION_YEARS = DATA_RETENTION_YEARS;

/**
 * Applications erased per run at most: each is its own short transaction, and a first run on a big table leaves the
 * rest, oldest first, to the next dates.
 */
export const JOB_APPLICATION_ERASE_BATCH = 500;

/** The job's name: its advisory lock, its scheduled_job_runs row and its audit rows' route. */
export const EXPIRE_JOB_APPLICATIONS = 'expire-job-applications';

/** The system reaches every partner's applications. */
const EVERY_PARTNER: StaffScope = { role: 'administrator', partnerIds: null };

/**
 * The daily retention of job applications (decision 055): on Brasília `date`, every application sent on or before
 * the same date `JOB_APPLICATION_RETENTION_YEARS` years earlier is erased as staff erase one (decision 051: the row,
 * its CV file, the text of the partner's e-mail), audited as the system; at most `limit` of them, oldest first.
 * `more` says some were left to the next run.
 */
export async function eraseExpiredJobApplications(
  deps: { db: Db; cvDir: string },
  date: string,
  limit: number = JOB_APPLICATION_ERASE_BATCH,
): Promise<{ erased: number; more: boolean }> {
  const lastDateErased = addMonths(date, -12 * JOB_APPLICATION_RETENTION_YEARS);
  const ids = await findJobApplicationsSentBefore(
    deps.db,
    brasiliaDayStart(addDays(lastDateErased, 1)),
    limit + 1,
  );
  const batch = ids.slice(0, limit);
  const trail = scheduledJobTrail(EXPIRE_JOB_APPLICATIONS, 'delete');
  let erased = 0;
  for (const id of batch) {
    try {
      await deleteJobApplication(deps, trail, EVERY_PARTNER, id);
      erased += 1;
    } catch (error) {
      // Erased meanwhile by staff: already gone, as it should be.
      if (!(error instanceof AppError && error.code === 'JOB_APPLICATION_NOT_FOUND')) throw error;
    }
  }
  return { erased, more: ids.length > limit };
}

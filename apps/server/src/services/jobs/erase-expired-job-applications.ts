import { AppError } from '../../errors';
import { findJobApplicationsSentBefore } from '../../repositories/job-application-repository';
import type { StaffScope } from '../../repositories/staff-scope';
import { oneByOne, type Retention } from '../retention/erase-expired';
import { deleteJobApplication } from './delete-job-application';

/** The system reaches every partner's applications. */
const EVERY_PARTNER: StaffScope = { role: 'administrator', partnerIds: null };

/**
 * The retention of job applications (decision 055): the privacy policy's "no máximo 5 anos depois que você deixar de
 * usar o serviço" (spec 002 §1 and §9), counted from the send, the candidate's one use of the service. Each is erased
 * as staff erase one (decision 051: the row, its CV file, the text of the partner's e-mail), audited as the system.
 */
export const JOB_APPLICATION_RETENTION: Retention = {
  job: 'expire-job-applications',
  kind: 'job_application',
  eraseBatch: oneByOne({
    find: findJobApplicationsSentBefore,
    erase: async (deps, trail, id) => {
      try {
        await deleteJobApplication(deps, trail, EVERY_PARTNER, id, 'retention');
        return true;
      } catch (error) {
        // Erased meanwhile by staff: already gone, as it should be.
        if (error instanceof AppError && error.code === 'JOB_APPLICATION_NOT_FOUND') return false;
        throw error;
      }
    },
  }),
};

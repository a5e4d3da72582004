import { recordOverdueInstalments } from '../../repositories/lifecycle-repository';
import type { JobContext } from '../../scheduler/scheduled-job';

/**
 * The daily overdue job (issue 17 item 5): an 'overdue' event, caused `job:overdue:{date}`, for every unpaid
 * instalment whose due date is before the run's Brasília date. The AA status itself stays derived from the due
 * date (Meus Acordos is right before the job runs); the event records when the portal saw it.
 */
export async function markOverdueInstalments({ db, date, log }: JobContext): Promise<void> {
  const marked = await recordOverdueInstalments(db, date, `job:overdue:${date}`);
  if (marked > 0) log.info({ date, marked }, 'instalments marked overdue');
}

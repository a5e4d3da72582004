import { findFullyPaidActiveAgreements } from '../../repositories/lifecycle-repository';
import type { JobContext } from '../../scheduler/scheduled-job';
import { settleIfFullyPaid } from './settle-if-fully-paid';

/** The daily catch-up of settlements: an agreement paid in full whose payment recorder did not settle it. */
export async function settlePaidAgreements({ db, date, log }: JobContext): Promise<void> {
  for (const agreementId of await findFullyPaidActiveAgreements(db))
    if (await settleIfFullyPaid(db, agreementId, `job:settle:${date}`))
      log.info({ agreementId, date }, 'agreement settled by the daily catch-up');
}

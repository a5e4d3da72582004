import type { Db } from '../../db/client';
import type { PaymentProviders } from '../../integrations/payments/payment-provider';
import { findOpenChargesOfCancelledAgreements } from '../../repositories/lifecycle-repository';
import type { JobLog } from '../../scheduler/scheduled-job';
import { cancelCharge } from '../payments/cancel-charge';

/**
 * Asks each store's provider to cancel the open charges of cancelled agreements (of one agreement, or of all), after
 * the status is committed: a provider call never runs inside a transaction. A cancellation that fails is left open
 * and asked again by the next broken-agreement run (decision 022).
 */
export async function cancelOpenCharges(
  db: Db,
  providers: PaymentProviders,
  log: JobLog,
  cause: string,
  agreementId?: number,
): Promise<void> {
  for (const charge of await findOpenChargesOfCancelledAgreements(db, agreementId)) {
    if (charge.txid === null) continue;
    try {
      await cancelCharge(db, providers, charge, cause);
    } catch (error) {
      log.warn({ err: error, chargeId: charge.id }, 'charge of a cancelled agreement not cancelled yet');
    }
  }
}

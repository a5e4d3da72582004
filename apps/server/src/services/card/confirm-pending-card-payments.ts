import type { Db } from '../../db/client';
import { type CardGateway, CardGatewayUnavailable } from '../../integrations/card-gateway/card-gateway';
import { findPendingCardPayments, loadPendingCardPayments } from '../../repositories/card-payment-repository';
import type { DebtorScope } from '../../repositories/debtor-scope';
import type { JobLog } from '../../scheduler/scheduled-job';
import { isFinal, recordCardOutcome } from './record-card-outcome';

/**
 * Asks the gateway about card payments of active agreements still without a final word (the gateway did not answer
 * the charge, or its webhook has not come): the scope person's before Meus Acordos lists them, so a late
 * confirmation shows at once, or everyone's in the `reconcile-card` job. A gateway that still does not answer
 * leaves them pending for the next listing, run or webhook.
 */
export async function confirmPendingCardPayments(
  db: Db,
  gateway: CardGateway,
  scope: DebtorScope | 'everyone',
  log: Pick<JobLog, 'warn'>,
): Promise<void> {
  const pending = scope === 'everyone' ? findPendingCardPayments(db) : loadPendingCardPayments(db, scope);
  for (const payment of await pending) {
    try {
      const charge = await gateway.lookup(payment.reference);
      if (charge && isFinal(charge))
        await recordCardOutcome(db, payment, charge, `lookup:${charge.chargeId}`);
    } catch (error) {
      if (!(error instanceof CardGatewayUnavailable)) throw error;
      log.warn({ reference: payment.reference }, 'card gateway lookup unanswered');
    }
  }
}

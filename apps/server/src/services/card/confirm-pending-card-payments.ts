import type { Db } from '../../db/client';
import { type CardGateway, CardGatewayUnavailable } from '../../integrations/card-gateway/card-gateway';
import { findPendingCardPayments, loadPendingCardPayments } from '../../repositories/card-payment-repository';
import type { DebtorScope } from '../../repositories/debtor-scope';
import type { JobLog } from '../../scheduler/scheduled-job';
import { cancelUnchargedCardAgreement, isFinal, recordCardOutcome } from './record-card-outcome';

/**
 * A charge request is answered or times out within seconds (the gateway's timeout): a payment the gateway still has
 * no order for this long after it was made never reached it, so nothing was charged and its agreement is cancelled
 * instead of holding its debts forever.
 */
const NEVER_RECEIVED_AFTER_MS = 30 * 60_000;

/**
 * Asks the gateway about card payments of active agreements still without a final word (the gateway did not answer
 * the charge, or its webhook has not come): the scope person's before Meus Acordos lists them, so a late
 * confirmation shows at once, or everyone's in the `reconcile-card` job. A gateway that still does not answer
 * leaves them pending for the next listing, run or webhook; one that answers it has no such order, 30 minutes on,
 * never got the charge (cause `card:not-received`).
 */
export async function confirmPendingCardPayments(
  db: Db,
  gateway: CardGateway,
  scope: DebtorScope | 'everyone',
  log: Pick<JobLog, 'warn'>,
  now: Date = new Date(),
): Promise<void> {
  const pending = scope === 'everyone' ? findPendingCardPayments(db) : loadPendingCardPayments(db, scope);
  for (const payment of await pending) {
    try {
      const charge = await gateway.lookup(payment.reference);
      if (charge && isFinal(charge))
        await recordCardOutcome(db, payment, charge, `lookup:${charge.chargeId}`);
      else if (!charge && now.getTime() - payment.createdAt.getTime() > NEVER_RECEIVED_AFTER_MS)
        await cancelUnchargedCardAgreement(db, payment, 'card:not-received');
    } catch (error) {
      if (!(error instanceof CardGatewayUnavailable)) throw error;
      log.warn({ reference: payment.reference }, 'card gateway lookup unanswered');
    }
  }
}

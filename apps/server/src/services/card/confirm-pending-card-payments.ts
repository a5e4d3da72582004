import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type CardGateway, CardGatewayUnavailable } from '../../integrations/card-gateway/card-gateway';
import { loadPendingCardPayments } from '../../repositories/card-payment-repository';
import type { DebtorScope } from '../../repositories/debtor-scope';
import { isFinal, recordCardOutcome } from './record-card-outcome';

/**
 * Asks the gateway about the scope person's card payments still without a final word (the gateway did not answer
 * the charge, or its webhook has not come), before Meus Acordos lists them, so a late confirmation shows at once.
 * A gateway that still does not answer leaves them pending for the next listing or webhook.
 */
export async function confirmPendingCardPayments(
  db: Db,
  gateway: CardGateway,
  scope: DebtorScope,
  log: FastifyBaseLogger,
): Promise<void> {
  for (const payment of await loadPendingCardPayments(db, scope)) {
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

import type { Db } from '../../db/client';
import {
  type CardCharge,
  type CardGateway,
  CardGatewayRefused,
} from '../../integrations/card-gateway/card-gateway';
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
 * confirmation shows at once, or everyone's in the `reconcile-card` job. Each lookup is best effort (decision 092):
 * one that fails in any way leaves its payment pending for the next listing, run or webhook, and the next payment is
 * asked. Only a gateway that answers it has no such order, 30 minutes on, shows it never got the charge (cause
 * `card:not-received`).
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
    const charge = await lookupCardPayment(gateway, payment, log);
    if (charge === 'unknown') continue;
    // A charge of another amount records nothing (decision 101); nor is the payment "not received": it stays pending.
    if (charge && isFinal(charge))
      await recordCardOutcome(db, payment, charge, `lookup:${charge.chargeId}`, log);
    else if (!charge && now.getTime() - payment.createdAt.getTime() > NEVER_RECEIVED_AFTER_MS)
      await cancelUnchargedCardAgreement(db, payment, 'card:not-received');
  }
}

/**
 * The gateway's charge under a card payment's reference, null when it answers it has none, or 'unknown' when the
 * lookup failed: no answer, a refusal (429 while rate limited, 401/403 after a key rotation) or an answer the adapter
 * cannot read. An unknown charge may have been made, so nothing is decided on it (never cancelled as not received);
 * the failure is logged by payment and kind only (the gateway's answer may hold the person's data).
 */
export async function lookupCardPayment(
  gateway: CardGateway,
  payment: { id: number; agreementId: number; reference: string },
  log: Pick<JobLog, 'warn'>,
): Promise<CardCharge | null | 'unknown'> {
  try {
    return await gateway.lookup(payment.reference);
  } catch (error) {
    log.warn(
      {
        cardPaymentId: payment.id,
        agreementId: payment.agreementId,
        failure:
          error instanceof CardGatewayRefused
            ? error.status
            : error instanceof Error
              ? error.name
              : typeof error,
      },
      'card gateway lookup failed; the payment stays pending',
    );
    return 'unknown';
  }
}

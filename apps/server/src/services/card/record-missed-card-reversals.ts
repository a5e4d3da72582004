import type { Db } from '../../db/client';
import { type CardGateway, CardGatewayUnavailable } from '../../integrations/card-gateway/card-gateway';
import { findCardPaymentByReference } from '../../repositories/card-payment-repository';
import type { JobLog } from '../../scheduler/scheduled-job';
import { isFinal, recordCardOutcome } from './record-card-outcome';

/**
 * How far back charges are asked about: card networks take a cardholder's dispute up to 120 days after the purchase
 * (longer for some), and a refund is the creditor's to make at any time; 180 days covers both (decision 056).
 */
export const REVERSAL_LOOKBACK_DAYS = 180;

/**
 * The `card-reversals` job: the paid card charges the gateway has since given back (refunds, chargebacks, and
 * refunds of a part, decision 075) are recorded as their webhook would have (decision 047), so a webhook lost while the portal was down does not leave a
 * discharge letter standing for money the creditor no longer holds. Recording is idempotent: a reversal already
 * known changes nothing. Charges of other systems on the same gateway account are not the portal's and are skipped.
 * Answers how many reversals of the portal's payments the gateway listed (known ones included); a gateway that does not answer is left for
 * the next run.
 */
export async function recordMissedCardReversals(
  db: Db,
  gateway: CardGateway,
  now: Date,
  log: Pick<JobLog, 'warn'>,
): Promise<number> {
  const since = new Date(now.getTime() - REVERSAL_LOOKBACK_DAYS * 86_400_000);
  let reversed: Awaited<ReturnType<CardGateway['reversedSince']>>;
  try {
    reversed = await gateway.reversedSince(since);
  } catch (error) {
    if (!(error instanceof CardGatewayUnavailable)) throw error;
    log.warn({ since: since.toISOString() }, 'card gateway listing unanswered');
    return 0;
  }
  let ours = 0;
  for (const charge of reversed) {
    const payment = charge.reference ? await findCardPaymentByReference(db, charge.reference) : undefined;
    if (!payment || !isFinal(charge)) continue;
    // A partial refund is named by what the charge has given back so far: a larger one later is another (decision 075).
    const cause =
      charge.reversal === 'partially_refunded'
        ? `reconcile:${charge.chargeId}:${charge.canceledCents}`
        : `reconcile:${charge.chargeId}`;
    // One of another amount is not the payment's charge (decision 101): logged, skipped.
    if (await recordCardOutcome(db, payment, charge, cause, log)) ours += 1;
  }
  return ours;
}

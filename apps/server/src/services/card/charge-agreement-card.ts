import type { CardTransactionState } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  type CardGateway,
  CardGatewayRefused,
  CardGatewayUnavailable,
} from '../../integrations/card-gateway/card-gateway';
import { type CardPaymentRow, loadCardPaymentInScope } from '../../repositories/card-payment-repository';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { lookupCardPayment } from './confirm-pending-card-payments';
import { cancelUnchargedCardAgreement, isFinal, recordCardOutcome } from './record-card-outcome';

/** What passo_4_novo tells of a card charge: the gateway's final word, PENDING, or REFUSED (nothing charged). */
type CardChargeAnswer = CardTransactionState | 'PENDING' | 'REFUSED';

/**
 * Charges a card agreement's payment at the gateway (issue 17 item 3), after passo_4_novo recorded the agreement.
 * The payment's reference is the gateway's Idempotency-Key, so a retry (the same passo_4_novo again) gets the same
 * charge and never charges twice; an outcome already recorded is answered without asking. When the gateway does
 * not answer, the charge stays PENDING for a lookup, the reconciliation job or a webhook to settle. When it refuses
 * the request, the reference is looked up first (settleRefusedCharge).
 */
export async function chargeAgreementCard(
  db: Db,
  gateway: CardGateway,
  scope: DebtScope,
  agreementId: number,
  cardToken: string,
  log: FastifyBaseLogger,
): Promise<CardChargeAnswer> {
  const row = await loadCardPaymentInScope(db, scope, agreementId);
  if (!row) throw new Error(`agreement ${agreementId} has no card payment`);
  if (row.outcome) return row.outcome.state;
  if (row.agreementStatus !== 'active') return 'REFUSED';
  const { payment } = row;
  try {
    const charge = await gateway.charge({
      reference: payment.reference,
      amountCents: payment.amountCents,
      instalments: payment.instalments,
      cardToken,
      description: `Acordo ${agreementId}`,
      customer: { name: scope.person.name, document: scope.person.cpfCnpj, email: scope.person.email },
    });
    if (!isFinal(charge)) return 'PENDING';
    // A charge of another amount is not this payment's (decision 101): nothing is recorded, and it stays pending.
    return (await recordCardOutcome(db, payment, charge, 'gateway:charge', log))?.state ?? 'PENDING';
  } catch (error) {
    if (error instanceof CardGatewayRefused) {
      // The status only: the gateway's answer may repeat what was sent.
      log.warn(
        { agreementId, status: error.status },
        'card gateway refused the charge; its reference is looked up',
      );
      return settleRefusedCharge(db, gateway, payment, error, log);
    }
    if (!(error instanceof CardGatewayUnavailable)) throw error;
    log.warn(
      { agreementId, reference: payment.reference },
      'card gateway did not answer; the charge stays pending',
    );
    return 'PENDING';
  }
}

/**
 * A refused order request (a 4xx) made no charge itself, but an earlier one under the same reference may have:
 * a retried passo_4_novo past the gateway's 24-hour Idempotency-Key, whose spent card token is refused (decision 092).
 * So the reference is looked up: a charge the gateway decided is recorded as the lookup records it (a declined card
 * is REJECTED, with its own message), an undecided one, or a lookup that failed, stays PENDING for the job and the
 * webhook; only a gateway that has no order under it shows nothing was charged, and the agreement is cancelled
 * (cause `card:refused:{status}`): REFUSED, also for a retry (its card is never charged after that).
 */
async function settleRefusedCharge(
  db: Db,
  gateway: CardGateway,
  payment: CardPaymentRow,
  refusal: CardGatewayRefused,
  log: FastifyBaseLogger,
): Promise<CardChargeAnswer> {
  const charge = await lookupCardPayment(gateway, payment, log);
  if (charge === null) {
    await cancelUnchargedCardAgreement(db, payment, `card:refused:${refusal.status}`);
    return 'REFUSED';
  }
  if (charge === 'unknown' || !isFinal(charge)) return 'PENDING';
  return (await recordCardOutcome(db, payment, charge, `lookup:${charge.chargeId}`, log))?.state ?? 'PENDING';
}

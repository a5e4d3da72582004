import type { CardTransactionState } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  type CardGateway,
  CardGatewayRefused,
  CardGatewayUnavailable,
} from '../../integrations/card-gateway/card-gateway';
import { loadCardPaymentInScope } from '../../repositories/card-payment-repository';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { cancelUnchargedCardAgreement, isFinal, recordCardOutcome } from './record-card-outcome';

/**
 * Charges a card agreement's payment at the gateway (issue 17 item 3), after passo_4_novo recorded the agreement.
 * The payment's reference is the gateway's Idempotency-Key, so a retry (the same passo_4_novo again) gets the same
 * charge and never charges twice; an outcome already recorded is answered without asking. When the gateway does
 * not answer, the charge stays PENDING for a lookup, the reconciliation job or a webhook to settle. When it refuses
 * the request, the agreement is cancelled: REFUSED, also for a retry (its card is never charged after that).
 */
export async function chargeAgreementCard(
  db: Db,
  gateway: CardGateway,
  scope: DebtScope,
  agreementId: number,
  cardToken: string,
  log: FastifyBaseLogger,
): Promise<CardTransactionState | 'PENDING' | 'REFUSED'> {
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
    return (await recordCardOutcome(db, payment, charge, 'gateway:charge')).state;
  } catch (error) {
    if (error instanceof CardGatewayRefused) {
      // The status only: the gateway's answer may repeat what was sent.
      log.warn(
        { agreementId, status: error.status },
        'card gateway refused the charge; the agreement is cancelled',
      );
      // No charge was made: cause `card:refused:{status}`.
      await cancelUnchargedCardAgreement(db, payment, `card:refused:${error.status}`);
      return 'REFUSED';
    }
    if (!(error instanceof CardGatewayUnavailable)) throw error;
    log.warn(
      { agreementId, reference: payment.reference },
      'card gateway did not answer; the charge stays pending',
    );
    return 'PENDING';
  }
}

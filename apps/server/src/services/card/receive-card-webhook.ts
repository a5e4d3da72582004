import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type CardGateway, CardGatewayUnavailable } from '../../integrations/card-gateway/card-gateway';
import { findCardPaymentByReference } from '../../repositories/card-payment-repository';
import { isFinal, recordCardOutcome } from './record-card-outcome';

export interface CardWebhookEvent {
  /** The gateway's event id (Pagar.me: hook_...). */
  id: string;
  type: string;
  /** The charge the event is about. */
  chargeId: string;
}

/**
 * A gateway notification about a charge (Pagar.me v5 `charge.*` webhooks). The event only says "look at this
 * charge": its state is read from the gateway, so events delivered twice or out of order record the charge's real
 * state, once (the first final word stands). An unknown charge is reported and ignored; a gateway that does not
 * answer is CARD_GATEWAY_UNAVAILABLE (503), so the gateway delivers the event again.
 */
export async function receiveCardWebhook(
  db: Db,
  gateway: CardGateway,
  event: CardWebhookEvent,
  log: FastifyBaseLogger,
): Promise<'recorded' | 'pending' | 'unknown'> {
  const charge = await gateway.getCharge(event.chargeId).catch((error: unknown) => {
    if (error instanceof CardGatewayUnavailable) throw new AppError('CARD_GATEWAY_UNAVAILABLE');
    throw error;
  });
  const payment = charge?.reference ? await findCardPaymentByReference(db, charge.reference) : undefined;
  if (!charge || !payment) {
    log.warn({ event: event.id, type: event.type }, 'card webhook for an unknown charge');
    return 'unknown';
  }
  if (!isFinal(charge)) return 'pending';
  // A charge of another amount than the payment's is not its charge (decision 101): logged, nothing recorded.
  return (await recordCardOutcome(db, payment, charge, `webhook:${event.id}`, log)) ? 'recorded' : 'unknown';
}

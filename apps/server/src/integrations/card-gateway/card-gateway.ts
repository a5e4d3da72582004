import type { CardReversalKind, CardTransactionState } from '@portal/domain';

// One interface for the card gateway (GUIDE "payments": one card gateway with tokenisation in the browser). The
// browser sends the card to the gateway's tokenisation endpoint; the portal only ever holds the token it got back.

/** Spec 001 §4 card return states, and PENDING while the gateway has not given its final word. */
export type CardChargeState = CardTransactionState | 'PENDING';

export interface CardCharge {
  state: CardChargeState;
  /** Our reference the charge was made under (the order's code). */
  reference: string;
  orderId: string | null;
  chargeId: string;
  /**
   * What the charge is for, in centavos (Pagar.me `amount`); null when the gateway does not say. A charge pays a card
   * payment only for its whole amount (decision 101).
   */
  amountCents: number | null;
  /**
   * When the gateway charged the card (Pagar.me `paid_at`): the payment's business day, whenever the portal hears of
   * it; null until paid, or when the gateway does not say.
   */
  paidAt: Date | null;
  authorisationCode: string | null;
  /**
   * A paid charge the gateway gave back (refunded, or lost to a chargeback; its state is then VOIDED), or gave back
   * a part of (partially_refunded; still PAID, decision 075).
   */
  reversal: CardReversalKind | null;
  /** The money given back so far, in centavos (Pagar.me `canceled_amount`); 0 when none. */
  canceledCents: number;
  /** When the gateway gave it back (Pagar.me: the charge's `updated_at`); null when not reversed or not said. */
  reversedAt: Date | null;
  brand: string | null;
  lastFour: string | null;
}

export interface CardChargeRequest {
  /**
   * One per card payment, stored with it (`acordo-{aco_codigo}-{random}`, decision 101): the order's code and its
   * Idempotency-Key, so a retry never charges twice.
   */
  reference: string;
  amountCents: number;
  /** Instalments on the card. */
  instalments: number;
  cardToken: string;
  description: string;
  customer: { name: string; document: string; email: string | null };
}

/** What the browser needs to tokenise a card at the gateway. */
export interface CardTokenisation {
  /** POST the card here (the gateway's own endpoint, with the public key). */
  tokenUrl: string;
}

export interface CardGateway {
  /** Stored with each card payment. */
  name: string;
  tokenisation: CardTokenisation;
  /**
   * Authorises and captures; throws CardGatewayUnavailable when no answer came (the charge may exist), and
   * CardGatewayRefused when the gateway refused the request (no charge was made).
   */
  charge(request: CardChargeRequest): Promise<CardCharge>;
  /** The charge made under our reference, if any (after an unanswered charge). */
  lookup(reference: string): Promise<CardCharge | null>;
  /** The charge, or null when the gateway knows no such charge. */
  getCharge(chargeId: string): Promise<CardCharge | null>;
  cancel(chargeId: string): Promise<CardCharge>;
  /**
   * Card charges made since `since` that the gateway has given back, all or part (refunds, partial refunds,
   * chargebacks), every page.
   */
  reversedSince(since: Date): Promise<CardCharge[]>;
}

/** The gateway did not answer in time or at all: whether the charge was made is unknown until a lookup or webhook. */
export class CardGatewayUnavailable extends Error {
  constructor(cause: unknown) {
    super('card gateway unavailable', { cause });
    this.name = 'CardGatewayUnavailable';
  }
}

/** The gateway answered 4xx: it refused the request (an expired or used token, data it rejects, our keys). */
export class CardGatewayRefused extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`card gateway refused the request: ${status} ${detail}`);
    this.name = 'CardGatewayRefused';
  }
}

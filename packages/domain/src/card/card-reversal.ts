import type { CardReversalKind } from '../agreements/agreement-admin';

// Decision 075: a paid card's money given back in parts, each part a money event of its own.

/**
 * What a reversal the gateway reports adds to those already recorded for a card payment of `valueCents`: a partial
 * refund brings the charge's given-back total to `canceledCents`, a refund or chargeback to the whole value. Answers
 * the new part (never what was already recorded, never past the value) and the total it brings the payment to, or
 * null when nothing is new.
 */
export function cardReversalPart(
  kind: CardReversalKind,
  valueCents: number,
  canceledCents: number,
  recordedCents: number,
): { amountCents: number; throughCents: number } | null {
  const through = kind === 'partially_refunded' ? Math.min(canceledCents, valueCents) : valueCents;
  return through > recordedCents ? { amountCents: through - recordedCents, throughCents: through } : null;
}

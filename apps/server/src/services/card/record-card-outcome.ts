import {
  type AgreementStatusName,
  type CardReversalKind,
  cardReversalPart,
  todayInBrasilia,
} from '@portal/domain';
import type { Db } from '../../db/client';

import type { CardCharge } from '../../integrations/card-gateway/card-gateway';
import {
  type CardOutcomeRow,
  type CardOutcomeState,
  type CardPaymentRow,
  insertCardOutcome,
  insertCardReversal,
  loadAgreementInstalmentRows,
  loadCardOutcome,
  loadCardReversedCents,
} from '../../repositories/card-payment-repository';
import { changeAgreementStatus, lockAgreement } from '../../repositories/lifecycle-repository';
import { withTransaction } from '../../repositories/transaction';
import type { JobLog } from '../../scheduler/scheduled-job';
import { recordInstalmentPayment } from '../payments/record-instalment-payment';

/**
 * Records the gateway's final word on a card payment, once, whoever brings it first (the charge's answer, a lookup,
 * a webhook; `cause` says which). PAID settles every instalment of the agreement (status B, cause
 * `card:{charge id}`) on the Brasília day the gateway charged the card, and so the agreement with its discharge
 * letter (decision 022); REJECTED and VOIDED cancel the agreement with a status event (decision 023: no agreement is
 * kept without its payment). A later or repeated word changes nothing, but for a PAID charge the gateway later gave
 * back (refund, chargeback): that is recorded once and ends the agreement, settled or not (decision 047); a part
 * given back is recorded once, by its amount, and the agreement stands (decision 075). Answers the outcome that
 * stands, or null when the charge is not the payment's (chargeOfPayment): then nothing is recorded, and it is logged.
 */
export async function recordCardOutcome(
  db: Db,
  payment: CardPaymentRow,
  charge: CardCharge & { state: CardOutcomeState },
  cause: string,
  log: Pick<JobLog, 'warn'>,
): Promise<CardOutcomeRow | null> {
  if (!chargeOfPayment(payment, charge)) {
    // Ids and amounts only: nothing of the person or the card.
    log.warn(
      {
        cardPaymentId: payment.id,
        agreementId: payment.agreementId,
        chargeId: charge.chargeId,
        state: charge.state,
        chargeAmountCents: charge.amountCents,
        amountCents: payment.amountCents,
        cause,
      },
      "card charge under the payment's reference is not its charge (another reference or amount); nothing recorded",
    );
    return null;
  }
  return withTransaction(db, async (tx) => {
    const fresh = await insertCardOutcome(tx, {
      cardPaymentId: payment.id,
      state: charge.state,
      gatewayOrderId: charge.orderId,
      gatewayChargeId: charge.chargeId,
      authorisationCode: charge.authorisationCode,
      cause,
      ...(charge.state === 'PAID' && charge.paidAt ? { occurredAt: charge.paidAt } : {}),
    });
    if (fresh && charge.state === 'PAID') {
      // The day the gateway charged the card, not the day the portal heard of it (a webhook or lookup after
      // midnight, or after downtime): the payments list, the dashboard and the discharge letter go by it.
      const occurredOn = todayInBrasilia(charge.paidAt ?? undefined);
      for (const instalment of await loadAgreementInstalmentRows(tx, payment.agreementId))
        await recordInstalmentPayment(tx, {
          instalmentId: instalment.id,
          chargeId: null,
          kind: 'settled',
          amountCents: instalment.amountCents,
          occurredOn,
          cause: `card:${charge.chargeId}`,
        });
    } else if (fresh) {
      await cancelCardAgreementIn(tx, payment, `card:${charge.state}:${charge.chargeId}`);
    }
    const standing = (await loadCardOutcome(tx, payment.id))!;
    // A charge refunded in part is still PAID: its first word may already bring the refund (decision 075). Only the
    // charge that paid is given back: another one found under an old reference (decision 101) takes nothing back.
    if (standing.state === 'PAID' && charge.reversal) {
      if (standing.gatewayChargeId === charge.chargeId)
        await recordReversal(tx, payment, charge.reversal, charge, cause);
      else
        log.warn(
          { cardPaymentId: payment.id, agreementId: payment.agreementId, chargeId: charge.chargeId, cause },
          'card charge given back is not the one that paid the payment; nothing recorded',
        );
    }
    return standing;
  });
}

/**
 * A charge the gateway holds under a card payment's reference is that payment's charge only when it was made under
 * the payment's reference for the payment's whole amount (decision 101). One of another amount is not: under a
 * reference of the ids alone (`acordo-{aco_codigo}`, before decision 101) it may be another agreement's, from before a
 * restore from a backup or from another environment on the same gateway account; and a charge of another amount
 * would not pay the agreement whatever it is. It is not recorded as paying, nor as a final word on the payment.
 */
export const chargeOfPayment = (
  payment: Pick<CardPaymentRow, 'reference' | 'amountCents'>,
  charge: Pick<CardCharge, 'reference' | 'amountCents'>,
): boolean => charge.reference === payment.reference && charge.amountCents === payment.amountCents;

async function cancelCardAgreementIn(
  tx: Db,
  payment: CardPaymentRow,
  cause: string,
  from: readonly AgreementStatusName[] = ['active'],
): Promise<void> {
  const agreement = await lockAgreement(tx, payment.agreementId);
  if (agreement && from.includes(agreement.status))
    await changeAgreementStatus(tx, agreement, 'cancelled', cause);
}

/**
 * The money of a paid card came back to the cardholder, all or part: what is new is kept as a money event (decision
 * 075: a part, a larger part's difference, the rest), once however many times it is told. All of it back cancels
 * the agreement, settled by that payment (its discharge letter withdrawn, its contracts back in the debts list); a
 * part does not (the agency's own correction at the gateway). The payment events stay: the money did arrive, and
 * the reversals say what left.
 */
async function recordReversal(
  tx: Db,
  payment: CardPaymentRow,
  kind: CardReversalKind,
  charge: CardCharge,
  cause: string,
): Promise<void> {
  // The agreement's lock orders a webhook and the daily job seeing the same refund: the second reads the first's row.
  await lockAgreement(tx, payment.agreementId);
  const part = cardReversalPart(
    kind,
    payment.amountCents,
    charge.canceledCents,
    await loadCardReversedCents(tx, payment.id),
  );
  if (!part) return;
  const fresh = await insertCardReversal(tx, {
    cardPaymentId: payment.id,
    kind,
    amountCents: part.amountCents,
    refundedThroughCents: part.throughCents,
    gatewayChargeId: charge.chargeId,
    cause,
    ...(charge.reversedAt ? { occurredAt: charge.reversedAt } : {}),
  });
  if (fresh && kind !== 'partially_refunded')
    await cancelCardAgreementIn(tx, payment, `card:${kind}:${charge.chargeId}`, ['active', 'settled']);
}

/**
 * A card agreement whose card was never charged (the gateway refused the request, or never received it) is
 * cancelled with a status event, as a rejected card cancels it (decision 023: no agreement stays active without its
 * payment). Nothing happens to an agreement no longer active.
 */
export function cancelUnchargedCardAgreement(db: Db, payment: CardPaymentRow, cause: string): Promise<void> {
  return withTransaction(db, (tx) => cancelCardAgreementIn(tx, payment, cause));
}

/** A charge the gateway has decided (not PENDING). */
export const isFinal = (charge: CardCharge): charge is CardCharge & { state: CardOutcomeState } =>
  charge.state !== 'PENDING';

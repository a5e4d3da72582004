import type { Db } from '../../db/client';
import { agreementOfInstalment, recordPayment, recordUnapplied } from '../../repositories/payment-repository';
import { settleIfFullyPaid } from '../lifecycle/settle-if-fully-paid';

export type PaymentRecorded = 'paid' | 'unapplied' | 'duplicate';

/**
 * The one way a payment source (PIX webhook and reconciliation, CNAB retorno, card) records an instalment's payment:
 * the payment event, then, when it was the last one, the agreement settled with its discharge letter (issue 17
 * items 4 and 5). An instalment already paid is not paid twice: a payment told again (its cause already recorded)
 * records nothing, and another real payment (a boleto after a PIX, a second PIX) is kept as 'unapplied' money, so
 * no money received is lost from view.
 */
export async function receiveInstalmentPayment(
  db: Db,
  payment: Parameters<typeof recordPayment>[1],
): Promise<PaymentRecorded> {
  if (await recordPayment(db, payment)) {
    await settleIfFullyPaid(
      db,
      await agreementOfInstalment(db, payment.instalmentId),
      `payment:${payment.cause}`,
    );
    return 'paid';
  }
  const { kind: _paidOrSettled, ...money } = payment;
  return (await recordUnapplied(db, money)) ? 'unapplied' : 'duplicate';
}

/** receiveInstalmentPayment for sources that only ask whether it paid the instalment (false: kept or repeated). */
export async function recordInstalmentPayment(
  db: Db,
  payment: Parameters<typeof recordPayment>[1],
): Promise<boolean> {
  return (await receiveInstalmentPayment(db, payment)) === 'paid';
}

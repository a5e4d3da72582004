import type { UnappliedMoneyReason } from '@portal/domain';
import type { Db } from '../../db/client';
import { lockAgreement } from '../../repositories/lifecycle-repository';
import {
  agreementOfInstalment,
  instalmentPaid,
  recordPayment,
  recordUnapplied,
} from '../../repositories/payment-repository';
import { withTransaction } from '../../repositories/transaction';
import { settleIfFullyPaid } from '../lifecycle/settle-if-fully-paid';

/** 'agreement_cancelled': money of an instalment whose agreement was cancelled, kept unapplied (decision 049). */
export type PaymentRecorded = 'paid' | 'unapplied' | 'agreement_cancelled' | 'duplicate';

/** The money was received and paid nothing: staff refund or apply it. */
export const keptUnapplied = (recorded: string): boolean =>
  recorded === 'unapplied' || recorded === 'agreement_cancelled';

/**
 * The one way a payment source (PIX webhook and reconciliation, CNAB retorno, card) records an instalment's payment:
 * the payment event, then, when it was the last one, the agreement settled with its discharge letter (issue 17
 * items 4 and 5). An instalment already paid is not paid twice: a payment told again (its cause already recorded)
 * records nothing, and another real payment (a boleto after a PIX, a second PIX) is kept as 'unapplied' money, so
 * no money received is lost from view. Nor is an instalment of a cancelled agreement paid: its contracts may be
 * under another agreement by now, so its money is kept unapplied too, for staff to refund or apply (decision 049).
 * The agreement's row is locked while the payment is recorded: a cancellation waits for it, or it sees the
 * cancellation.
 */
export async function receiveInstalmentPayment(
  db: Db,
  payment: Parameters<typeof recordPayment>[1],
): Promise<PaymentRecorded> {
  const agreementId = await agreementOfInstalment(db, payment.instalmentId);
  const { kind: _paidOrSettled, ...money } = payment;
  const recorded = await withTransaction(db, async (tx): Promise<PaymentRecorded> => {
    const agreement = await lockAgreement(tx, agreementId);
    if (agreement!.status === 'cancelled')
      return (await recordUnapplied(tx, money, 'agreement_cancelled')) ? 'agreement_cancelled' : 'duplicate';
    if (await recordPayment(tx, payment)) return 'paid';
    return (await recordUnapplied(tx, money, 'already_paid')) ? 'unapplied' : 'duplicate';
  });
  if (recorded === 'paid') await settleIfFullyPaid(db, agreementId, `payment:${payment.cause}`);
  return recorded;
}

/**
 * Money short of its charge's value pays nothing (decision 049, no tolerance) and is kept unapplied with why: its
 * agreement cancelled (asked first, as for whole money), its instalment paid before (money paid again, decision 078),
 * or short. The agreement's row is locked as receiveInstalmentPayment locks it. `kept` is false for money told
 * before (its cause recorded); the reason is still given, for the work its source does once per payment.
 */
export async function receiveShortInstalmentPayment(
  db: Db,
  money: Parameters<typeof recordUnapplied>[1],
): Promise<{ kept: boolean; reason: UnappliedMoneyReason }> {
  const agreementId = await agreementOfInstalment(db, money.instalmentId);
  return withTransaction(db, async (tx) => {
    const agreement = await lockAgreement(tx, agreementId);
    const reason: UnappliedMoneyReason =
      agreement!.status === 'cancelled'
        ? 'agreement_cancelled'
        : (await instalmentPaid(tx, money.instalmentId))
          ? 'already_paid'
          : 'underpaid';
    return { kept: await recordUnapplied(tx, money, reason), reason };
  });
}

/** receiveInstalmentPayment for sources that only ask whether it paid the instalment (false: kept or repeated). */
export async function recordInstalmentPayment(
  db: Db,
  payment: Parameters<typeof recordPayment>[1],
): Promise<boolean> {
  return (await receiveInstalmentPayment(db, payment)) === 'paid';
}

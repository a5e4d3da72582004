import type { Db } from '../../db/client';
import { agreementOfInstalment, recordPayment } from '../../repositories/payment-repository';
import { settleIfFullyPaid } from '../lifecycle/settle-if-fully-paid';

/**
 * The one way a payment source (PIX webhook and reconciliation, CNAB retorno, card) records an instalment's payment:
 * the payment event, then, when it was the last one, the agreement settled with its discharge letter (issue 17
 * items 4 and 5). False when the instalment was already paid (a repeated notification records nothing).
 */
export async function recordInstalmentPayment(
  db: Db,
  payment: Parameters<typeof recordPayment>[1],
): Promise<boolean> {
  const recorded = await recordPayment(db, payment);
  if (recorded)
    await settleIfFullyPaid(
      db,
      await agreementOfInstalment(db, payment.instalmentId),
      `payment:${payment.cause}`,
    );
  return recorded;
}

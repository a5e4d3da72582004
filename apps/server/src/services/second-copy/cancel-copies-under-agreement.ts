import type { Db } from '../../db/client';
import type { PaymentProviders } from '../../integrations/payments/payment-provider';
import { providerFor } from '../../integrations/payments/payment-provider';
import { openSecondCopiesUnderAgreement } from '../../repositories/second-copy-repository';
import type { PaymentsLog } from '../payments/record-pix-payments';
import { cancelCopiesPix } from './cancel-superseded-copies';

/**
 * An agreement settles its contracts through its own charges: the PIX of every second copy of their instalments
 * still open is removed at the PSP (cause `agreement:<id>`), or the person could pay an instalment twice, once by
 * the copy and once by the agreement. A cancellation that fails now is retried by reconciliation, which counts a
 * copy under an active agreement as superseded (decision 025).
 */
export async function cancelCopiesUnderAgreement(
  db: Db,
  providers: PaymentProviders,
  agreementId: number,
  log: PaymentsLog,
): Promise<void> {
  const open = await openSecondCopiesUnderAgreement(db, agreementId);
  await cancelCopiesPix(
    db,
    open,
    (copy) => providerFor(providers, copy.paymentProvider),
    `agreement:${agreementId}`,
    log,
  );
}

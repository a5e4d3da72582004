import type { Db } from '../../db/client';
import type { PaymentProviders } from '../../integrations/payments/payment-provider';
import { providerFor } from '../../integrations/payments/payment-provider';
import { shortPaidSecondCopies } from '../../repositories/second-copy-repository';
import type { PaymentsLog } from '../payments/record-pix-payments';
import { cancelCopiesPix } from './cancel-superseded-copies';

/**
 * Ends each second copy whose boleto a retorno liquidated for less than its value (decision 049): the bank takes a
 * boleto once, so the copy's PIX is removed at its PSP and the copy recorded cancelled (cause
 * `cnab-short:<file>:<line>`, the liquidation's line), as a copy whose PIX was paid short is; the next request for
 * the instalment then issues its next copy, for its whole value. A removal that fails is asked again by the next run.
 */
export async function endShortPaidCopies(
  db: Db,
  providers: PaymentProviders,
  log: PaymentsLog,
): Promise<void> {
  for (const copy of await shortPaidSecondCopies(db))
    await cancelCopiesPix(
      db,
      [copy],
      () => providerFor(providers, copy.paymentProvider),
      copy.liquidation.replace(/^cnab:/, 'cnab-short:'),
      log,
    );
}

import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';
import {
  recordSecondCopyCancelled,
  type SecondCopyRow,
  supersededSecondCopies,
} from '../../repositories/second-copy-repository';
import type { PaymentsLog } from '../payments/record-pix-payments';

/**
 * A new copy of an instalment supersedes the older ones (decision 025): each older copy's PIX still open is removed
 * at the PSP, then recorded cancelled (cause `superseded:<new copy>`), so only the newest is open there and asked
 * about by reconciliation. One the PSP fails to cancel, or finds paid, stays open: reconciliation records its
 * payment, or removes it once the PSP answers. Its boleto is left: a bank's liquidation of it is still its payment.
 */
export async function cancelSupersededCopies(
  db: Db,
  provider: PaymentProvider,
  copy: SecondCopyRow,
  log: PaymentsLog,
): Promise<void> {
  for (const older of await supersededSecondCopies(db, copy.instalmentId, copy.id)) {
    try {
      await provider.cancel({ storeId: older.storeId, txid: older.txid! });
      await recordSecondCopyCancelled(db, older.id, `superseded:${copy.id}`);
    } catch (error) {
      log.warn({ err: error, secondCopyId: older.id }, 'superseded second copy PIX not cancelled yet');
    }
  }
}

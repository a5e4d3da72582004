import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';
import {
  recordSecondCopyCancelled,
  type SecondCopyRow,
  supersededSecondCopies,
} from '../../repositories/second-copy-repository';
import type { PaymentsLog } from '../payments/record-pix-payments';

/**
 * Removes each copy's PIX at its PSP, then records the copy cancelled with `cause`. One the PSP fails to cancel, or
 * finds paid, stays open: reconciliation records its payment, or removes it once the PSP answers. The boleto is
 * left: a bank's liquidation of it is still its payment (money is never refused).
 */
export async function cancelCopiesPix<Copy extends Pick<SecondCopyRow, 'id' | 'storeId' | 'txid'>>(
  db: Db,
  copies: readonly Copy[],
  providerOf: (copy: Copy) => PaymentProvider,
  cause: string,
  log: PaymentsLog,
): Promise<void> {
  for (const copy of copies) {
    try {
      await providerOf(copy).cancel({ storeId: copy.storeId, txid: copy.txid! });
      await recordSecondCopyCancelled(db, copy.id, cause);
    } catch (error) {
      log.warn({ err: error, secondCopyId: copy.id, cause }, 'second copy PIX not cancelled yet');
    }
  }
}

/**
 * A new copy of an instalment supersedes the older ones (decision 025): each older copy's PIX still open is removed
 * (cause `superseded:<new copy>`), so only the newest is open at the PSP and asked about by reconciliation.
 */
export async function cancelSupersededCopies(
  db: Db,
  provider: PaymentProvider,
  copy: SecondCopyRow,
  log: PaymentsLog,
): Promise<void> {
  const older = await supersededSecondCopies(db, copy.instalmentId, copy.id);
  await cancelCopiesPix(db, older, () => provider, `superseded:${copy.id}`, log);
}

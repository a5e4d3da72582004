import type { Db } from '../../db/client';
import type { PaymentProviders } from '../../integrations/payments/payment-provider';
import { providerFor } from '../../integrations/payments/payment-provider';
import { recordChargeCancelled } from '../../repositories/payment-repository';

/**
 * Cancels an agreement's charge: its PIX (if it has one) removed at the store's PSP first (a paid one throws, and
 * nothing is recorded: the payment stands), then the `charge_cancelled` event with its cause. Called again after a
 * failure it finds the PIX removed already and records the event once.
 */
export async function cancelCharge(
  db: Db,
  providers: PaymentProviders,
  charge: { id: number; storeId: number; provider: string; txid: string | null },
  cause: string,
): Promise<void> {
  if (charge.txid)
    await providerFor(providers, charge.provider).cancel({ storeId: charge.storeId, txid: charge.txid });
  await recordChargeCancelled(db, charge.id, cause);
}

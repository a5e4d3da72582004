import { brasiliaDateTime, centsFromPixApiAmount } from '@portal/domain';
import type { Db } from '../../db/client';
import type { PixReceived } from '../../integrations/payments/pix-api/client';

import { findStoreChargeByTxid, recordUnapplied } from '../../repositories/pix-charge-repository';
import type { JobLog } from '../../scheduler/scheduled-job';
import { recordInstalmentPayment } from './record-instalment-payment';

/** What the payment use cases log: warnings and errors (the server's logger, or a command's). */
export type PaymentsLog = Pick<JobLog, 'warn' | 'error'>;

export type PixOutcome = 'paid' | 'unapplied' | 'duplicate' | 'unknown';

/** The event's cause: the endToEndId, which the BCB makes unique per payment. */
export const pixCause = (pix: PixReceived) => `pix:${pix.endToEndId}`;

/**
 * Records the PIX payments a store's PSP reported (webhook or reconciliation), each once by its endToEndId, in any
 * order. A payment of at least the instalment's amount pays it (a cobv paid after its due date may carry interest);
 * less, or a second payment of a paid instalment, is kept as 'unapplied' money for staff (decision 020). An unknown
 * txid records nothing: it is logged, and the PSP is not asked to retry.
 */
export async function recordPixPayments(
  db: Db,
  storeId: number,
  payments: readonly PixReceived[],
  log: PaymentsLog,
): Promise<PixOutcome[]> {
  const outcomes: PixOutcome[] = [];
  for (const pix of payments) {
    const charge = pix.txid ? await findStoreChargeByTxid(db, storeId, pix.txid) : undefined;
    const amountCents = centsFromPixApiAmount(String(pix.valor));
    const paidAt = new Date(pix.horario);
    if (!charge || amountCents === null || Number.isNaN(paidAt.getTime()) || !pix.endToEndId) {
      log.warn(
        { storeId, txid: pix.txid, endToEndId: pix.endToEndId },
        'PIX notification of no known charge',
      );
      outcomes.push('unknown');
      continue;
    }
    const values = {
      instalmentId: charge.instalmentId,
      chargeId: charge.id,
      amountCents,
      // API Pix horario is RFC 3339; the business date is Brasília's.
      occurredOn: brasiliaDateTime(paidAt).date,
      cause: pixCause(pix),
    };
    if (
      amountCents >= charge.amountCents &&
      (await recordInstalmentPayment(db, { ...values, kind: 'paid' }))
    ) {
      outcomes.push('paid');
      continue;
    }
    // Not a payment of the instalment: this same PIX again (nothing to do), or money kept as unapplied.
    if (await recordUnapplied(db, values)) {
      log.warn({ storeId, txid: pix.txid, endToEndId: pix.endToEndId }, 'PIX recorded as unapplied money');
      outcomes.push('unapplied');
    } else outcomes.push('duplicate');
  }
  return outcomes;
}

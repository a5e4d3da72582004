import { brasiliaDateTime, centsFromPixApiAmount, type UnappliedMoneyReason } from '@portal/domain';
import type { Db } from '../../db/client';
import type { PixReceived } from '../../integrations/payments/pix-api/client';
import { recordChargeCancelled, unappliedReasonOfCharge } from '../../repositories/payment-repository';
import {
  findStoreChargeByTxid,
  recordUnmatchedPix,
  storeOfNotifiedTxid,
} from '../../repositories/pix-charge-repository';
import {
  findStoreSecondCopyByTxid,
  recordSecondCopyCancelled,
  recordSecondCopyPayment,
} from '../../repositories/second-copy-repository';
import type { JobLog } from '../../scheduler/scheduled-job';
import {
  keptUnapplied,
  type PaymentRecorded,
  receiveInstalmentPayment,
  receiveShortInstalmentPayment,
} from './record-instalment-payment';

/** What the payment use cases log: warnings and errors (the server's logger, or a command's). */
export type PaymentsLog = Pick<JobLog, 'warn' | 'error'>;

export type PixOutcome = PaymentRecorded | 'unknown';

/** The event's cause: the endToEndId, which the BCB makes unique per payment. */
export const pixCause = (pix: PixReceived) => `pix:${pix.endToEndId}`;

/** A field of an item the PSP sent, when it is text (items are not trusted to follow the schema). */
const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Records the PIX payments a store's PSP reported (webhook or reconciliation), each once by its endToEndId, in any
 * order. A payment of at least the instalment's amount pays it (a cobv paid after its due date may carry interest);
 * less, or a second payment of a paid instalment, is kept as 'unapplied' money for staff (decision 020), and less
 * also ends its charge (`charge_cancelled`, cause `pix-short:{endToEndId}`, decision 049) unless its instalment was
 * paid already (then it is money paid again, decision 078); a PIX after its agreement's cancellation is kept and ends
 * its charge too (`pix-cancelled:{endToEndId}`). A second
 * copy's PIX is that copy's payment (decision 025), unapplied when the copy or its instalment was paid already
 * (decisions 061, 071); one leaving a copy not paid ends the copy the same way, and is unapplied (decision 049). The
 * charge or copy is the store's, or of a store sharing its key at its PSP (decision 089). A PIX of neither (or
 * unreadable) is kept in unmatched_pix_payments, and the PSP is not asked to retry.
 */
export async function recordPixPayments(
  db: Db,
  storeId: number,
  payments: readonly PixReceived[],
  log: PaymentsLog,
): Promise<PixOutcome[]> {
  const outcomes: PixOutcome[] = [];
  for (const pix of payments) {
    const txid = textOf(pix.txid);
    const endToEndId = textOf(pix.endToEndId);
    // Of this store, or of a store sharing its PIX key at its PSP (whose webhook this path may be, decision 089).
    const owner = txid ? await storeOfNotifiedTxid(db, storeId, txid) : undefined;
    const charge = txid && owner ? await findStoreChargeByTxid(db, owner, txid) : undefined;
    const copy = txid && owner && !charge ? await findStoreSecondCopyByTxid(db, owner, txid) : undefined;
    const amountCents = centsFromPixApiAmount(String(pix.valor));
    const paidAt = new Date(textOf(pix.horario) ?? Number.NaN);
    const readable = amountCents !== null && !Number.isNaN(paidAt.getTime()) && endToEndId !== null;
    if (copy && readable) {
      const recorded = await recordSecondCopyPayment(db, {
        secondCopyId: copy.id,
        amountCents,
        occurredOn: brasiliaDateTime(paidAt).date,
        cause: pixCause(pix),
      });
      // Its cobv concluded short of the copy's value, the copy not paid and its instalment not paid by another copy:
      // the copy is ended, its money paid nothing, and the next request issues the next copy (decision 049). A copy
      // paid already is not ended: the PIX is money beyond it (decisions 061, 071). Asked again on a retry.
      const endedShort =
        !recorded.copyPaid &&
        recorded.unappliedCents === 0 &&
        (await recordSecondCopyCancelled(db, copy.id, `pix-short:${endToEndId}`));
      const outcome = !recorded.recorded
        ? 'duplicate'
        : endedShort || recorded.unappliedCents === amountCents
          ? 'unapplied'
          : 'paid';
      if (outcome === 'unapplied')
        log.warn({ storeId, txid, endToEndId }, 'PIX of a second copy kept as unapplied');
      outcomes.push(outcome);
      continue;
    }
    if (!charge || !readable) {
      log.warn({ storeId, txid, endToEndId }, 'PIX notification of no known charge');
      await recordUnmatchedPix(db, {
        storeId,
        endToEndId,
        txid,
        amountCents,
        paidAt: Number.isNaN(paidAt.getTime()) ? null : paidAt,
        reason: readable ? 'unknown_txid' : 'unreadable',
        item: { ...pix },
      });
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
    const outcome =
      amountCents >= charge.amountCents
        ? await receiveInstalmentPayment(db, { ...values, kind: 'paid' })
        : await receiveShortPix(db, values);
    if (outcome !== 'paid') await endChargeConcludedByKeptPix(db, charge.id, endToEndId);
    if (keptUnapplied(outcome)) log.warn({ storeId, txid, endToEndId }, 'PIX recorded as unapplied money');
    outcomes.push(outcome);
  }
  return outcomes;
}

/** A PIX short of its instalment's charge: its money kept unapplied with why (receiveShortInstalmentPayment). */
async function receiveShortPix(
  db: Db,
  values: Parameters<typeof receiveShortInstalmentPayment>[1],
): Promise<PaymentRecorded> {
  const { kept, reason } = await receiveShortInstalmentPayment(db, values);
  if (!kept) return 'duplicate';
  return reason === 'agreement_cancelled' ? 'agreement_cancelled' : 'unapplied';
}

/** The cause that ends a charge whose cobv a PIX kept unapplied concluded, by why it was kept. */
const CONCLUDED_CHARGE_CAUSES: Partial<Record<UnappliedMoneyReason, string>> = {
  underpaid: 'pix-short',
  agreement_cancelled: 'pix-cancelled',
};

/**
 * A cobv takes one payment: a PIX that paid nothing concluded it at the PSP all the same, and its code pays nothing
 * more. Paid short, the charge is ended so Meus Acordos offers the instalment's next issue for its whole value
 * (decisions 042, 049); paid after its agreement's cancellation, so neither reconciliation nor the cancellation of
 * open charges asks the PSP about it again. Not when its instalment was paid: nothing is offered any more, and the
 * charge was not what the money ended (decision 078). Read from what was recorded, so a retry ends it too.
 */
async function endChargeConcludedByKeptPix(db: Db, chargeId: number, endToEndId: string): Promise<void> {
  const reason = await unappliedReasonOfCharge(db, chargeId, `pix:${endToEndId}`);
  const cause = reason && CONCLUDED_CHARGE_CAUSES[reason];
  if (cause) await recordChargeCancelled(db, chargeId, `${cause}:${endToEndId}`);
}

import { documentDueDate, todayInBrasilia } from '@portal/domain';
import type { Db } from '../../db/client';
import type { PaymentProviders } from '../../integrations/payments/payment-provider';
import { type RefusedBoleto, refusedBoletos } from '../../repositories/cnab-repository';
import { issueInstalmentCharge } from '../agreements/issue-due-charges';
import { cancelCharge } from './cancel-charge';
import type { PaymentsLog } from './record-pix-payments';

/**
 * Why a retorno's line ended a boleto: a refusal or write-off (`retorno:<file>:<line>:<movement>`, decision 021), or a
 * liquidation for less than its value (`cnab-short:<file>:<line>`, decision 049).
 */
const endingCause = ({ fileId, line, movement, outcome }: RefusedBoleto['refusal']) =>
  outcome === 'underpaid' ? `cnab-short:${fileId}:${line}` : `retorno:${fileId}:${line}:${movement}`;

/**
 * Gives a new boleto to each agreement instalment whose latest boleto a bank's retorno refused (03 entrada
 * rejeitada) or wrote off (09 baixa), decision 021, or liquidated for less than its value (06, decision 049: the bank
 * takes a boleto once): first its PIX (the boleto híbrido's cobv) is removed at the PSP and the charge recorded
 * cancelled with the retorno line as the cause (endingCause), then the next issue of the instalment's boleto is
 * issued for the instalment's whole value (a new our-number and a new cobv), which the next remessa registers and
 * Meus Acordos shows. It falls due on the instalment's date, or today when that has passed (the bank registers no
 * boleto already due). A PIX found paid at the PSP is not replaced (reconciliation records the payment); a provider
 * that fails leaves the instalment for the next run. Run again, it finds nothing more to do: the new boleto is the
 * instalment's latest, and an issue taken twice is one charge.
 */
export async function reissueRefusedBoletos(
  db: Db,
  providers: PaymentProviders,
  now: Date,
  log: PaymentsLog,
): Promise<number> {
  const today = todayInBrasilia(now);
  let reissued = 0;
  for (const refused of await refusedBoletos(db)) {
    const { charge, instalment, refusal } = refused;
    try {
      if (!refused.cancelled) await cancelCharge(db, providers, charge, endingCause(refusal));
      await issueInstalmentCharge(db, providers, {
        store: refused.store,
        partnerName: refused.partnerName,
        payer: refused.payer,
        instalmentId: instalment.id,
        dueDate: documentDueDate(instalment.dueDate, today, true),
        amountCents: instalment.amountCents,
        kind: 'boleto',
        issue: charge.issue + 1,
      });
      reissued++;
    } catch (error) {
      log.warn({ err: error, chargeId: charge.id }, 'refused boleto not re-issued yet');
    }
  }
  return reissued;
}

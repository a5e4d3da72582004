import { staffCause } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { PaymentProviders } from '../../integrations/payments/payment-provider';
import { findAgreementInStaffScope } from '../../repositories/agreement-admin-repository';
import {
  changeAgreementStatus,
  hasUndecidedCardPayment,
  lockAgreement,
} from '../../repositories/lifecycle-repository';
import { withTransaction } from '../../repositories/transaction';
import type { JobLog } from '../../scheduler/scheduled-job';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { cancelOpenCharges } from './cancel-open-charges';

/**
 * Cancels an agreement in the back office (issue 18 item 3; decision 029), the way a broken agreement ends (decision
 * 022): under the agreement's row lock, the status event active→cancelled with cause `staff:{id}` and the reason,
 * which frees its contracts for the debts list, and the audit row, in one transaction; then the open PIX and boleto
 * charges are cancelled at their providers. Payment events stay as they are (nothing paid is lost). Cancelling a
 * cancelled agreement changes nothing (it only asks the providers again); a settled one is refused, and so is one
 * whose card payment the gateway has not decided (a charge made after the cancellation was never asked about again,
 * and would have paid an agreement whose debts were freed). Answers whether this call cancelled it.
 */
export async function cancelAgreement(
  deps: { db: Db; providers: PaymentProviders; log: JobLog },
  trail: AuditTrail,
  agreementId: number,
  reason: string,
): Promise<boolean> {
  const { db } = deps;
  if (!(await findAgreementInStaffScope(db, trail.staff.scope, agreementId)))
    throw new AppError('AGREEMENT_NOT_FOUND');
  const cause = staffCause(trail.staff.userId);
  const cancelled = await withTransaction(db, async (tx) => {
    const agreement = (await lockAgreement(tx, agreementId))!;
    if (agreement.status === 'cancelled') return false;
    if (agreement.status === 'settled') throw new AppError('AGREEMENT_SETTLED');
    // The card may have been charged: only the gateway's word (reconcile-card, its webhook) settles or ends it.
    if (await hasUndecidedCardPayment(tx, agreementId)) throw new AppError('AGREEMENT_CARD_PENDING');
    await changeAgreementStatus(tx, agreement, 'cancelled', cause, reason);
    await recordStaffAction(tx, trail, {
      entity: 'agreement',
      entityId: agreementId,
      action: 'cancel',
      before: { status: agreement.status },
      after: { status: 'cancelled', motivo: reason },
    });
    return true;
  });
  await cancelOpenCharges(db, deps.providers, deps.log, cause, agreementId);
  return cancelled;
}

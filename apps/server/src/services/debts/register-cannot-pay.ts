import { cannotPaySchema, DEBT_REQUEST_MESSAGES, formErrors } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { loadPartnerCustomization } from '../../repositories/partner-repository';
import { recordDebtorRequest } from './record-debtor-request';

/**
 * Cannot pay (spec 001 §4): one of the eleven reasons, stored for the partner's call-back queue; refused where the
 * partner switched the button off.
 */
export async function registerCannotPay(
  db: Db,
  scope: DebtScope,
  storeId: number,
  reason: string,
): Promise<string> {
  const custom = await loadPartnerCustomization(db, scope.partner);
  if (custom.myDebits?.flgDesativatBotaoNaoPossoPagar) throw new AppError('DEBT_REQUEST_UNAVAILABLE');
  const errors = formErrors(cannotPaySchema, { motivo: reason });
  if (Object.keys(errors).length > 0) throw new AppError('INVALID_INPUT', errors);
  await recordDebtorRequest(db, scope, storeId, { kind: 'cannot_pay', reason });
  return DEBT_REQUEST_MESSAGES.reasonReceived;
}

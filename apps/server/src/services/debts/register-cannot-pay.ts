import { cannotPaySchema, DEBT_REQUEST_MESSAGES, formErrors } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { recordDebtorRequest } from './record-debtor-request';

/** Cannot pay (spec 001 §4): one of the eleven reasons, stored for the partner's call-back queue. */
export async function registerCannotPay(
  db: Db,
  scope: DebtScope,
  storeId: number,
  reason: string,
): Promise<string> {
  const errors = formErrors(cannotPaySchema, { motivo: reason });
  if (Object.keys(errors).length > 0) throw new AppError('INVALID_INPUT', errors);
  await recordDebtorRequest(db, scope, storeId, { kind: 'cannot_pay', reason });
  return DEBT_REQUEST_MESSAGES.reasonReceived;
}

import { DEBT_REQUEST_MESSAGES } from '@portal/domain';
import type { Db } from '../../db/client';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { recordDebtorRequest } from './record-debtor-request';

/** 'Não reconhece essa dívida?' (spec 001 §2): the dispute is stored for the partner to answer. */
export async function registerDispute(db: Db, scope: DebtScope, storeId: number): Promise<string> {
  await recordDebtorRequest(db, scope, storeId, { kind: 'dispute' });
  return DEBT_REQUEST_MESSAGES.disputeReceived;
}

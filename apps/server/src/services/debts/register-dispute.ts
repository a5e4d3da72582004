import { DEBT_REQUEST_MESSAGES } from '@portal/domain';
import type { Db } from '../../db/client';
import { hasOpenDispute } from '../../repositories/debt-repository';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { withTransaction } from '../../repositories/transaction';
import { recordDebtorRequest } from './record-debtor-request';

/**
 * 'Não reconhece essa dívida?' (spec 001 §2): the dispute is stored for the partner to answer. Told again while the
 * first is not answered (another visit, a double tap), it adds nothing: staff would answer the same dispute twice.
 */
export async function registerDispute(db: Db, scope: DebtScope, storeId: number): Promise<string> {
  await withTransaction(db, async (tx) => {
    if (!(await hasOpenDispute(tx, scope, storeId)))
      await recordDebtorRequest(tx, scope, storeId, { kind: 'dispute' });
  });
  return DEBT_REQUEST_MESSAGES.disputeReceived;
}

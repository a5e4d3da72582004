import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { deleteFaqRow, lockFaqRow } from '../../repositories/faq-repository';
import { type StaffScope, seesPartner } from '../../repositories/staff-scope';
import { withTransaction } from '../../repositories/transaction';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { checkFaqWriter } from './faq-entry';

/**
 * deletarDuvida (spec 002 §7), staff only: 'Não foi possivel excluir esta dúvida' when there is no such entry, or it
 * is a partner's outside the caller's scope; the shared list's entries only an administrator deletes. The audit row
 * is written in the same transaction.
 */
export async function deleteFaq(db: Db, trail: AuditTrail, scope: StaffScope, codigo: number): Promise<void> {
  await withTransaction(db, async (tx) => {
    const before = await lockFaqRow(tx, codigo);
    if (!before || (before.partnerId !== null && !seesPartner(scope, before.partnerId)))
      throw new AppError('FAQ_DELETE_FAILED');
    await checkFaqWriter(tx, scope, before.partnerId);
    await deleteFaqRow(tx, codigo);
    await recordStaffAction(tx, trail, { entity: 'faq', entityId: codigo, action: 'delete', before });
  });
}

import type { StaffTemporaryPassword } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findStaffMember, resetStaffPasswordHash } from '../../repositories/staff-repository';
import { withTransaction } from '../../repositories/transaction';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { toStaffMemberItem } from './list-staff-members';
import { hashStaffPassword, newTemporaryPassword } from './staff-credentials';

/**
 * POST /api/equipe/{id}/senha (administrators): a temporary password, answered once, that the member must change
 * at the next login (PUT /api/editar_senha); their open sessions end. The audit row (never the password) is written
 * in the same transaction.
 */
export async function resetStaffPassword(
  db: Db,
  trail: AuditTrail,
  id: number,
): Promise<StaffTemporaryPassword> {
  const password = newTemporaryPassword();
  const passwordHash = await hashStaffPassword(password);
  return withTransaction(db, async (tx) => {
    if (!(await findStaffMember(tx, id))) throw new AppError('STAFF_MEMBER_NOT_FOUND');
    await resetStaffPasswordHash(tx, id, passwordHash);
    const member = await findStaffMember(tx, id);
    if (!member) throw new AppError('STAFF_MEMBER_NOT_FOUND');
    const usuario = toStaffMemberItem(member);
    await recordStaffAction(tx, trail, {
      entity: 'staff_user',
      entityId: id,
      action: 'reset-password',
      after: usuario,
    });
    return { usuario, senha_temporaria: password };
  });
}

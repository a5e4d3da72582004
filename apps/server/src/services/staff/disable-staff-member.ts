import type { StaffMemberItem } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { disableStaffUser, findStaffMember } from '../../repositories/staff-repository';
import { withTransaction } from '../../repositories/transaction';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { toStaffMemberItem } from './list-staff-members';
import { keepAnAdministrator } from './update-staff-access';

/**
 * POST /api/equipe/{id}/desativar (administrators): the member can no longer log in and every token of theirs is
 * revoked at once. The rows they wrote, and the audit trail, keep their name. The audit row is written in the same
 * transaction.
 */
export async function disableStaffMember(db: Db, trail: AuditTrail, id: number): Promise<StaffMemberItem> {
  return withTransaction(db, async (tx) => {
    const member = await findStaffMember(tx, id);
    if (!member) throw new AppError('STAFF_MEMBER_NOT_FOUND');
    await keepAnAdministrator(tx, member);
    if (!member.disabledAt) await disableStaffUser(tx, id);
    const updated = await findStaffMember(tx, id);
    if (!updated) throw new AppError('STAFF_MEMBER_NOT_FOUND');
    const after = toStaffMemberItem(updated);
    await recordStaffAction(tx, trail, {
      entity: 'staff_user',
      entityId: id,
      action: 'disable',
      before: toStaffMemberItem(member),
      after,
    });
    return after;
  });
}

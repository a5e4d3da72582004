import type { StaffMemberItem } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { disableStaffUser, findStaffMember } from '../../repositories/staff-repository';
import { withTransaction } from '../../repositories/transaction';
import { toStaffMemberItem } from './list-staff-members';
import { keepAnAdministrator } from './update-staff-access';

/**
 * POST /api/equipe/{id}/desativar (administrators): the member can no longer log in and every token of theirs is
 * revoked at once. The rows they wrote, and the audit trail, keep their name.
 */
export async function disableStaffMember(
  db: Db,
  id: number,
): Promise<{ before: StaffMemberItem; after: StaffMemberItem }> {
  return withTransaction(db, async (tx) => {
    const member = await findStaffMember(tx, id);
    if (!member) throw new AppError('STAFF_MEMBER_NOT_FOUND');
    await keepAnAdministrator(tx, member);
    if (!member.disabledAt) await disableStaffUser(tx, id);
    const updated = await findStaffMember(tx, id);
    if (!updated) throw new AppError('STAFF_MEMBER_NOT_FOUND');
    return { before: toStaffMemberItem(member), after: toStaffMemberItem(updated) };
  });
}

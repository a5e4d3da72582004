import type { StaffMemberItem } from '@portal/domain';
import type { Db } from '../../db/client';
import { disableStaffUser } from '../../repositories/staff-repository';
import type { AuditTrail } from '../audit/record-staff-action';
import { changeStaffMember } from './staff-member-change';
import { keepAnAdministrator } from './update-staff-access';

/**
 * POST /api/equipe/{id}/desativar (administrators): the member can no longer log in and every token of theirs is
 * revoked at once. The rows they wrote, and the audit trail, keep their name. The audit row is written in the same
 * transaction.
 */
export function disableStaffMember(db: Db, trail: AuditTrail, id: number): Promise<StaffMemberItem> {
  return changeStaffMember(db, trail, id, 'disable', async (tx, member) => {
    await keepAnAdministrator(tx, member);
    if (!member.disabledAt) await disableStaffUser(tx, id);
  });
}

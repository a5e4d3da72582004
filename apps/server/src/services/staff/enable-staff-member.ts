import type { StaffMemberItem } from '@portal/domain';
import type { Db } from '../../db/client';
import { enableStaffUser } from '../../repositories/staff-repository';
import type { AuditTrail } from '../audit/record-staff-action';
import { changeStaffMember } from './staff-member-change';

/**
 * POST /api/equipe/{id}/reativar (administrators): a disabled member may log in again, with their role, partners and
 * password as they were (an administrator who doubts the password resets it). Enabling an active member changes
 * nothing. The audit row is written in the same transaction.
 */
export function enableStaffMember(db: Db, trail: AuditTrail, id: number): Promise<StaffMemberItem> {
  return changeStaffMember(db, trail, id, 'enable', async (tx, member) => {
    if (member.disabledAt) await enableStaffUser(tx, id);
  });
}

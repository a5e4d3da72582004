import type { StaffMemberItem, StaffRoleName } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  existingPartnerIds,
  lockActiveAdministrators,
  type StaffMemberRow,
  setStaffAccess,
} from '../../repositories/staff-repository';
import type { AuditTrail } from '../audit/record-staff-action';
import { changeStaffMember } from './staff-member-change';

export interface StaffAccessChange {
  papel: StaffRoleName;
  parceiros: number[];
}

/** The partners kept for a role: an operator's, checked to exist; none for roles that see every partner. */
export async function partnersFor(db: Db, access: StaffAccessChange): Promise<number[]> {
  if (access.papel !== 'operator') return [];
  const wanted = [...new Set(access.parceiros)];
  const found = await existingPartnerIds(db, wanted);
  if (found.length !== wanted.length)
    throw new AppError('STAFF_PARTNER_NOT_FOUND', { parceiros: 'Parceiro não encontrado.' });
  return wanted;
}

/**
 * Refuses a change that takes the last active administrator away (a demotion or a disable): nobody could manage the
 * staff again from the back office. Run inside the change's transaction: the administrators stay locked until it ends.
 */
export async function keepAnAdministrator(db: Db, member: StaffMemberRow): Promise<void> {
  const administrators = await lockActiveAdministrators(db);
  if (administrators.length <= 1 && administrators.includes(member.id))
    throw new AppError('STAFF_LAST_ADMINISTRATOR');
}

/**
 * PUT /api/equipe/{id} (administrators): a member's role and partners; their next call already uses them. The audit
 * row is written in the same transaction.
 */
export async function updateStaffAccess(
  db: Db,
  trail: AuditTrail,
  id: number,
  access: StaffAccessChange,
): Promise<StaffMemberItem> {
  return changeStaffMember(db, trail, id, 'update', async (tx, member) => {
    if (access.papel !== 'administrator') await keepAnAdministrator(tx, member);
    await setStaffAccess(tx, id, { role: access.papel, partnerIds: await partnersFor(tx, access) });
  });
}

import type { AuditAction, StaffMemberItem } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findStaffMember, type StaffMemberRow } from '../../repositories/staff-repository';
import { withTransaction } from '../../repositories/transaction';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { toStaffMemberItem } from './list-staff-members';

/**
 * A change of one member (disable, enable), in one transaction with its audit row (`action`, the member before and
 * after); 'Usuário não encontrado' for an id that is no member.
 */
export async function changeStaffMember(
  db: Db,
  trail: AuditTrail,
  id: number,
  action: AuditAction,
  apply: (tx: Db, member: StaffMemberRow) => Promise<void>,
): Promise<StaffMemberItem> {
  return withTransaction(db, async (tx) => {
    const member = await findStaffMember(tx, id);
    if (!member) throw new AppError('STAFF_MEMBER_NOT_FOUND');
    await apply(tx, member);
    const updated = await findStaffMember(tx, id);
    if (!updated) throw new AppError('STAFF_MEMBER_NOT_FOUND');
    const after = toStaffMemberItem(updated);
    await recordStaffAction(tx, trail, {
      entity: 'staff_user',
      entityId: id,
      action,
      before: toStaffMemberItem(member),
      after,
    });
    return after;
  });
}

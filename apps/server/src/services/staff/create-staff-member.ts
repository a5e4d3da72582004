import type { StaffTemporaryPassword } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findStaffMember, setStaffAccess } from '../../repositories/staff-repository';
import { withTransaction } from '../../repositories/transaction';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { createStaffUser } from './create-staff-user';
import { toStaffMemberItem } from './list-staff-members';
import { newTemporaryPassword } from './staff-credentials';
import { partnersFor, type StaffAccessChange } from './update-staff-access';

/**
 * POST /api/equipe (administrators): a new member with a role and, for an operator, partners. Their password is a
 * temporary one, answered once and never stored in clear; they must change it at the first login. The audit row
 * (never the password) is written in the same transaction.
 */
export async function createStaffMember(
  db: Db,
  trail: AuditTrail,
  input: StaffAccessChange & { usuario: string },
): Promise<StaffTemporaryPassword> {
  const password = newTemporaryPassword();
  return withTransaction(db, async (tx) => {
    const partnerIds = await partnersFor(tx, input);
    const user = await createStaffUser(tx, {
      username: input.usuario,
      password,
      role: input.papel,
      mustChangePassword: true,
    });
    await setStaffAccess(tx, user.id, { role: input.papel, partnerIds });
    const member = await findStaffMember(tx, user.id);
    if (!member) throw new AppError('STAFF_MEMBER_NOT_FOUND');
    const usuario = toStaffMemberItem(member);
    await recordStaffAction(tx, trail, { entity: 'staff_user', entityId: user.id, after: usuario });
    return { usuario, senha_temporaria: password };
  });
}

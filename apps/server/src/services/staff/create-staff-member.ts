import type { StaffTemporaryPassword } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findStaffMember, setStaffAccess } from '../../repositories/staff-repository';
import { withTransaction } from '../../repositories/transaction';
import { createStaffUser } from './create-staff-user';
import { toStaffMemberItem } from './list-staff-members';
import { newTemporaryPassword } from './staff-credentials';
import { partnersFor, type StaffAccessChange } from './update-staff-access';

/**
 * POST /api/equipe (administrators): a new member with a role and, for an operator, partners. Their password is a
 * temporary one, answered once and never stored in clear; they must change it at the first login.
 */
export async function createStaffMember(
  db: Db,
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
    return { usuario: toStaffMemberItem(member), senha_temporaria: password };
  });
}

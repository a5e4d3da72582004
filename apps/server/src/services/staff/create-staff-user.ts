import { newPasswordProblem, STAFF_USERNAME_PATTERN } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findStaffUserByName, insertStaffUser } from '../../repositories/staff-repository';
import type { StaffRole } from '../../repositories/staff-scope';
import { hashStaffPassword, normalizeUsername } from './staff-credentials';

/**
 * `npm run staff -- create <user>`, the demo seed (administrators) and the back office's new members: a new staff
 * user with an argon2id hash of the password.
 */
export async function createStaffUser(
  db: Db,
  input: { username: string; password: string; role?: StaffRole; mustChangePassword?: boolean },
): Promise<{ id: number; username: string }> {
  const username = normalizeUsername(input.username);
  if (!STAFF_USERNAME_PATTERN.test(username)) throw new AppError('STAFF_USERNAME_INVALID');
  const problem = newPasswordProblem(input.password);
  if (problem)
    throw new AppError(problem === 'tooShort' ? 'STAFF_PASSWORD_TOO_SHORT' : 'STAFF_PASSWORD_TOO_LONG');
  if (await findStaffUserByName(db, username)) throw new AppError('STAFF_USERNAME_TAKEN');
  const passwordHash = await hashStaffPassword(input.password);
  const row = await insertStaffUser(db, {
    username,
    passwordHash,
    role: input.role,
    mustChangePassword: input.mustChangePassword,
  });
  // Another process created the same name between the check and the insert.
  if (!row) throw new AppError('STAFF_USERNAME_TAKEN');
  return row;
}

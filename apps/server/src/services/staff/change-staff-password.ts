import {
  PASSWORD_CHANGE_MESSAGES,
  type PasswordChangeInput,
  type PasswordChangeRule,
  validatePasswordChange,
} from '@portal/domain';
import { AppError, type AppErrorCode } from '../../errors';
import { hitLimit } from '../../integrations/rate-limiter';
import { changeStaffPasswordHash, findStaffPasswordHash } from '../../repositories/staff-repository';
import { withTransaction } from '../../repositories/transaction';
import type { StaffIdentity } from './authenticate-staff';
import type { StaffAuthDeps } from './log-in-staff';
import { hashStaffPassword, verifyStaffPassword } from './staff-credentials';

const RULE_ERRORS: Record<PasswordChangeRule, AppErrorCode> = {
  oldRequired: 'STAFF_OLD_PASSWORD_REQUIRED',
  newRequired: 'STAFF_NEW_PASSWORD_REQUIRED',
  confirmationRequired: 'STAFF_CONFIRMATION_REQUIRED',
  tooShort: 'STAFF_PASSWORD_TOO_SHORT',
  tooLong: 'STAFF_PASSWORD_TOO_LONG',
  unchanged: 'STAFF_PASSWORD_UNCHANGED',
  mismatch: 'STAFF_PASSWORD_MISMATCH',
};

/**
 * PUT /api/editar_senha (spec 002 §3, §5, §8): the rules in the form's order, then the current password (tries
 * counted per user like logins). The user's other tokens are revoked: a password change ends other sessions.
 */
export async function changeStaffPassword(
  deps: StaffAuthDeps,
  staff: StaffIdentity,
  input: PasswordChangeInput,
): Promise<void> {
  const failure = validatePasswordChange(input);
  if (failure) throw new AppError(RULE_ERRORS[failure.rule], { [failure.field]: failure.message });
  const windowMs = deps.env.LIMIT_WINDOW_MINUTES * 60_000;
  if (
    !(await hitLimit(
      deps.limiter,
      `staff-password:user:${staff.userId}`,
      deps.env.LIMIT_STAFF_LOGIN_PER_USER,
      windowMs,
    ))
  )
    throw new AppError('RATE_LIMITED');
  const currentHash = await findStaffPasswordHash(deps.db, staff.userId);
  if (!(await verifyStaffPassword(currentHash, input.old_password)))
    throw new AppError('STAFF_WRONG_PASSWORD', { old_password: PASSWORD_CHANGE_MESSAGES.wrongCurrent });

  const passwordHash = await hashStaffPassword(input.password);
  await withTransaction(deps.db, (tx) =>
    changeStaffPasswordHash(tx, { userId: staff.userId, keptTokenHash: staff.tokenHash }, passwordHash),
  );
}

import {
  firstIssue,
  PASSWORD_CHANGE_MESSAGES,
  type PasswordChangeInput,
  passwordChangeSchema,
} from '@portal/domain';
import { AppError, ruleError } from '../../errors';
import { hitLimit } from '../../integrations/rate-limiter';
import { changeStaffPasswordHash, findStaffPasswordHash } from '../../repositories/staff-repository';
import { withTransaction } from '../../repositories/transaction';
import type { StaffIdentity } from './authenticate-staff';
import type { StaffAuthDeps } from './log-in-staff';
import { hashStaffPassword, verifyStaffPassword } from './staff-credentials';

const RULE_ERRORS = [
  'STAFF_OLD_PASSWORD_REQUIRED',
  'STAFF_NEW_PASSWORD_REQUIRED',
  'STAFF_CONFIRMATION_REQUIRED',
  'STAFF_PASSWORD_TOO_SHORT',
  'STAFF_PASSWORD_TOO_LONG',
  'STAFF_PASSWORD_UNCHANGED',
  'STAFF_PASSWORD_MISMATCH',
] as const;

/**
 * PUT /api/editar_senha (spec 002 §3, §5, §8): the rules in the form's order, then the current password (tries
 * counted per user like logins). The user's other tokens are revoked: a password change ends other sessions.
 */
export async function changeStaffPassword(
  deps: StaffAuthDeps,
  staff: StaffIdentity,
  input: PasswordChangeInput,
): Promise<void> {
  const checked = firstIssue(passwordChangeSchema, input);
  if (!checked.ok) throw ruleError(RULE_ERRORS, checked);
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

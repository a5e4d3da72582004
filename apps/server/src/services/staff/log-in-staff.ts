import { clientKey, LOGIN_TEXTS } from '@portal/domain';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { hitLimit, type RateLimiter } from '../../integrations/rate-limiter';
import { newSecretToken } from '../../plugins/debtor-session';
import { findStaffUserByName, insertStaffToken } from '../../repositories/staff-repository';
import { robotCheckPastLimit } from '../identification/verify-robot-check';
import { normalizeUsername, verifyStaffPassword } from './staff-credentials';

export interface StaffAuthDeps {
  db: Db;
  limiter: RateLimiter;
  env: Env;
  /** Signs and checks the ALTCHA robot check a user name must pass after repeated failures. */
  altchaSecret: string;
}

export interface StaffLogin {
  access_token: string;
  token_type: 'Bearer';
  expires_at: string;
  userId: number;
  username: string;
  /** The password was set by an administrator: the back office asks for a new one before anything else. */
  must_change_password: boolean;
}

/**
 * POST /api/login (spec 002 §7): a new access token for a user name and password. Every failure is the same
 * 'Usuário ou senha inválido'. Attempts are counted per client (its IPv4 address or IPv6 /64); per user name only
 * failures stay counted, a success clears them, and past LIMIT_STAFF_LOGIN_PER_USER failures the login asks for the
 * robot check instead of refusing, so nobody can lock a colleague out by typing wrong passwords (GUIDE
 * anti-automation).
 */
export async function logInStaff(
  deps: StaffAuthDeps,
  ip: string,
  input: { username?: string | undefined; password?: string | undefined; captcha?: string | undefined },
): Promise<StaffLogin> {
  const windowMs = deps.env.LIMIT_WINDOW_MINUTES * 60_000;
  const clientLimitKey = `staff-login:ip:${clientKey(ip)}`;
  if (!(await hitLimit(deps.limiter, clientLimitKey, deps.env.LIMIT_STAFF_LOGIN_PER_IP, windowMs)))
    throw new AppError('RATE_LIMITED');
  const username = normalizeUsername(input.username ?? '');
  const password = input.password ?? '';
  if (!username || !password) throw new AppError('STAFF_LOGIN_FAILED');
  // The attempt is counted as a failure before its password is weighed, in one step of the store, and the count is
  // cleared only by a success: guesses sent at once each see the ones before them, so no more than
  // LIMIT_STAFF_LOGIN_PER_USER of them pass without the robot check (decision 096).
  const failuresKey = `staff-login:failures:${username}`;
  if (!(await robotCheckPastLimit(deps, failuresKey, deps.env.LIMIT_STAFF_LOGIN_PER_USER, input.captcha)))
    throw new AppError('STAFF_ROBOT_CHECK_REQUIRED', { captcha: LOGIN_TEXTS.robotCheckRequired });

  const user = await findStaffUserByName(deps.db, username);
  // A disabled user's right password fails like a wrong one (nothing tells the account apart).
  if (!(await verifyStaffPassword(user?.passwordHash, password)) || !user || user.disabledAt)
    throw new AppError('STAFF_LOGIN_FAILED');
  await deps.limiter.reset(failuresKey);

  const { token, tokenHash } = newSecretToken();
  const expiresAt = new Date(Date.now() + deps.env.STAFF_TOKEN_HOURS * 3_600_000);
  await insertStaffToken(deps.db, { tokenHash, staffUserId: user.id, expiresAt });
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_at: expiresAt.toISOString(),
    userId: user.id,
    username: user.username,
    must_change_password: user.mustChangePassword,
  };
}

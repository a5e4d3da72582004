import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffTokens, staffUsers } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import type { RateLimiter } from '../../integrations/rate-limiter';
import { newAccessToken, normalizeUsername, verifyStaffPassword } from './staff-credentials';

export interface StaffAuthDeps {
  db: Db;
  limiter: RateLimiter;
  env: Env;
}

export interface StaffLogin {
  access_token: string;
  token_type: 'Bearer';
  expires_at: string;
  userId: number;
  username: string;
}

/**
 * POST /api/login (spec 002 §7): a new access token for a user name and password. Every failure is the same
 * 'Usuário ou senha inválido'; attempts are counted per client address and per user name (GUIDE anti-automation).
 */
export async function logInStaff(
  deps: StaffAuthDeps,
  ip: string,
  input: { username?: string | undefined; password?: string | undefined },
): Promise<StaffLogin> {
  const windowMs = deps.env.LIMIT_WINDOW_MINUTES * 60_000;
  if (!(await deps.limiter.hit(`staff-login:ip:${ip}`, deps.env.LIMIT_STAFF_LOGIN_PER_IP, windowMs)))
    throw new AppError('RATE_LIMITED');
  const username = normalizeUsername(input.username ?? '');
  const password = input.password ?? '';
  if (!username || !password) throw new AppError('STAFF_LOGIN_FAILED');
  if (
    !(await deps.limiter.hit(`staff-login:user:${username}`, deps.env.LIMIT_STAFF_LOGIN_PER_USER, windowMs))
  )
    throw new AppError('RATE_LIMITED');

  const [user] = await deps.db
    .select({ id: staffUsers.id, username: staffUsers.username, passwordHash: staffUsers.passwordHash })
    .from(staffUsers)
    .where(eq(staffUsers.username, username));
  if (!(await verifyStaffPassword(user?.passwordHash, password)) || !user)
    throw new AppError('STAFF_LOGIN_FAILED');

  const { token, tokenHash } = newAccessToken();
  const expiresAt = new Date(Date.now() + deps.env.STAFF_TOKEN_HOURS * 3_600_000);
  await deps.db.insert(staffTokens).values({ tokenHash, staffUserId: user.id, expiresAt });
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_at: expiresAt.toISOString(),
    userId: user.id,
    username: user.username,
  };
}

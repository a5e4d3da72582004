import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { hitLimit, type RateLimiter } from '../../integrations/rate-limiter';
import type { DebtorSessions } from '../../plugins/debtor-session';

/** What the identification use cases share: the database, the counters and the configured limits. */
export interface IdentificationDeps {
  db: Db;
  limiter: RateLimiter;
  env: Env;
}

/** The parts of the HTTP exchange a use case may touch: the client address and the session cookie. */
export interface RequestContext {
  ip: string;
  reply: FastifyReply;
  sessions: DebtorSessions;
}

/** Counts one attempt on each key; over any limit the request is refused with 429 (GUIDE anti-automation). */
export async function enforceLimits(
  deps: IdentificationDeps,
  limits: { key: string; max: number }[],
  error: 'RATE_LIMITED' | 'TOO_MANY_SMS' = 'RATE_LIMITED',
): Promise<void> {
  const windowMs = deps.env.LIMIT_WINDOW_MINUTES * 60_000;
  for (const { key, max } of limits) {
    if (!(await hitLimit(deps.limiter, key, max, windowMs))) throw new AppError(error);
  }
}

/** Field errors in the envelope's `dados`, HTTP 400 (GUIDE wire contract). */
export function invalid(fields: Record<string, string>): AppError {
  return new AppError('INVALID_INPUT', fields);
}

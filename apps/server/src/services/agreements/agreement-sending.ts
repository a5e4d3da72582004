import { isValidEmail, todayInBrasilia } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { hitLimit, type RateLimiter } from '../../integrations/rate-limiter';
import type { DebtScope } from '../../repositories/debt-snapshot';

// What the sending use cases of Meus Acordos share (boletos by e-mail or SMS, the confession term by e-mail): the
// person's own address, never one from the request (GUIDE "no open relay"), and a daily cap per person.

export interface SendingDeps {
  db: Db;
  limiter: RateLimiter;
  /** Sends a person may make per channel and day (LIMIT_AGREEMENT_SENDS_PER_DAY). */
  sendsPerDay: number;
}

/** The e-mail on file of the session person; none (or one that is no address) is the spec's refusal. */
export function emailOnFile(scope: DebtScope): string {
  const email = scope.person.email?.trim() ?? '';
  if (!isValidEmail(email)) throw new AppError('NO_EMAIL_ON_FILE');
  return email;
}

const DAY_MS = 86_400_000;

/**
 * Counts one send of the person on a channel today (Brasília); past the cap it is refused. The day is in the key,
 * so the count starts again at midnight in Brasília, whenever the first send of the day was.
 */
export async function countDailySend(
  deps: SendingDeps,
  scope: DebtScope,
  channel: 'email' | 'sms',
): Promise<void> {
  const key = `agreement-sends:${channel}:${scope.personId}:${todayInBrasilia()}`;
  if (!(await hitLimit(deps.limiter, key, deps.sendsPerDay, DAY_MS))) throw new AppError('TOO_MANY_SENDS');
}

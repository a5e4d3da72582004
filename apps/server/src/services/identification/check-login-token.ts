import { AppError } from '../../errors';
import type { DebtorSession, DebtorSessions } from '../../plugins/debtor-session';
import { answerSmsToken } from '../../repositories/identification-repository';
import type { PartnerRow } from '../../repositories/partner-repository';
import type { IdentificationDeps } from './identification-deps';
import { type IdentifiedAnswer, openSessionAnswer } from './identified-answer';
import { hashLoginToken } from './send-login-token';

/**
 * Checks the SMS token of a pending session (spec 000 §4, step 14). The live token is single use, expires after
 * 10 minutes and dies after TOKEN_MAX_ATTEMPTS wrong tries; a right token opens the session.
 */
export async function checkLoginToken(
  deps: IdentificationDeps,
  sessions: DebtorSessions,
  partner: PartnerRow,
  session: DebtorSession,
  token: string,
): Promise<IdentifiedAnswer> {
  const answer = await answerSmsToken(deps.db, {
    sessionHash: session.tokenHash,
    tokenHash: hashLoginToken(session.tokenHash, token),
    maxAttempts: deps.env.TOKEN_MAX_ATTEMPTS,
  });
  if (answer !== 'right') throw new AppError('INVALID_TOKEN');
  await sessions.open(session);
  return openSessionAnswer(deps.db, partner, session.person);
}

import { AppError } from '../../errors';
import type { DebtorSession, DebtorSessions } from '../../plugins/debtor-session';
import {
  consumeSmsToken,
  countFailedSmsToken,
  findLiveSmsToken,
} from '../../repositories/identification-repository';
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
  const live = await findLiveSmsToken(deps.db, session.tokenHash, deps.env.TOKEN_MAX_ATTEMPTS);
  if (!live) throw new AppError('INVALID_TOKEN');
  if (live.tokenHash !== hashLoginToken(session.tokenHash, token)) {
    await countFailedSmsToken(deps.db, live.id);
    throw new AppError('INVALID_TOKEN');
  }
  // Consume only if still unconsumed, so two simultaneous right answers open the session once.
  if (!(await consumeSmsToken(deps.db, live.id))) throw new AppError('INVALID_TOKEN');
  await sessions.open(session);
  return openSessionAnswer(deps.db, partner, session.person);
}

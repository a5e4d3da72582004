import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { smsTokens } from '../../db/schema';
import { AppError } from '../../errors';
import type { DebtorSession, DebtorSessions } from '../../plugins/debtor-session';
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
  const [live] = await deps.db
    .select()
    .from(smsTokens)
    .where(
      and(
        eq(smsTokens.sessionHash, session.tokenHash),
        isNull(smsTokens.consumedAt),
        gt(smsTokens.expiresAt, new Date()),
        sql`${smsTokens.failedAttempts} < ${deps.env.TOKEN_MAX_ATTEMPTS}`,
      ),
    )
    .orderBy(desc(smsTokens.id))
    .limit(1);
  if (!live) throw new AppError('INVALID_TOKEN');
  if (live.tokenHash !== hashLoginToken(session.tokenHash, token)) {
    await deps.db
      .update(smsTokens)
      .set({ failedAttempts: sql`${smsTokens.failedAttempts} + 1` })
      .where(eq(smsTokens.id, live.id));
    throw new AppError('INVALID_TOKEN');
  }
  // Consume only if still unconsumed, so two simultaneous right answers open the session once.
  const consumed = await deps.db
    .update(smsTokens)
    .set({ consumedAt: new Date() })
    .where(and(eq(smsTokens.id, live.id), isNull(smsTokens.consumedAt)))
    .returning({ id: smsTokens.id });
  if (consumed.length === 0) throw new AppError('INVALID_TOKEN');
  await sessions.open(session);
  return openSessionAnswer(deps.db, partner, session.person);
}

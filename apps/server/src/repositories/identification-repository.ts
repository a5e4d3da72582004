import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { captchaUses, persons, phoneChangeLinks, smsTokens } from '../db/schema';

// What identification stores besides the session and the person: SMS login tokens (bound to one session),
// phone-change links (bound to one partner and person) and used robot-check answers.

export type SmsTokenRow = typeof smsTokens.$inferSelect;

/**
 * Weighs one answer against the session's newest live token (unconsumed, unexpired, fewer than `maxAttempts` wrong
 * tries) in one statement: the right answer consumes it, a wrong one counts against it. The row lock makes answers
 * sent at once take turns, each seeing the count and the consumption of the ones before it, so no more than
 * `maxAttempts` wrong answers are ever weighed and a right one opens at most once. 'none' when there was no live token.
 */
export async function answerSmsToken(
  db: Db,
  answer: { sessionHash: string; tokenHash: string; maxAttempts: number },
): Promise<'right' | 'wrong' | 'none'> {
  const now = new Date();
  const live = and(
    isNull(smsTokens.consumedAt),
    gt(smsTokens.expiresAt, now),
    lt(smsTokens.failedAttempts, answer.maxAttempts),
  );
  const newest = db
    .select({ id: smsTokens.id })
    .from(smsTokens)
    .where(and(eq(smsTokens.sessionHash, answer.sessionHash), live))
    .orderBy(desc(smsTokens.id))
    .limit(1);
  const right = sql`${smsTokens.tokenHash} = ${answer.tokenHash}`;
  const [weighed] = await db
    .update(smsTokens)
    .set({
      failedAttempts: sql`${smsTokens.failedAttempts} + case when ${right} then 0 else 1 end`,
      consumedAt: sql`case when ${right} then ${now}::timestamptz else null end`,
    })
    .where(and(sql`${smsTokens.id} = (${newest})`, live))
    .returning({ right: sql<boolean>`${smsTokens.consumedAt} is not null` });
  if (!weighed) return 'none';
  return weighed.right ? 'right' : 'wrong';
}

/** The session's new token; the ones sent before it are consumed. */
export async function replaceSmsToken(
  db: Db,
  token: { sessionHash: string; tokenHash: string; phone: string; expiresAt: Date },
): Promise<void> {
  await db
    .update(smsTokens)
    .set({ consumedAt: new Date() })
    .where(and(eq(smsTokens.sessionHash, token.sessionHash), isNull(smsTokens.consumedAt)));
  await db.insert(smsTokens).values(token);
}

export async function insertPhoneChangeLink(
  db: Db,
  link: { tokenHash: string; partnerId: number; personId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(phoneChangeLinks).values(link);
}

/**
 * Consumes the live phone-change link of this partner (unconsumed, unexpired) and gives its person the new phone;
 * false when there is no such link. Run in a transaction: the link is used exactly when the phone changes.
 */
export async function changePhoneByLink(
  db: Db,
  link: { tokenHash: string; partnerId: number },
  phone: string,
): Promise<boolean> {
  const [consumed] = await db
    .update(phoneChangeLinks)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(phoneChangeLinks.tokenHash, link.tokenHash),
        eq(phoneChangeLinks.partnerId, link.partnerId),
        isNull(phoneChangeLinks.consumedAt),
        gt(phoneChangeLinks.expiresAt, new Date()),
      ),
    )
    .returning({ personId: phoneChangeLinks.personId });
  if (!consumed) return false;
  await db.update(persons).set({ phone, updatedAt: new Date() }).where(eq(persons.id, consumed.personId));
  return true;
}

/** Forgets used robot-check answers whose challenge expired before `now`: they can no longer be replayed. */
export async function forgetExpiredCaptchaUses(db: Db, now: Date): Promise<void> {
  await db.delete(captchaUses).where(lt(captchaUses.expiresAt, now));
}

/** Records a solved challenge as used; false when it was used before. */
export async function useCaptchaChallenge(
  db: Db,
  challenge: { challengeId: string; expiresAt: Date },
): Promise<boolean> {
  const [fresh] = await db
    .insert(captchaUses)
    .values(challenge)
    .onConflictDoNothing()
    .returning({ id: captchaUses.challengeId });
  return fresh !== undefined;
}

import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { captchaUses, persons, phoneChangeLinks, smsTokens } from '../db/schema';

// What identification stores besides the session and the person: SMS login tokens (bound to one session),
// phone-change links (bound to one partner and person) and used robot-check answers.

export type SmsTokenRow = typeof smsTokens.$inferSelect;

/** The newest live token of the session: unconsumed, unexpired, with fewer than `maxAttempts` wrong tries. */
export async function findLiveSmsToken(
  db: Db,
  sessionHash: string,
  maxAttempts: number,
): Promise<SmsTokenRow | undefined> {
  const [live] = await db
    .select()
    .from(smsTokens)
    .where(
      and(
        eq(smsTokens.sessionHash, sessionHash),
        isNull(smsTokens.consumedAt),
        gt(smsTokens.expiresAt, new Date()),
        sql`${smsTokens.failedAttempts} < ${maxAttempts}`,
      ),
    )
    .orderBy(desc(smsTokens.id))
    .limit(1);
  return live;
}

export async function countFailedSmsToken(db: Db, id: number): Promise<void> {
  await db
    .update(smsTokens)
    .set({ failedAttempts: sql`${smsTokens.failedAttempts} + 1` })
    .where(eq(smsTokens.id, id));
}

/** Consumes the token if still unconsumed; false when another request consumed it first. */
export async function consumeSmsToken(db: Db, id: number): Promise<boolean> {
  const consumed = await db
    .update(smsTokens)
    .set({ consumedAt: new Date() })
    .where(and(eq(smsTokens.id, id), isNull(smsTokens.consumedAt)))
    .returning({ id: smsTokens.id });
  return consumed.length > 0;
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
